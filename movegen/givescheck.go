package movegen

// GivesCheck reports whether the legal move m puts the opponent in check,
// without playing it: directly (the moved or promoted piece attacks the king
// from its new square) or by discovery (a slider of ours sees the king once
// the moved piece has left the line). The search asks this (through
// GivesCheckWith) of moves it may prune, before paying for MakeMove.
// Castling and en passant, which move two pieces, are rare enough to be
// played on a copy.
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

// CheckInfo is what GivesCheckWith needs to know about the opponent's king,
// worked out once for a position: a node that asks about all its remaining
// quiet moves (late-move pruning keeps only the checks) then pays two slider
// lookups, not one or two for each move.
type CheckInfo struct {
	// squares[pt]: the squares from which a piece of type pt of the side to
	// move would attack the opponent's king, on the current occupancy.
	squares [7]Bitboard
	// discoverers: the side to move's pieces that stand alone between one
	// of its sliders and the opponent's king; moving one off that line
	// uncovers the slider.
	discoverers Bitboard
	// reach: every square of squares, where a normal move must land to
	// check directly.
	reach Bitboard
	ksq   Square
}

// CheckInfo returns the check information of p for its side to move.
func (p *Position) CheckInfo() CheckInfo {
	us := p.side
	ksq := p.KingSquare(us ^ 1)
	occ := p.Occupancy()
	var ci CheckInfo
	ci.ksq = ksq
	ci.squares[Pawn] = pawnAttacks[us^1][ksq]
	ci.squares[Knight] = knightAttacks[ksq]
	ci.squares[Bishop] = occ.BishopAttacks(ksq)
	ci.squares[Rook] = occ.RookAttacks(ksq)
	ci.squares[Queen] = ci.squares[Bishop] | ci.squares[Rook]
	ci.reach = ci.squares[Pawn] | ci.squares[Knight] | ci.squares[Queen]
	ours := p.byColor[us]
	snipers := (rookRays[ksq]&(p.byType[Rook]|p.byType[Queen]) |
		bishopRays[ksq]&(p.byType[Bishop]|p.byType[Queen])) & ours
	all := p.Occupied()
	for ; snipers != 0; snipers &= snipers - 1 {
		b := between[ksq][snipers.First()] & all
		if b != 0 && !b.Several() {
			ci.discoverers |= b & ours
		}
	}
	return ci
}

// GivesCheckWith is GivesCheck for a move of the position ci was made from.
// A slider's check squares are taken on the occupancy before the move: the
// moved piece can only be in its own way when it moves along the line to
// the king, and then it either checked already (impossible, the opponent
// would be in check on our move) or is blocked on both squares alike.
// Promotions, castling and en passant, whose moving piece changes or which
// move two pieces, go to GivesCheck.
func (p *Position) GivesCheckWith(ci *CheckInfo, m Move) bool {
	if m.Kind() != Normal {
		return p.GivesCheck(m)
	}
	from, to := m.From(), m.To()
	if ci.squares[p.board[from].Type()].Has(to) {
		return true
	}
	return ci.discoverers.Has(from) && !lineThrough[ci.ksq][from].Has(to)
}

// MayGiveCheck reports false for a move of the position ci was made from
// that cannot give check: a normal move to a square from which no piece
// would check, made by a piece that uncovers no slider. It is two bitboard
// tests and inlines, where GivesCheckWith does not: a caller that asks
// about many moves, most of which do not check, asks this first
// (MayGiveCheck(m) && GivesCheckWith(ci, m) is GivesCheckWith(ci, m)).
func (ci *CheckInfo) MayGiveCheck(m Move) bool {
	return m.Kind() != Normal || ci.reach.Has(m.To()) || ci.discoverers.Has(m.From())
}
