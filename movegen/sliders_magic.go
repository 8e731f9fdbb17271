//go:build magic && !rotated

package movegen

import "github.com/sightline-chess/sightline/movegen/sliders"

// This file swaps the slider method for fancy magic bitboards (build tag
// "magic"), so that the whole engine can be measured with the method most
// engines use today (docs/paper.md). The shipped build does not compile it.

// magicTables is filled once at start-up and only read afterwards. Lookups go
// through a pointer, as direct lookup's start from bySquare (attacks.go), so
// that no method pays Go's per-field LEAQs on a global.
var magicTables = sliders.NewMagic()

// RookAttacks returns the squares a rook on s attacks with occupancy occ.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	return Bitboard(magicTables.RookAttacks(int(s), uint64(occ)))
}

// BishopAttacks returns the squares a bishop on s attacks with occupancy occ.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	return Bitboard(magicTables.BishopAttacks(int(s), uint64(occ)))
}
