package search

import (
	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
)

// The network (package nnue) is arithmetic on features; what ties it to the
// board is here, above both evaluations: its mobility inputs are the counts
// the hand-written mobility term makes (eval.MobilityAreas, eval.PieceAttacks,
// from the direct-lookup tables), so both read the same attacks, while eval
// and nnue each import only movegen.

// NetworkEvaluate returns net's evaluation of p in centipawns from the side
// to move's view, given acc, p's accumulator (kept up to date by the search,
// or nnue.Accumulator.Refresh). The mobility features are counted here, at
// evaluation time, since every move changes them. Like eval.Evaluate it stays
// below the tablebase band and allocates nothing.
func NetworkEvaluate(net *nnue.Network, p *movegen.Position, acc *nnue.Accumulator) eval.Score {
	var mob nnue.Mobility
	if net.Mobility() {
		NetworkMobility(p, &mob)
	}
	return eval.ClampEval(eval.Score(net.Evaluate(acc, p.SideToMove(), &mob, p.Occupied().Count())))
}

// NetworkMobility fills m with p's mobility features for the network: one
// per knight, bishop, rook and queen, its count of attacked squares in its
// mobility area (the counts the hand-written mobility term reads).
func NetworkMobility(p *movegen.Position, m *nnue.Mobility) {
	area := eval.MobilityAreas(p)
	o := p.Occupancy()
	m.N = 0
	for c := movegen.White; c <= movegen.Black; c++ {
		for t := movegen.Knight; t <= movegen.Queen; t++ {
			for b := p.Pieces(c, t); b != 0; b &= b - 1 {
				m.Add(c, t, (eval.PieceAttacks(o, t, b.First()) & area[c]).Count())
			}
		}
	}
}
