package movegen

// The four line masks of the paper (fields of squareLines, attacks.go): for
// every square, every square of the rank, file, A1-H8 diagonal ("NE") or A8-H1
// diagonal ("NW") through it, the square itself included (diagMaskNE[c4] =
// a2|b3|c4|d5|e6|f7|g8). A slider's attacks along one line depend only on the
// occupancy masked by that line's mask.

// lineKind names one of the four line directions through a square.
type lineKind int

const (
	lineRank lineKind = iota
	lineFile
	lineNE
	lineNW
)

// lineSquares returns the squares of the line of kind k through s, in order of
// their position along the line: by file for ranks and diagonals, by rank for
// files. The position is what the flat tables' index is built from.
func lineSquares(k lineKind, s Square) []Square {
	f, r := s.File(), s.Rank()
	var out []Square
	for t := 0; t < 8; t++ {
		var ff, rr int
		switch k {
		case lineRank:
			ff, rr = t, r
		case lineFile:
			ff, rr = f, t
		case lineNE:
			ff, rr = t, r+(t-f)
		case lineNW:
			ff, rr = t, r-(t-f)
		}
		if rr >= 0 && rr < 8 {
			out = append(out, NewSquare(ff, rr))
		}
	}
	return out
}
