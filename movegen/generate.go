package movegen

// genKind selects which legal moves a generator call writes.
type genKind uint8

const (
	// genAll writes every legal move.
	genAll genKind = iota
	// genNoisy writes captures (en passant and capturing promotions included)
	// and quiet promotions to a queen: what quiescence search looks at.
	genNoisy
	// genQuiet writes the rest: non-captures, castling and quiet underpromotions.
	genQuiet
)

// GenerateLegal appends every legal move of p to ml.
func (p *Position) GenerateLegal(ml *MoveList) { p.generate(ml, genAll) }

// GenerateNoisy appends the legal captures and queen promotions of p to ml.
func (p *Position) GenerateNoisy(ml *MoveList) { p.generate(ml, genNoisy) }

// GenerateQuiet appends the legal moves that GenerateNoisy leaves out.
func (p *Position) GenerateQuiet(ml *MoveList) { p.generate(ml, genQuiet) }

// CountLegal returns the number of legal moves of p. It runs the same
// generator in counting mode, which adds up the destination sets instead of
// writing each move: perft's bulk count at the last ply.
func (p *Position) CountLegal() int {
	ml := MoveList{countOnly: true}
	p.generate(&ml, genAll)
	return ml.N
}

// generate writes only legal moves: pinned pieces move along their pin line,
// in check only king moves and moves that capture or block the single checker
// are made, and king moves avoid every square the enemy attacks with the king
// lifted off the board. Nothing is tried and taken back.
func (p *Position) generate(ml *MoveList, kind genKind) {
	us, them := p.side, p.side^1
	o := p.Occupancy()
	occ := o.Bitboard()
	own, enemy := p.byColor[us], p.byColor[them]
	ksq := p.KingSquare(us)

	var targets Bitboard
	switch kind {
	case genAll:
		targets = ^own
	case genNoisy:
		targets = enemy
	case genQuiet:
		targets = ^occ
	}

	// Only the king's targets of this kind need the attack test: the noisy
	// generator's are rare (an enemy piece next to the king), so it
	// usually skips the test altogether.
	if kingTargets := kingAttacks[ksq] & targets; kingTargets != 0 {
		addAll(ml, ksq, kingTargets&^p.attackedBy(them, o.Without(ksq), kingTargets))
	}
	if p.checkers.Several() {
		return // double check: only the king can move
	}

	checkMask := ^Bitboard(0)
	if p.checkers != 0 {
		checkMask = between[ksq][p.checkers.First()] | p.checkers
	} else if kind != genNoisy {
		p.genCastling(ml, ksq, o)
	}
	pinned := p.pinned(us, ksq)

	p.genPawns(ml, kind, ksq, pinned, checkMask)

	targets &= checkMask
	for b := p.Pieces(us, Knight) &^ pinned; b != 0; b &= b - 1 {
		from := b.First()
		addAll(ml, from, knightAttacks[from]&targets)
	}
	for b := (p.Pieces(us, Bishop) | p.Pieces(us, Queen)); b != 0; b &= b - 1 {
		from := b.First()
		t := o.BishopAttacks(from) & targets
		if pinned.Has(from) {
			t &= lineThrough[ksq][from]
		}
		addAll(ml, from, t)
	}
	for b := (p.Pieces(us, Rook) | p.Pieces(us, Queen)); b != 0; b &= b - 1 {
		from := b.First()
		t := o.RookAttacks(from) & targets
		if pinned.Has(from) {
			t &= lineThrough[ksq][from]
		}
		addAll(ml, from, t)
	}
}

// addAll writes a normal move from from to every square of to.
func addAll(ml *MoveList, from Square, to Bitboard) {
	if ml.countOnly {
		ml.N += to.Count()
		return
	}
	for ; to != 0; to &= to - 1 {
		ml.add(NewMove(from, to.First()))
	}
}

// genPawns writes pawn moves. Unpinned pawns move as whole sets by shifting;
// pinned pawns (rare) one by one, each kept on its pin line.
func (p *Position) genPawns(ml *MoveList, kind genKind, ksq Square, pinned, checkMask Bitboard) {
	us, them := p.side, p.side^1
	pawns := p.Pieces(us, Pawn)
	p.genPawnSet(ml, kind, pawns&^pinned, checkMask)
	for b := pawns & pinned; b != 0; b &= b - 1 {
		from := b.First()
		p.genPawnSet(ml, kind, from.Bitboard(), checkMask&lineThrough[ksq][from])
	}
	if p.ep != NoSquare && kind != genQuiet {
		for b := pawnAttacks[them][p.ep] & pawns; b != 0; b &= b - 1 {
			from := b.First()
			if p.epIsLegal(from, ksq) {
				ml.add(newSpecial(from, p.ep, EnPassant, Knight))
			}
		}
	}
}

