package movegen

// Move is a move packed in 16 bits: from (0-5), to (6-11), promotion piece
// (12-13: knight, bishop, rook, queen) and kind (14-15). A castling move is
// stored as "king takes own rook" (from = king, to = rook), the one form that
// serves standard chess and Chess960 alike. The zero Move is NoMove.
type Move uint16

// MoveKind tells how a move is played beyond "lift from, drop on to".
type MoveKind uint16

// Move kinds.
const (
	Normal MoveKind = iota << 14
	Promotion
	EnPassant
	Castling
)

// NoMove is the zero move: "no move", never legal.
const NoMove Move = 0

// NewMove returns a normal move.
func NewMove(from, to Square) Move { return Move(from) | Move(to)<<6 }

// newSpecial returns a move of kind k; promo is used only for promotions.
func newSpecial(from, to Square, k MoveKind, promo PieceType) Move {
	return Move(from) | Move(to)<<6 | Move(promo-Knight)<<12 | Move(k)
}

// From returns the square the move starts on.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square; for castling, the rook's square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Kind returns the move's kind.
func (m Move) Kind() MoveKind { return MoveKind(m) & (3 << 14) }

// Promotion returns the piece type promoted to; only meaningful for promotions.
func (m Move) Promotion() PieceType { return PieceType(m>>12&3) + Knight }

// castlingTarget returns where the king lands: the g-file when castling
// towards the h-side, the c-file towards the a-side, on the king's rank.
func castlingKingTarget(from, rook Square) Square {
	if rook > from {
		return NewSquare(6, from.Rank())
	}
	return NewSquare(2, from.Rank())
}

// castlingRookTarget returns where the rook lands: f-file or d-file.
func castlingRookTarget(from, rook Square) Square {
	if rook > from {
		return NewSquare(5, from.Rank())
	}
	return NewSquare(3, from.Rank())
}

// String returns the move in UCI notation for standard chess: castling as the
// king's two-square step (e1g1). Use UCI(true) for Chess960 notation.
func (m Move) String() string { return m.UCI(false) }

// UCI returns the move in UCI notation. With chess960, castling is written as
// king takes own rook (e1h1), as GUIs expect in Chess960 mode.
func (m Move) UCI(chess960 bool) string {
	if m == NoMove {
		return "0000"
	}
	from, to := m.From(), m.To()
	if m.Kind() == Castling && !chess960 {
		to = castlingKingTarget(from, to)
	}
	s := from.String() + to.String()
	if m.Kind() == Promotion {
		s += string("nbrq"[m.Promotion()-Knight])
	}
	return s
}

// MaxMoves bounds the number of legal moves in any position (218 is the known maximum).
const MaxMoves = 256

// MoveList is a fixed-size buffer that the caller owns, so that move
// generation never allocates.
type MoveList struct {
	Moves [MaxMoves]Move
	N     int
	// countOnly makes the generator add up how many moves there are instead
	// of writing them (see CountLegal).
	countOnly bool
}

// Slice returns the moves generated so far; it aliases the list.
func (ml *MoveList) Slice() []Move { return ml.Moves[:ml.N] }

func (ml *MoveList) add(m Move) {
	ml.Moves[ml.N&(MaxMoves-1)] = m
	ml.N++
}
