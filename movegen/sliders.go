//go:build !magic && !rotated

package movegen

// This file is the shipped slider method: the paper's direct lookup. The
// build tags "magic" and "rotated" swap in other methods for the whole-engine
// comparison of docs/paper.md; the shipped build compiles only this one, so it
// pays no branch or indirect call for their existence.

// RookAttacks returns the squares a rook on s attacks with occupancy occ:
// rank | file, blockers of either colour included.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	l := bySquare[s]
	return l.rankAttacks[rankIndex(l, occ)] | l.fileAttacks[fileIndex(l, occ)]
}

// BishopAttacks returns the squares a bishop on s attacks with occupancy occ:
// NE | NW diagonal, blockers of either colour included.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	l := bySquare[s]
	return l.diagAttacksNE[gatherIndex(l.diagMaskNE, occ)] | l.diagAttacksNW[gatherIndex(l.diagMaskNW, occ)]
}
