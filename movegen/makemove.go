package movegen

// MakeMove plays the legal move m on p in place. Callers that need the old
// position keep a copy: the search copies a Position per ply (copy-make),
// which costs one 200-byte copy and no undo bookkeeping: a few dozen
// instructions a move, less than an unmake would spend restoring the key,
// rights, en-passant square, clock and checkers.
func (p *Position) MakeMove(m Move) {
	us := p.side
	from, to := m.From(), m.To()
	pc := p.board[from]

	p.key ^= zobristCastling[p.castling]
	if p.ep != NoSquare {
		p.key ^= zobristEP[p.ep.File()]
		p.ep = NoSquare
	}
	p.halfmove++
	if us == Black {
		p.fullmove++
	}

	switch m.Kind() {
	case Castling:
		kto, rto := castlingKingTarget(from, to), castlingRookTarget(from, to)
		rook := p.board[to]
		p.remove(from)
		p.remove(to)
		p.put(pc, kto)
		p.put(rook, rto)
		p.castling &^= castlingOf(us)
	case EnPassant:
		capSq := to ^ 8 // the pawn that double-pushed stands beside from, behind to
		p.remove(capSq)
		p.remove(from)
		p.put(pc, to)
		p.halfmove = 0
	default:
		if p.board[to] != NoPiece {
			p.remove(to)
			p.halfmove = 0
		}
		p.remove(from)
		if m.Kind() == Promotion {
			p.put(MakePiece(us, m.Promotion()), to)
		} else {
			p.put(pc, to)
		}
		if pc.Type() == Pawn {
			p.halfmove = 0
			// A double push leaves an en-passant square, but only when an enemy
			// pawn could capture there, so that equal positions get equal keys.
			if to^from == 16 {
				if ep := (from + to) / 2; pawnAttacks[us][ep]&p.Pieces(us^1, Pawn) != 0 {
					p.ep = ep
					p.key ^= zobristEP[ep.File()]
				}
			}
		}
		if p.castling != 0 {
			p.castling &^= p.castlingLostOn(from) | p.castlingLostOn(to)
			if pc.Type() == King {
				p.castling &^= castlingOf(us)
			}
		}
	}

	p.key ^= zobristCastling[p.castling]
	p.side ^= 1
	p.key ^= zobristSide
	p.updateCheckers()
}

// castlingLostOn returns the rights whose rook starts on s: moving from or
// capturing on that square ends them.
func (p *Position) castlingLostOn(s Square) CastlingRights {
	var lost CastlingRights
	for i, r := range p.castleRook {
		if r == s {
			lost |= 1 << i
		}
	}
	return lost & p.castling
}

// MakeNullMove passes the turn; the search uses it for null-move pruning.
// The side to move must not be in check.
func (p *Position) MakeNullMove() {
	if p.ep != NoSquare {
		p.key ^= zobristEP[p.ep.File()]
		p.ep = NoSquare
	}
	p.halfmove++
	p.side ^= 1
	p.key ^= zobristSide
	p.checkers = 0
}
