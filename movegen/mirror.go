package movegen

// Mirrored returns p with the board turned upside down and the colours
// swapped: a white pawn on e2 becomes a black pawn on e7, White to move becomes
// Black to move, and castling rights and the en-passant square follow their
// pieces. The mirrored position is the same game seen from the other side, so
// an evaluation must score it the same from the side to move's view; tests of
// symmetry rely on that. Move counters are kept; key and checkers are
// recomputed.
func (p *Position) Mirrored() Position {
	var m Position
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			m.put(MakePiece(pc.Color().Other(), pc.Type()), s^56)
		}
	}
	m.side = p.side.Other()
	// Right i (WK, WQ, BK, BQ) becomes right i^2: the same wing, other colour.
	for i := 0; i < 4; i++ {
		if p.castling&(1<<i) != 0 {
			m.castling |= 1 << (i ^ 2)
			m.castleRook[i^2] = p.castleRook[i] ^ 56
		}
	}
	m.ep = NoSquare
	if p.ep != NoSquare {
		m.ep = p.ep ^ 56
	}
	m.halfmove, m.fullmove = p.halfmove, p.fullmove
	m.key = m.computeKey()
	m.updateCheckers()
	return m
}
