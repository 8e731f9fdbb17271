package search

import (
	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

// seeGE reports whether the static exchange evaluation of m on p is at least
// threshold: whether, with both sides recapturing on m's target square with
// their least valuable attacker for as long as it pays, the side to move ends
// up at least threshold centipawns ahead. X-ray attackers behind a piece join
// in as it leaves (the slider attacks are recomputed from the direct-lookup
// tables with the smaller occupancy). Pins are ignored.
func seeGE(p *movegen.Position, m movegen.Move, threshold eval.Score) bool {
	// Castling moves no material and cannot be recaptured.
	if m.Kind() == movegen.Castling {
		return threshold <= 0
	}
	from, to := m.From(), m.To()
	us := p.SideToMove()

	var gain eval.Score
	switch m.Kind() {
	case movegen.EnPassant:
		gain = seeValue[movegen.Pawn]
	default:
		gain = seeValue[p.PieceOn(to).Type()]
	}
	moving := p.PieceOn(from).Type()
	if m.Kind() == movegen.Promotion {
		gain += seeValue[m.Promotion()] - seeValue[movegen.Pawn]
		moving = m.Promotion()
	}

	// swap is what the side that just captured stands to lose if its piece
	// on the target square is taken; res is 1 while we (the side to move)
	// are at or above the threshold.
	swap := gain - threshold
	if swap < 0 {
		return false
	}
	swap = seeValue[moving] - swap
	if swap <= 0 {
		return true // even losing the moving piece keeps us above threshold
	}

	occ := p.Occupied() ^ from.Bitboard() ^ to.Bitboard()
	if m.Kind() == movegen.EnPassant {
		occ ^= (to ^ 8).Bitboard()
	}
	bishops := p.TypeBB(movegen.Bishop) | p.TypeBB(movegen.Queen)
	rooks := p.TypeBB(movegen.Rook) | p.TypeBB(movegen.Queen)
	attackers := p.AttackersTo(to, occ)
	res := eval.Score(1)
	side := us
	for {
		side = side.Other()
		attackers &= occ
		mine := attackers & p.ColorBB(side)
		if mine == 0 {
			break
		}
		res ^= 1
		// The least valuable attacker recaptures.
		pt := movegen.Pawn
		for ; pt < movegen.King; pt++ {
			if mine&p.TypeBB(pt) != 0 {
				break
			}
		}
		if pt == movegen.King {
			// The king may take only when nothing defends the square.
			if attackers&p.ColorBB(side.Other()) != 0 {
				res ^= 1
			}
			break
		}
		swap = seeValue[pt] - swap
		if swap < res {
			break
		}
		occ ^= (mine & p.TypeBB(pt)).First().Bitboard()
		// X-rays: sliders behind the piece that just left now attack.
		if pt == movegen.Pawn || pt == movegen.Bishop || pt == movegen.Queen {
			attackers |= movegen.BishopAttacks(to, occ) & bishops
		}
		if pt == movegen.Rook || pt == movegen.Queen {
			attackers |= movegen.RookAttacks(to, occ) & rooks
		}
	}
	return res == 1
}
