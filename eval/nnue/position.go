package nnue

import (
	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

// What ties the network to the board. Its mobility inputs are the counts
// the hand-written mobility term makes (eval.MobilityAreas, and movegen's
// direct-lookup tables as eval.PieceAttacks reads them), so both
// evaluations read the same attacks; the search evaluates through
// EvaluatePosition, and the trainer counts the inputs it learns from with
// CountMobility, so the engine and the trainer cannot disagree on what an
// input means.

// EvaluatePosition returns n's evaluation of p in centipawns from the side
// to move's view, given acc, p's accumulator (kept up to date by the
// search, or Accumulator.Refresh). The mobility features are counted here,
// at evaluation time, since every move changes them. Like eval.Evaluate it
// stays below the tablebase band and allocates nothing.
//
// A net with a mobility table sums its entries as it counts
// (mobilityTableSum), with no list of features between.
func (n *Network) EvaluatePosition(p *movegen.Position, acc *Accumulator) eval.Score {
	var mob Mobility
	stm, pieces := p.SideToMove(), p.Occupied().Count()
	switch {
	case n.table:
		b := OutputBucket(pieces, n.buckets)
		return eval.ClampEval(eval.Score(n.evaluate(acc, stm, &mob, b, mobilityTableSum(p, &n.mobilityTable[b], stm))))
	case n.mobility:
		CountMobility(p, &mob)
	}
	return eval.ClampEval(eval.Score(n.Evaluate(acc, stm, &mob, pieces)))
}

// mobilityTableSum returns the sum of row's entries over p's mobility
// features in stm's view: what Evaluate sums from CountMobility's list,
// counted the same way, one block of row for the side to move's pieces and
// one for the other's. (CountMobility ignores pieces past
// MaxMobilityPieces, which no legal board has; this sums them all.)
func mobilityTableSum(p *movegen.Position, row *[MobilityInputs]int32, stm movegen.Color) int64 {
	area := eval.MobilityAreas(p)
	o := p.Occupancy()
	var sum int32
	for c := movegen.White; c <= movegen.Black; c++ {
		a := area[c]
		side := (*[mobilitySide]int32)(row[int(c^stm)*mobilitySide:])
		for b := p.Pieces(c, movegen.Knight); b != 0; b &= b - 1 {
			sum += side[knightOffset+min((movegen.KnightAttacks(b.First())&a).Count(), knightCap)]
		}
		for b := p.Pieces(c, movegen.Bishop); b != 0; b &= b - 1 {
			sum += side[bishopOffset+min((o.BishopAttacks(b.First())&a).Count(), bishopCap)]
		}
		for b := p.Pieces(c, movegen.Rook); b != 0; b &= b - 1 {
			sum += side[rookOffset+min((o.RookAttacks(b.First())&a).Count(), rookCap)]
		}
		for b := p.Pieces(c, movegen.Queen); b != 0; b &= b - 1 {
			s := b.First()
			sum += side[queenOffset+min(((o.RookAttacks(s)|o.BishopAttacks(s))&a).Count(), queenCap)]
		}
	}
	return int64(sum)
}

// CountMobility fills m with p's mobility features: one per knight, bishop,
// rook and queen, its count of attacked squares in its mobility area (the
// counts the hand-written mobility term reads from eval.PieceAttacks, here
// from the same movegen lookups a type at a time: PieceAttacks cannot be
// inlined, and its call and switch per piece, with Add's table lookups,
// were about 30% of this function's instructions).
func CountMobility(p *movegen.Position, m *Mobility) {
	area := eval.MobilityAreas(p)
	o := p.Occupancy()
	m.N = 0
	for c := movegen.White; c <= movegen.Black; c++ {
		a, side := area[c], int(c&1)*mobilitySide
		for b := p.Pieces(c, movegen.Knight); b != 0; b &= b - 1 {
			m.push(side + knightOffset + min((movegen.KnightAttacks(b.First())&a).Count(), knightCap))
		}
		for b := p.Pieces(c, movegen.Bishop); b != 0; b &= b - 1 {
			m.push(side + bishopOffset + min((o.BishopAttacks(b.First())&a).Count(), bishopCap))
		}
		for b := p.Pieces(c, movegen.Rook); b != 0; b &= b - 1 {
			m.push(side + rookOffset + min((o.RookAttacks(b.First())&a).Count(), rookCap))
		}
		for b := p.Pieces(c, movegen.Queen); b != 0; b &= b - 1 {
			s := b.First()
			m.push(side + queenOffset + min(((o.RookAttacks(s)|o.BishopAttacks(s))&a).Count(), queenCap))
		}
	}
}
