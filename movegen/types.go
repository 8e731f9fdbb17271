package movegen

// Color is the side a piece belongs to, or the side to move.
type Color uint8

// The two sides. White moves first.
const (
	White Color = iota
	Black
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

// String returns "w" or "b", as in FEN.
func (c Color) String() string {
	if c == White {
		return "w"
	}
	return "b"
}

// PieceType is a kind of piece without its colour.
type PieceType uint8

// Piece types. NoPieceType marks an empty square; the order makes
// promotion pieces (Knight..Queen) contiguous.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece is a coloured piece: PieceType<<1 | Color. NoPiece is an empty square.
type Piece uint8

// NoPiece is the content of an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of type t and colour c.
func MakePiece(c Color, t PieceType) Piece { return Piece(t)<<1 | Piece(c) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p >> 1) }

// Color returns the piece's colour; meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p & 1) }

const pieceLetters = "  PpNnBbRrQqKk"

// String returns the FEN letter of the piece (upper case for White), or "." for NoPiece.
func (p Piece) String() string {
	if p == NoPiece || int(p) >= len(pieceLetters) {
		return "."
	}
	return pieceLetters[p : p+1]
}

// Square is a board square, a1 = 0, b1 = 1, ..., h8 = 63 (little-endian rank-file).
type Square uint8

// NoSquare stands for "no square", e.g. no en-passant target.
const NoSquare Square = 64

// Named squares, for tests and tables.
const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 0, 1, 2, 3, 4, 5, 6, 7
	A2, B2, C2, D2, E2, F2, G2, H2 Square = 8, 9, 10, 11, 12, 13, 14, 15
	A7, B7, C7, D7, E7, F7, G7, H7 Square = 48, 49, 50, 51, 52, 53, 54, 55
	A8, B8, C8, D8, E8, F8, G8, H8 Square = 56, 57, 58, 59, 60, 61, 62, 63
)

// NewSquare returns the square on file f and rank r, both 0..7.
func NewSquare(f, r int) Square { return Square(r*8 + f) }

// File returns the square's file, 0 (a) to 7 (h).
func (s Square) File() int { return int(s & 7) }

// Rank returns the square's rank, 0 (first) to 7 (eighth).
func (s Square) Rank() int { return int(s >> 3) }

// Bitboard returns the set holding only s.
func (s Square) Bitboard() Bitboard { return Bitboard(1) << (s & 63) }

// String returns the square in algebraic notation, e.g. "e4", or "-" for NoSquare.
func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{'a' + byte(s.File()), '1' + byte(s.Rank())})
}

// ParseSquare reads a square in algebraic notation such as "e4".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return NewSquare(int(s[0]-'a'), int(s[1]-'1')), true
}

// relativeRank returns the rank of s as seen from c's side (0 = c's back rank).
func relativeRank(c Color, s Square) int {
	if c == White {
		return s.Rank()
	}
	return 7 - s.Rank()
}
