package movegen

// IsLegal reports whether m is a legal move of p: whether GenerateLegal
// would write it. Any 16-bit value is accepted, NoMove and moves of other
// positions included, so the search can ask it of a move it did not
// generate (a hash move, which a key collision may have brought from
// another position, or a killer from a sibling) before it plays one. It
// applies the generator's own rules, move by move, at the cost of a few
// lookups instead of a whole generation.
func (p *Position) IsLegal(m Move) bool {
	us := p.side
	from, to := m.From(), m.To()
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != us {
		return false
	}
	kind := m.Kind()
	// The generator writes the promotion bits as zero (knight) on every
	// move that is not a promotion.
	if kind != Promotion && m.Promotion() != Knight {
		return false
	}
	pt := pc.Type()
	ksq := p.KingSquare(us)
	switch kind {
	case Castling:
		return pt == King && p.checkers == 0 && p.castlingIsLegal(ksq, to)
	case EnPassant:
		// In double check only the king moves: the generator stops before
		// the pawns.
		return pt == Pawn && p.ep != NoSquare && to == p.ep && !p.checkers.Several() &&
			pawnAttacks[us^1][to].Has(from) && p.epIsLegal(from, ksq)
	}
	if p.byColor[us].Has(to) {
		return false
	}
	o := p.Occupancy()
	if pt == King {
		return kind == Normal && kingAttacks[from].Has(to) &&
			p.attackedBy(us^1, o.Without(ksq), to.Bitboard()) == 0
	}
	if p.checkers.Several() {
		return false
	}

	// The piece's own way of moving.
	var reach Bitboard
	switch pt {
	case Pawn:
		if (relativeRank(us, to) == 7) != (kind == Promotion) {
			return false // a pawn reaching the last rank promotes, and only then
		}
		occ := o.Bitboard()
		push1 := pawnPush(us, from.Bitboard()) &^ occ
		reach = push1 | pawnAttacks[us][from]&p.byColor[us^1]
		if relativeRank(us, from) == 1 {
			reach |= pawnPush(us, push1) &^ occ
		}
	case Knight:
		reach = knightAttacks[from]
	case Bishop:
		reach = o.BishopAttacks(from)
	case Rook:
		reach = o.RookAttacks(from)
	case Queen:
		reach = o.BishopAttacks(from) | o.RookAttacks(from)
	}
	if kind != Normal && pt != Pawn || !reach.Has(to) {
		return false
	}

	// In check the move must capture or block the single checker; a pinned
	// piece must stay on its pin line.
	if p.checkers != 0 && !(between[ksq][p.checkers.First()] | p.checkers).Has(to) {
		return false
	}
	if line := lineThrough[ksq][from]; line != 0 && !line.Has(to) && p.pinned(us, ksq).Has(from) {
		return false
	}
	return true
}
