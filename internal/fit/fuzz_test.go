package fit

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// FuzzPGN feeds the PGN reader arbitrary text: it must read it or refuse
// it, never panic, and every game it returns must be one the board
// confirms: each move legal where it is played, a result marker at the
// end, the comments readable for scores.
func FuzzPGN(f *testing.F) {
	for _, path := range []string{"testdata/features.pgn", "testdata/fastchess.pgn"} {
		b, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
		f.Add(string(b[:len(b)/3]))
	}
	f.Add("[Event \"x\"]\n\n1.e4 e5 2.Nf3 (2.f4 exf4) $1 Nc6 ; rest\n%escape\n3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 1/2-1/2\n")
	f.Add("[FEN \"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\"]\n1. b8=Q+ {+M1/2} Kd7 2. Qb7+ *")
	f.Add("1. e4 {+0.3/1 1s} e5 {-Inf/3} 2. Nf3 {+M/3} 0-0 *")
	f.Fuzz(func(t *testing.T, text string) {
		r := NewPGNReader(strings.NewReader(text))
		for {
			g, err := r.Next()
			if err != nil {
				if err != io.EOF && err.Error() == "" {
					t.Fatal("an error without a message")
				}
				return
			}
			if !isPGNResult(g.Result) {
				t.Fatalf("game %d: result %q", g.Number, g.Result)
			}
			if len(g.Moves) > maxPGNPlies {
				t.Fatalf("game %d: %d moves", g.Number, len(g.Moves))
			}
			pos := g.Start
			for i, m := range g.Moves {
				var ml movegen.MoveList
				pos.GenerateLegal(&ml)
				legal := false
				for _, l := range ml.Slice() {
					legal = legal || l == m.Move
				}
				if !legal {
					t.Fatalf("game %d ply %d: %s (%s) is not legal in %s", g.Number, i, m.Move, m.SAN, pos.String())
				}
				commentScore(m.Comment)
				pos.MakeMove(m.Move)
			}
		}
	})
}
