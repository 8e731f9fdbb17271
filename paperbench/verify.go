package paperbench

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sightline-chess/sightline/movegen"
)

// Verify checks that every method generates exactly movegen's legal moves,
// as a set, in every position. The error names the method, the position and
// the moves missing or extra.
func Verify(methods []Method, positions []movegen.Position) error {
	var want, got movegen.MoveList
	for i := range positions {
		p := &positions[i]
		b := newBoard(p)
		want.N = 0
		p.GenerateLegal(&want)
		w := slices.Clone(want.Slice())
		slices.Sort(w)
		for _, m := range methods {
			got.N = 0
			m.generate(&b, &got)
			if got.N > movegen.MaxMoves {
				return fmt.Errorf("%s: %d moves in %s, more than the list holds", m.Name, got.N, p)
			}
			g := got.Slice()
			slices.Sort(g)
			if !slices.Equal(g, w) {
				return fmt.Errorf("%s: moves of %s differ from GenerateLegal: missing %s, extra %s",
					m.Name, p, moveNames(difference(w, g)), moveNames(difference(g, w)))
			}
		}
	}
	return nil
}

// difference returns the moves of sorted a that are not in sorted b.
func difference(a, b []movegen.Move) []movegen.Move {
	var out []movegen.Move
	for _, m := range a {
		if _, found := slices.BinarySearch(b, m); !found {
			out = append(out, m)
		}
	}
	return out
}

// moveNames writes moves in UCI notation, or "none".
func moveNames(ms []movegen.Move) string {
	if len(ms) == 0 {
		return "none"
	}
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}
