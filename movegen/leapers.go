package movegen

// Tables for the pieces that do not slide, and the geometry between squares.
var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	// between[a][b] holds the squares strictly between a and b when they share a
	// rank, file or diagonal, else nothing. lineThrough[a][b] is the whole line
	// through both, else nothing; a piece pinned to its king moves only along it.
	between     [64][64]Bitboard
	lineThrough [64][64]Bitboard
	// rookRays and bishopRays are the empty-board slider attacks.
	rookRays, bishopRays [64]Bitboard
)

// KnightAttacks returns the squares a knight on s attacks.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s&63] }

// KingAttacks returns the squares a king on s attacks.
func KingAttacks(s Square) Bitboard { return kingAttacks[s&63] }

// PawnAttacks returns the squares a pawn of colour c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c&1][s&63] }

// Between returns the squares strictly between a and b on a common line, or nothing.
func Between(a, b Square) Bitboard { return between[a&63][b&63] }

// LineThrough returns the whole rank, file or diagonal through a and b, both
// included, when they share one, else nothing: a piece on b pinned to its
// king on a moves only along it.
func LineThrough(a, b Square) Bitboard { return lineThrough[a&63][b&63] }

// RookRays returns the squares a rook on s reaches on an empty board: where a
// rook or queen pinning a piece to a king on s can stand.
func RookRays(s Square) Bitboard { return rookRays[s&63] }

// BishopRays returns the squares a bishop on s reaches on an empty board.
func BishopRays(s Square) Bitboard { return bishopRays[s&63] }

func initLeapers() {
	for s := Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		add := func(t *Bitboard, df, dr int) {
			if ff, rr := f+df, r+dr; ff >= 0 && ff < 8 && rr >= 0 && rr < 8 {
				*t |= NewSquare(ff, rr).Bitboard()
			}
		}
		for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			add(&knightAttacks[s], d[0], d[1])
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if df != 0 || dr != 0 {
					add(&kingAttacks[s], df, dr)
				}
			}
		}
		add(&pawnAttacks[White][s], -1, 1)
		add(&pawnAttacks[White][s], 1, 1)
		add(&pawnAttacks[Black][s], -1, -1)
		add(&pawnAttacks[Black][s], 1, -1)
	}
}

// initGeometry derives between and lineThrough from the direct-lookup tables:
// on an empty board, two squares share a line when each attacks the other.
func initGeometry() {
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			if a == b {
				continue
			}
			ab := a.Bitboard() | b.Bitboard()
			rookRays[a] = lineRank.lookup(a, 0) | lineFile.lookup(a, 0)
			bishopRays[a] = lineNE.lookup(a, 0) | lineNW.lookup(a, 0)
			for k := lineRank; k <= lineNW; k++ {
				if k.lookup(a, 0).Has(b) {
					lineThrough[a][b] = k.lookup(a, 0) | a.Bitboard()
					between[a][b] = k.lookup(a, ab) & k.lookup(b, ab)
				}
			}
		}
	}
}

// init builds every table once, in dependency order; nothing writes them afterwards.
func init() {
	initLineTables()
	initLeapers()
	initGeometry()
	initZobrist()
}
