package eval

import "github.com/sightline-chess/sightline/movegen"

// Pawn-structure geometry, built once at package start-up and only read after.
var (
	fileMask          [8]movegen.Bitboard     // every square of a file
	adjacentFilesMask [8]movegen.Bitboard     // the files either side of a file
	forwardFileMask   [2][64]movegen.Bitboard // squares in front of a square, same file, as seen by a colour
	passedMask        [2][64]movegen.Bitboard // squares an enemy pawn would need to stop a pawn: ahead, same and adjacent files
	// pieceSquare is pstMG and pstEG as each colour sees them, indexed by
	// colour, piece type and real square, so the evaluation reads one Pair
	// per piece without turning the board.
	pieceSquare [2][8][64]Pair
)

func init() {
	for f := 0; f < 8; f++ {
		fileMask[f] = movegen.FileA << f
	}
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjacentFilesMask[f] |= fileMask[f-1]
		}
		if f < 7 {
			adjacentFilesMask[f] |= fileMask[f+1]
		}
	}
	for c := movegen.White; c <= movegen.Black; c++ {
		for pt := movegen.Pawn; pt <= movegen.King; pt++ {
			for s := movegen.Square(0); s < 64; s++ {
				i := pstIndex(c, s)
				pieceSquare[c][pt][s] = Pair{pstMG[pt][i], pstEG[pt][i]}
			}
		}
	}
	for s := movegen.Square(0); s < 64; s++ {
		for r := 0; r < 8; r++ {
			var ranks movegen.Bitboard = movegen.Rank1 << (8 * r)
			if r > s.Rank() {
				forwardFileMask[movegen.White][s] |= ranks & fileMask[s.File()]
				passedMask[movegen.White][s] |= ranks & (fileMask[s.File()] | adjacentFilesMask[s.File()])
			}
			if r < s.Rank() {
				forwardFileMask[movegen.Black][s] |= ranks & fileMask[s.File()]
				passedMask[movegen.Black][s] |= ranks & (fileMask[s.File()] | adjacentFilesMask[s.File()])
			}
		}
	}
}

// relativeRank returns the rank of s counted from c's back rank (0..7).
func relativeRank(c movegen.Color, s movegen.Square) int {
	return s.Rank() ^ (7 * int(c))
}

// pstIndex returns where a piece of colour c on s is found in a table drawn
// as White sees the board (a8 first).
func pstIndex(c movegen.Color, s movegen.Square) int {
	return int(s) ^ 56 ^ (56 * int(c))
}

// distance is the number of king moves between a and b.
func distance(a, b movegen.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pawnAttackSpan returns every square attacked by the pawns b of colour c.
func pawnAttackSpan(c movegen.Color, b movegen.Bitboard) movegen.Bitboard {
	if c == movegen.White {
		return (b&^movegen.FileA)<<7 | (b&^movegen.FileH)<<9
	}
	return (b&^movegen.FileA)>>9 | (b&^movegen.FileH)>>7
}

// pawnStops returns the squares in front of the pawns b of colour c.
func pawnStops(c movegen.Color, b movegen.Bitboard) movegen.Bitboard {
	if c == movegen.White {
		return b << 8
	}
	return b >> 8
}
