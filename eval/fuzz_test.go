package eval

import (
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// FuzzEvaluate: every position ParseFEN accepts, however odd (pawns on the
// back rank, nine queens, bare kings), evaluates without panicking, within
// the mate bound, and the same as its colour-flipped twin.
func FuzzEvaluate(f *testing.F) {
	for _, fen := range []string{
		movegen.StartFEN,
		"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
		"P6k/8/8/8/8/8/8/K6p w - - 0 1",
		"QQQQQQQQ/QQQQQQQQ/8/8/8/8/qqqqqqqq/K6k b - - 0 1",
		"8/8/4k3/8/8/3BK3/8/8 w - - 0 1",
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
	} {
		f.Add(fen)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := movegen.ParseFEN(fen)
		if err != nil {
			return
		}
		s := Evaluate(&p)
		if s <= -TBWinBound || s >= TBWinBound {
			t.Errorf("Evaluate(%q) = %d, want inside ±%d", fen, s, TBWinBound)
		}
		checkSymmetric(t, &p)
	})
}
