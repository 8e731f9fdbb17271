package movegen

// CastlingRights is a set of the four castling rights.
type CastlingRights uint8

// The four castling rights, named for the side of the king the rook stands on.
const (
	WhiteKingside CastlingRights = 1 << iota
	WhiteQueenside
	BlackKingside
	BlackQueenside
)

// NeedsChess960Notation reports whether a castling right of p has its king
// off the e-file or its rook off the corner. Written as the king's two-square
// step, such a castling can read like a plain king move (king b1, rook a1:
// "b1c1") or like no move at all (king g1, rook h1: "g1g1"), so only king
// takes rook names it. Rights are only ever lost, so a game that starts
// without needing it never comes to need it.
func (p *Position) NeedsChess960Notation() bool {
	for i := range p.castleRook {
		right := CastlingRights(1) << i
		if p.castling&right == 0 {
			continue
		}
		c := Color(i / 2)
		home, corner := E1, H1
		if right&(WhiteQueenside|BlackQueenside) != 0 {
			corner = A1
		}
		if c == Black {
			home, corner = home+56, corner+56
		}
		if p.KingSquare(c) != home || p.castleRook[i] != corner {
			return true
		}
	}
	return false
}

// castlingOf returns the rights belonging to colour c.
func castlingOf(c Color) CastlingRights { return (WhiteKingside | WhiteQueenside) << (2 * c) }

// Position is a chess position: pieces, side to move, castling rights with the
// rooks they belong to (so Chess960 needs nothing extra), en-passant square,
// move counters and Zobrist key. It is a plain value of about 200 bytes with no
// pointers: copying it is cheap and safe, and the search plays moves on copies.
type Position struct {
	rot      rotatedBoards // empty but in rotated-bitboard builds
	byType   [7]Bitboard   // indexed by PieceType; byType[NoPieceType] is unused
	byColor  [2]Bitboard
	board    [64]Piece
	key      uint64
	checkers Bitboard // enemy pieces giving check to the side to move
	// castleRook[i] is the start square of the rook that right 1<<i castles
	// with; meaningful only while that right is held.
	castleRook [4]Square
	castling   CastlingRights
	side       Color
	ep         Square // square a pawn may capture onto en passant, or NoSquare
	halfmove   uint16 // plies since the last capture or pawn move
	fullmove   uint16
}

// SideToMove returns the colour whose turn it is.
func (p *Position) SideToMove() Color { return p.side }

// Key returns the Zobrist key of the position.
func (p *Position) Key() uint64 { return p.key }

// KeyAfter returns the key p will have after the move m, as far as a few
// table reads find it: the moving piece, a piece taken on m's target, the
// en-passant square that ends and the side to move. It is exact for quiet
// moves and plain captures, most of a search's, and a guess for castling,
// en passant, promotions, a double push that leaves an en-passant square
// and a move that changes castling rights. So it is for hints (the search
// prefetches the child's table bucket before the move is made), never for
// a key a table entry is checked against.
func (p *Position) KeyAfter(m Move) uint64 {
	from, to := m.From(), m.To()
	k := p.key ^ zobristSide ^ zobristPiece[p.board[from]][from] ^ zobristPiece[p.board[from]][to]
	if c := p.board[to]; c != NoPiece {
		k ^= zobristPiece[c][to]
	}
	if p.ep != NoSquare {
		k ^= zobristEP[p.ep.File()]
	}
	return k
}

// Checkers returns the enemy pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard { return p.checkers }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.checkers != 0 }

// EPSquare returns the en-passant target square, or NoSquare.
func (p *Position) EPSquare() Square { return p.ep }

// Castling returns the castling rights still held.
func (p *Position) Castling() CastlingRights { return p.castling }

// HalfmoveClock returns the plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return int(p.halfmove) }

// FullmoveNumber returns the FEN move number.
func (p *Position) FullmoveNumber() int { return int(p.fullmove) }

// PieceOn returns the piece on s, or NoPiece.
func (p *Position) PieceOn(s Square) Piece { return p.board[s&63] }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.byColor[White] | p.byColor[Black] }

// ColorBB returns the squares of c's pieces.
func (p *Position) ColorBB(c Color) Bitboard { return p.byColor[c&1] }

// TypeBB returns the squares of pieces of type t, both colours.
func (p *Position) TypeBB(t PieceType) Bitboard { return p.byType[t] }

