//go:build searchcheck

package search

import (
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// singularExtsAtRoot fills a table by searching fen, then searches fen's
// root position as an interior node at seMinDepth, twice: the first search
// stores the node's hash move (the root itself is not stored), the second
// may extend it. At seMinDepth only that node, not its children, may
// extend. It returns how many singular extensions the second search made,
// which only the checking build counts (check_on.go): make test runs this
// file with -tags searchcheck.
func singularExtsAtRoot(t *testing.T, fen string) uint64 {
	t.Helper()
	pos := movegen.MustParseFEN(fen)
	s := New(8)
	s.Search(pos, nil, Limits{Depth: seMinDepth + 2}, Options{Threads: 1}, nil)
	s.stop.Store(false) // Search raises it when it ends
	w := s.workers[0]
	w.prepare(&pos, nil, rootMoveList(&pos, nil), nil)
	w.rootDepth = seMinDepth
	// A ply of 1 makes the node an interior one, where singular extensions
	// apply (the root's moves are searched by searchRoot instead); the
	// stack above it is only read for the improving flag, from ply 2 on.
	w.stack[1] = w.stack[0]
	w.keys[w.rootIdx+1] = pos.Key()
	w.search(1, seMinDepth, -infinity, infinity, false)
	before := w.check.singularExts
	w.search(1, seMinDepth, -infinity, infinity, false)
	return w.check.singularExts - before
}

// TestSingularExtension: a queen that must be recaptured makes the
// recapture singular; with two ways to recapture it, neither is.
func TestSingularExtension(t *testing.T) {
	for _, tc := range []struct {
		name     string
		fen      string
		singular bool
	}{
		{"one recapture", "6k1/5ppp/8/8/8/8/3q1PPP/3R2K1 w - - 0 1", true},
		{"two recaptures", "6k1/5ppp/8/8/8/8/3q1PPP/2R1R1K1 w - - 0 1", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := singularExtsAtRoot(t, tc.fen)
			if got := n > 0; got != tc.singular {
				t.Errorf("search of %q made %d singular extensions at the node, want singular = %v", tc.fen, n, tc.singular)
			}
		})
	}
}
