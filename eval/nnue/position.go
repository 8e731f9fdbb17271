package nnue

import (
	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

// EvaluatePosition returns net's evaluation of p in centipawns from the side to
// move's view, given acc, p's accumulator (kept up to date by the search,
// or Accumulator.Refresh). The mobility features are counted here, at
// evaluation time, as the hand-written mobility term counts them. Like
// eval.Evaluate it stays below the tablebase band and allocates nothing.
func EvaluatePosition(net *Network, p *movegen.Position, acc *Accumulator) eval.Score {
	var mob Mobility
	if net.Mobility() {
		MobilityFeatures(p, &mob)
	}
	return eval.ClampEval(eval.Score(net.Evaluate(acc, p.SideToMove(), &mob)))
}

// MobilityFeatures fills m with p's mobility features for the network: one
// per knight, bishop, rook and queen, its count of attacked squares in its
// mobility area (the counts the hand-written mobility term reads).
func MobilityFeatures(p *movegen.Position, m *Mobility) {
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