// Pieces returns the squares of c's pieces of type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.byType[t] & p.byColor[c&1] }

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square { return p.Pieces(c, King).First() }

func (p *Position) put(pc Piece, s Square) {
	b := s.Bitboard()
	p.board[s] = pc
	p.byType[pc.Type()] |= b
	p.byColor[pc.Color()] |= b
	p.key ^= zobristPiece[pc][s]
	p.rot.toggle(s)
}

func (p *Position) remove(s Square) {
	pc := p.board[s]
	b := s.Bitboard()
	p.board[s] = NoPiece
	p.byType[pc.Type()] &^= b
	p.byColor[pc.Color()] &^= b
	p.key ^= zobristPiece[pc][s]
	p.rot.toggle(s)
}

// AttackersTo returns the pieces of both colours that attack s, with
// occupancy occ deciding what blocks the sliders.
func (p *Position) AttackersTo(s Square, occ Bitboard) Bitboard {
	return p.attackersTo(s, OccupancyOf(occ))
}

func (p *Position) attackersTo(s Square, o Occupancy) Bitboard {
	rq := p.byType[Rook] | p.byType[Queen]
	bq := p.byType[Bishop] | p.byType[Queen]
	return pawnAttacks[Black][s]&p.Pieces(White, Pawn) |
		pawnAttacks[White][s]&p.Pieces(Black, Pawn) |
		knightAttacks[s]&p.byType[Knight] |
		kingAttacks[s]&p.byType[King] |
		o.RookAttacks(s)&rq |
		o.BishopAttacks(s)&bq
}

// Threats returns the squares the side not to move attacks, each piece's
// attacks from the direct-lookup tables with the board's occupancy: the
// squares where a piece of the side to move can be taken. The search keys
// its quiet-move history by whether a move leaves or enters them.
func (p *Position) Threats() Bitboard {
	return p.attackedBy(p.side^1, p.Occupancy(), ^Bitboard(0))
}

// attackedBy returns the squares of zone that c attacks with occupancy o.
// A slider whose empty-board rays miss the zone cannot attack it, so its
// lookups are skipped: move generation asks only about the eight squares
// around the king, and most sliders are nowhere near them.
func (p *Position) attackedBy(c Color, o Occupancy, zone Bitboard) Bitboard {
	att := pawnAttacksSet(c, p.Pieces(c, Pawn)) | kingAttacks[p.KingSquare(c)]
	for b := p.Pieces(c, Knight); b != 0; b &= b - 1 {
		att |= knightAttacks[b.First()]
	}
	for b := p.Pieces(c, Bishop) | p.Pieces(c, Queen); b != 0; b &= b - 1 {
		if s := b.First(); bishopRays[s]&zone != 0 {
			att |= o.BishopAttacks(s)
		}
	}
	for b := p.Pieces(c, Rook) | p.Pieces(c, Queen); b != 0; b &= b - 1 {
		if s := b.First(); rookRays[s]&zone != 0 {
			att |= o.RookAttacks(s)
		}
	}
	return att & zone
}

// pinned returns c's pieces that stand alone between c's king and an enemy
// slider. Snipers are found on empty-board lines, so no lookup is needed.
func (p *Position) pinned(c Color, ksq Square) Bitboard {
	them := p.byColor[c^1]
	snipers := (rookRays[ksq]&(p.byType[Rook]|p.byType[Queen]) |
		bishopRays[ksq]&(p.byType[Bishop]|p.byType[Queen])) & them
	occ := p.Occupied()
	var pinned Bitboard
	for ; snipers != 0; snipers &= snipers - 1 {
		b := between[ksq][snipers.First()] & occ
		if b != 0 && !b.Several() {
			pinned |= b
		}
	}
	return pinned & p.byColor[c]
}

// updateCheckers recomputes who gives check to the side to move.
func (p *Position) updateCheckers() {
	p.checkers = p.attackersTo(p.KingSquare(p.side), p.Occupancy()) & p.byColor[p.side^1]
}

// CastlingRook returns the start square of the rook that the single right r
// castles with, or NoSquare when p does not hold r. Chess960 positions keep
// their rooks anywhere on the back rank, so a position's rights are only
// whole with these squares (data files that store positions need them).
func (p *Position) CastlingRook(r CastlingRights) Square {
	if p.castling&r == 0 || r == 0 || r&(r-1) != 0 {
		return NoSquare
	}
	return p.castleRook[Bitboard(r).First()]
}
