package tablebase

import "github.com/sightline-chess/sightline/movegen"

// maxPieces bounds the pieces of a table: Syzygy tables exist up to 7.
const maxPieces = 7

// Tables of the piece encoding, built once at package start-up and only read
// afterwards. They are computed here from their definitions rather than
// written out.
var (
	// binomial[n][k] is n choose k.
	binomial [65][maxPieces + 1]uint64
	// triangle maps every square onto the a1-d1-d4 triangle by the board's
	// symmetries: the six squares below the diagonal (b1, c1, d1, c2, d2,
	// d3) are 0..5, the diagonal squares a1, b2, c3, d4 are 6..9.
	triangle [64]uint64
	// lower numbers the 28 squares below the a1-h8 diagonal (b1..h1,
	// c2..h2, ...), in square order.
	lower [64]uint64
	// kkIndex[triangle(k1)][k2] numbers the 462 placements of two kings
	// that do not touch, the first in the a1-d1-d4 triangle and, with the
	// first on the diagonal, the second not above it; placements with both
	// on the diagonal come last. noIndex marks the others.
	kkIndex [10][64]uint64
	// mapPawns numbers the squares a leading pawn may stand on, files a-d
	// and their mirror images, so that the pawns of one file come together.
	mapPawns [64]uint64
	// leadPawnIdx[n][sq] and leadPawnsSize[n][file] place n leading pawns
	// whose first stands on sq (on file, a to d).
	leadPawnIdx   [maxPieces][64]uint64
	leadPawnsSize [maxPieces][4]uint64
)

const noIndex = ^uint64(0)

// triangleSquares lists the a1-d1-d4 triangle in the order of triangle's values.
var triangleSquares = [10]movegen.Square{1, 2, 3, 10, 11, 19, 0, 9, 18, 27}

func onDiagonal(s movegen.Square) bool    { return s.File() == s.Rank() }
func aboveDiagonal(s movegen.Square) bool { return s.Rank() > s.File() }

// flipDiagonal mirrors s in the a1-h8 diagonal.
func flipDiagonal(s movegen.Square) movegen.Square { return (s>>3 | s<<3) & 63 }

func init() {
	for n := range binomial {
		binomial[n][0] = 1
		for k := 1; k <= maxPieces && k <= n; k++ {
			binomial[n][k] = binomial[n-1][k-1]
			if k <= n-1 {
				binomial[n][k] += binomial[n-1][k]
			}
		}
	}

	for i, s := range triangleSquares {
		triangle[s] = uint64(i)
	}
	for s := movegen.Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		if f > 3 {
			f = 7 - f
		}
		if r > 3 {
			r = 7 - r
		}
		if r > f {
			f, r = r, f
		}
		triangle[s] = triangle[movegen.NewSquare(f, r)]
	}

	n := uint64(0)
	for s := movegen.Square(0); s < 64; s++ {
		if s.Rank() < s.File() {
			lower[s] = n
			n++
		}
	}
	for s := movegen.Square(0); s < 64; s++ {
		if onDiagonal(s) {
			lower[s] = 28 + uint64(s.Rank())
		} else if aboveDiagonal(s) {
			lower[s] = lower[flipDiagonal(s)]
		}
	}

	type deferred struct {
		idx int
		s   movegen.Square
	}
	var both []deferred
	code := uint64(0)
	for idx, k1 := range triangleSquares {
		for k2 := movegen.Square(0); k2 < 64; k2++ {
			kkIndex[idx][k2] = noIndex
			switch {
			case k1 == k2 || movegen.KingAttacks(k1).Has(k2):
			case onDiagonal(k1) && aboveDiagonal(k2):
			case onDiagonal(k1) && onDiagonal(k2):
				both = append(both, deferred{idx, k2})
			default:
				kkIndex[idx][k2] = code
				code++
			}
		}
	}
	for _, d := range both {
		kkIndex[d.idx][d.s] = code
		code++
	}

	avail := uint64(48)
	for cnt := 1; cnt < maxPieces; cnt++ {
		for f := 0; f < 4; f++ {
			idx := uint64(0)
			for r := 1; r < 7; r++ {
				s := movegen.NewSquare(f, r)
				if cnt == 1 {
					avail--
					mapPawns[s] = avail
					avail--
					mapPawns[s^7] = avail
				}
				leadPawnIdx[cnt][s] = idx
				idx += binomial[mapPawns[s]][cnt-1]
			}
			leadPawnsSize[cnt][f] = idx
		}
	}
}
