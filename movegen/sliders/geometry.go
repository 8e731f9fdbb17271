package sliders

// A direction on the board as a step in files and ranks.
type direction struct{ df, dr int }

// The four rook directions and the four bishop directions.
var (
	rookDirections   = [4]direction{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirections = [4]direction{{1, 1}, {-1, -1}, {1, -1}, {-1, 1}}
)

// onBoard reports whether file f and rank r name a square.
func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

// slide walks from sq in each direction, adding squares up to and including the
// first occupied one: the classical ray loop, with no table at all.
func slide(sq int, occ uint64, dirs *[4]direction) uint64 {
	sq &= 63
	f0, r0 := sq&7, sq>>3
	var att uint64
	for _, d := range dirs {
		for f, r := f0+d.df, r0+d.dr; onBoard(f, r); f, r = f+d.df, r+d.dr {
			b := uint64(1) << (r*8 + f)
			att |= b
			if occ&b != 0 {
				break
			}
		}
	}
	return att
}

// relevantMask returns the squares whose occupancy can change a slider's
// attacks from sq: every square it reaches on an empty board except the last
// one in each direction (an edge square blocks nothing beyond itself).
func relevantMask(sq int, dirs *[4]direction) uint64 {
	f0, r0 := sq&7, sq>>3
	var m uint64
	for _, d := range dirs {
		for f, r := f0+d.df, r0+d.dr; onBoard(f+d.df, r+d.dr); f, r = f+d.df, r+d.dr {
			m |= uint64(1) << (r*8 + f)
		}
	}
	return m
}
