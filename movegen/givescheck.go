package movegen

// GivesCheck reports whether the legal move m puts the opponent in check,
// without playing it: directly (the moved or promoted piece attacks the king
// from its new square) or by discovery (a slider of ours sees the king once
// the moved piece has left the line). The search asks this of moves it may
// prune, before paying for MakeMove. Castling and en passant, which move two
// pieces, are rare enough to be played on a copy.
func (p *Position) GivesCheck(m Move) bool {
	if k := m.Kind(); k == Castling || k == EnPassant {
		c := *p
		c.MakeMove(m)
		return c.InCheck()
	}
	us := p.side
	ksq := p.KingSquare(us ^ 1)
	from, to := m.From(), m.To()
	o := p.Occupancy().Without(from).With(to)
	pt := p.board[from].Type()
	if m.Kind() == Promotion {
		pt = m.Promotion()
	}
	var direct Bitboard
	switch pt {
	case Pawn:
		direct = pawnAttacks[us][to]
	case Knight:
		direct = knightAttacks[to]
	case Bishop:
		direct = o.BishopAttacks(to)
	case Rook:
		direct = o.RookAttacks(to)
	case Queen:
		direct = o.RookAttacks(to) | o.BishopAttacks(to) // inlines; QueenAttacks does not
	}
	if direct.Has(ksq) {
		return true
	}
	line := lineThrough[ksq][from]
	if line == 0 || line.Has(to) {
		return false // from shields nothing, or the piece stays on the line
	}
	ours := p.byColor[us] &^ from.Bitboard()
	return o.RookAttacks(ksq)&(p.byType[Rook]|p.byType[Queen])&ours != 0 ||
		o.BishopAttacks(ksq)&(p.byType[Bishop]|p.byType[Queen])&ours != 0
}
