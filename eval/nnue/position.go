package nnue

import (
	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

// What ties the network to the board. Its mobility inputs are the counts
// the hand-written mobility term makes (eval.MobilityAreas,
// eval.PieceAttacks, from movegen's direct-lookup tables), so both
// evaluations read the same attacks; the search evaluates through
// EvaluatePosition, and the trainer counts the inputs it learns from with
// CountMobility, so the engine and the trainer cannot disagree on what an
// input means.

// EvaluatePosition returns n's evaluation of p in centipawns from the side
// to move's view, given acc, p's accumulator (kept up to date by the
// search, or Accumulator.Refresh). The mobility features are counted here,
// at evaluation time, since every move changes them. Like eval.Evaluate it
// stays below the tablebase band and allocates nothing.
func (n *Network) EvaluatePosition(p *movegen.Position, acc *Accumulator) eval.Score {
	var mob Mobility
	if n.Mobility() {
		CountMobility(p, &mob)
	}
	return eval.ClampEval(eval.Score(n.Evaluate(acc, p.SideToMove(), &mob, p.Occupied().Count())))
}

// CountMobility fills m with p's mobility features: one per knight, bishop,
// rook and queen, its count of attacked squares in its mobility area (the
// counts the hand-written mobility term reads).
func CountMobility(p *movegen.Position, m *Mobility) {
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
