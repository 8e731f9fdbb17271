package search

import (
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// TestQuiesceQuietEvasions checks that quiescence, which otherwise searches
// only noisy moves, tries every evasion when in check: a king whose only
// escapes are quiet moves is not mated, and scoring it as mated would show
// the search mates that do not exist.
func TestQuiesceQuietEvasions(t *testing.T) {
	for _, fen := range []string{
		"4r2k/8/8/8/8/8/8/4K3 w - - 0 1",   // king steps only
		"4r2k/8/8/8/8/3B4/8/4K3 w - - 0 1", // king steps, or Be2 or Be4 blocks
	} {
		pos := movegen.MustParseFEN(fen)
		if !pos.InCheck() {
			t.Fatalf("%q: side to move not in check", fen)
		}
		w := New(1).workers[0]
		w.prepare(&pos, nil, rootMoveList(&pos, nil), nil)
		if score := w.quiesce(0, -infinity, infinity); score <= -mateBound {
			t.Errorf("quiesce(%q) = %d, a mate score, but the king can step out of check", fen, score)
		}
	}
}
