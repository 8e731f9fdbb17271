//go:build rotated

package movegen

import "github.com/sightline-chess/sightline/movegen/sliders"

// This file swaps the slider method for rotated bitboards (build tag
// "rotated"): the paper's baseline, with the three rotated occupancies kept up
// to date on every put and remove of a piece, the overhead the paper's
// Table 1 left out. The shipped build does not compile it.

// rotatedTables is filled once at start-up and only read afterwards. Lookups go
// through a pointer, as direct lookup's start from bySquare (attacks.go), so
// that no method pays Go's per-field LEAQs on a global.
var rotatedTables = sliders.NewRotatedTables()

// RookAttacks returns the squares a rook on s attacks with occupancy occ. An
// arbitrary Bitboard has no rotated copies, so they are built here square by
// square; the engine's own lookups go through Position.Occupancy instead.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	b := sliders.Rotate(uint64(occ))
	return Bitboard(rotatedTables.RookAttacks(int(s), &b))
}

// BishopAttacks returns the squares a bishop on s attacks with occupancy occ,
// rotating occ first (see RookAttacks).
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	b := sliders.Rotate(uint64(occ))
	return Bitboard(rotatedTables.BishopAttacks(int(s), &b))
}

// Occupancy is the occupied set with its three rotations.
type Occupancy struct{ b sliders.RotatedBoards }

// rotatedBoards is the Position's incrementally updated rotated occupancy.
type rotatedBoards struct{ b sliders.RotatedBoards }

// toggle adds or removes s on all four boards: put and remove call it.
func (r *rotatedBoards) toggle(s Square) { r.b.Set(int(s)) }

// Occupancy returns the position's occupancy, rotations included, as kept up
// to date by MakeMove.
func (p *Position) Occupancy() Occupancy { return Occupancy{p.rot.b} }

// OccupancyOf rotates an arbitrary set of squares.
func OccupancyOf(b Bitboard) Occupancy { return Occupancy{sliders.Rotate(uint64(b))} }

// Without returns o with the occupied square s emptied.
func (o Occupancy) Without(s Square) Occupancy {
	if o.b.Occ&uint64(s.Bitboard()) != 0 {
		o.b.Clear(int(s))
	}
	return o
}

// With returns o with the empty square s filled.
func (o Occupancy) With(s Square) Occupancy {
	if o.b.Occ&uint64(s.Bitboard()) == 0 {
		o.b.Set(int(s))
	}
	return o
}

// Bitboard returns the occupied squares.
func (o Occupancy) Bitboard() Bitboard { return Bitboard(o.b.Occ) }

// RookAttacks returns the squares a rook on s attacks in o.
func (o Occupancy) RookAttacks(s Square) Bitboard {
	return Bitboard(rotatedTables.RookAttacks(int(s), &o.b))
}

// BishopAttacks returns the squares a bishop on s attacks in o.
func (o Occupancy) BishopAttacks(s Square) Bitboard {
	return Bitboard(rotatedTables.BishopAttacks(int(s), &o.b))
}

// QueenAttacks returns the squares a queen on s attacks in o.
func (o Occupancy) QueenAttacks(s Square) Bitboard {
	return o.RookAttacks(s) | o.BishopAttacks(s)
}
