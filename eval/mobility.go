package eval

import "github.com/sightline-chess/sightline/movegen"

// Mobility is counted the same way by the hand-written evaluation (its
// mobility term) and by the network (its mobility inputs): the squares a
// piece attacks, its own pieces and the squares enemy pawns attack left
// out. Both take the area from MobilityAreas and the attacks from
// movegen's direct-lookup tables: the hand-written term through
// PieceAttacks, the network's nnue.CountMobility from the same lookups a
// piece type at a time (its hot loop cannot afford PieceAttacks' call and
// switch per piece), its test checking the counts against ones made
// another way.

// MobilityAreas returns, per colour, the squares that count for its pieces'
// mobility: neither its own pieces nor attacked by an enemy pawn.
func MobilityAreas(p *movegen.Position) [2]movegen.Bitboard {
	var area [2]movegen.Bitboard
	for c := movegen.White; c <= movegen.Black; c++ {
		enemyPawnAttacks := pawnAttackSpan(c.Other(), p.Pieces(c.Other(), movegen.Pawn))
		area[c] = ^p.ColorBB(c) &^ enemyPawnAttacks
	}
	return area
}

// PieceAttacks returns the squares a knight, bishop, rook or queen of type
// t on s attacks: bishops, rooks and queens through movegen's direct-lookup
// tables. A queen asks for the rook's and the bishop's attacks apart:
// QueenAttacks is too big to inline and would cost a call per queen.
// PieceAttacks is itself too big to inline (go build -gcflags=-m=2: cost
// 221, budget 80), so each piece costs a call and the switch on t, even
// where t is a constant.
func PieceAttacks(o movegen.Occupancy, t movegen.PieceType, s movegen.Square) movegen.Bitboard {
	switch t {
	case movegen.Knight:
		return movegen.KnightAttacks(s)
	case movegen.Bishop:
		return o.BishopAttacks(s)
	case movegen.Rook:
		return o.RookAttacks(s)
	default:
		return o.RookAttacks(s) | o.BishopAttacks(s)
	}
}
