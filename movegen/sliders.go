//go:build !magic && !rotated

package movegen

// This file is the shipped slider method: the paper's direct lookup. The
// build tags "magic" and "rotated" swap in other methods for the whole-engine
// comparison of docs/paper.md; the shipped build compiles only this one, so it
// pays no branch or indirect call for their existence.

// RookAttacks returns the squares a rook on s attacks with occupancy occ:
// rank | file, blockers of either colour included.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	s &= 63
	return rankAttacks.attacks[s][gatherIndex(rankMask[s], occ)] | fileAttacks.attacks[s][fileIndex(s, occ)]
}

// BishopAttacks returns the squares a bishop on s attacks with occupancy occ:
// NE | NW diagonal, blockers of either colour included.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	s &= 63
	return diagAttacksNE.attacks[s][gatherIndex(diagMaskNE[s], occ)] |
		diagAttacksNW.attacks[s][gatherIndex(diagMaskNW[s], occ)]
}
