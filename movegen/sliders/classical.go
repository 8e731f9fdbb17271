package sliders

// ClassicalRookAttacks returns the squares a rook on sq attacks with occupancy
// occ, found by stepping square by square along each ray until a blocker: no
// table, the floor every table method should beat.
func ClassicalRookAttacks(sq int, occ uint64) uint64 { return slide(sq, occ, &rookDirections) }

// ClassicalBishopAttacks is ClassicalRookAttacks for a bishop.
func ClassicalBishopAttacks(sq int, occ uint64) uint64 { return slide(sq, occ, &bishopDirections) }

// ClassicalQueenAttacks is the union of the rook and bishop ray loops.
func ClassicalQueenAttacks(sq int, occ uint64) uint64 {
	return ClassicalRookAttacks(sq, occ) | ClassicalBishopAttacks(sq, occ)
}