// genPawnSet writes the pushes, captures and promotions of the pawns in set
// whose destination lies in allowed (en passant aside).
func (p *Position) genPawnSet(ml *MoveList, kind genKind, set, allowed Bitboard) {
	us := p.side
	empty := ^p.Occupied()
	enemy := p.byColor[us^1]
	promoRank, thirdRank, up := Rank8, Rank3, 8
	if us == Black {
		promoRank, thirdRank, up = Rank1, Rank6, -8
	}
	push1 := pawnPush(us, set) & empty
	push2 := pawnPush(us, push1&thirdRank) & empty & allowed
	push1 &= allowed
	capWest := pawnPush(us, (set&^FileA)>>1) & enemy & allowed // towards the a-file
	capEast := pawnPush(us, (set&^FileH)<<1) & enemy & allowed // towards the h-file

	if kind != genNoisy {
		addPawnMoves(ml, push1&^promoRank, up)
		addPawnMoves(ml, push2, 2*up)
	}
	if kind != genQuiet {
		addPawnMoves(ml, capWest&^promoRank, up-1)
		addPawnMoves(ml, capEast&^promoRank, up+1)
	}
	addPromotions(ml, push1&promoRank, up, kind, false)
	addPromotions(ml, capWest&promoRank, up-1, kind, true)
	addPromotions(ml, capEast&promoRank, up+1, kind, true)
}

// addPawnMoves writes a move to every square of to from the square delta behind it.
func addPawnMoves(ml *MoveList, to Bitboard, delta int) {
	if ml.countOnly {
		ml.N += to.Count()
		return
	}
	for ; to != 0; to &= to - 1 {
		t := to.First()
		ml.add(NewMove(Square(int(t)-delta), t))
	}
}

// addPromotions writes, for every square of to, the promotions that belong to
// kind: capturing promotions and the queen promotion are noisy, quiet
// underpromotions quiet.
func addPromotions(ml *MoveList, to Bitboard, delta int, kind genKind, capture bool) {
	for ; to != 0; to &= to - 1 {
		t := to.First()
		from := Square(int(t) - delta)
		for pt := Queen; pt >= Knight; pt-- {
			if noisy := capture || pt == Queen; kind == genAll || (kind == genNoisy) == noisy {
				ml.add(newSpecial(from, t, Promotion, pt))
			}
		}
	}
}

// epIsLegal plays the en-passant capture on the occupancy alone and asks
// whether the king is then attacked. This covers the rare cases no pin mask
// sees: both pawns leaving the king's rank at once, and a check the capture
// does or does not answer.
func (p *Position) epIsLegal(from, ksq Square) bool {
	us, them := p.side, p.side^1
	capSq := p.ep ^ 8
	o := p.Occupancy().Without(from).Without(capSq).With(p.ep)
	enemy := p.byColor[them] &^ capSq.Bitboard()
	att := o.RookAttacks(ksq)&(p.byType[Rook]|p.byType[Queen]) |
		o.BishopAttacks(ksq)&(p.byType[Bishop]|p.byType[Queen]) |
		knightAttacks[ksq]&p.byType[Knight] |
		pawnAttacks[us][ksq]&p.byType[Pawn]
	return att&enemy == 0
}

// genCastling writes the castling moves of the side to move, which is not in
// check.
func (p *Position) genCastling(ml *MoveList, ksq Square, o Occupancy) {
	rights := p.castling & castlingOf(p.side)
	for rights != 0 {
		i := Bitboard(rights).First()
		rights &= rights - 1
		if rsq := p.castleRook[i]; p.castlingPathIsFree(ksq, rsq, o) {
			ml.add(newSpecial(ksq, rsq, Castling, Knight))
		}
	}
}

// castlingIsLegal reports whether the king on ksq, not in check, may castle
// with the rook on rsq: whether a right of the side to move names that rook
// and its path is free.
func (p *Position) castlingIsLegal(ksq, rsq Square) bool {
	rights := p.castling & castlingOf(p.side)
	for rights != 0 {
		i := Bitboard(rights).First()
		rights &= rights - 1
		if p.castleRook[i] == rsq {
			return p.castlingPathIsFree(ksq, rsq, p.Occupancy())
		}
	}
	return false
}

// castlingPathIsFree applies the castling rules of the king on ksq and the
// rook on rsq, which a right of the side to move names. Every square the king
// and rook cross or land on must be empty but for the two of them, and no
// square the king crosses or lands on may be attacked once the rook has left
// its square (in Chess960 the rook can shield the king's target until it
// moves).
func (p *Position) castlingPathIsFree(ksq, rsq Square, o Occupancy) bool {
	them := p.side ^ 1
	kto, rto := castlingKingTarget(ksq, rsq), castlingRookTarget(ksq, rsq)
	kingPath := between[ksq][kto] | kto.Bitboard()
	path := (kingPath | between[rsq][rto] | rto.Bitboard()) &^ (ksq.Bitboard() | rsq.Bitboard())
	if path&o.Bitboard() != 0 {
		return false
	}
	after := o.Without(rsq)
	for b := kingPath; b != 0; b &= b - 1 {
		if p.attackersTo(b.First(), after)&p.byColor[them] != 0 {
			return false
		}
	}
	return true
}
