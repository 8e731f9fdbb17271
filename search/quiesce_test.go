package search

import (
	"testing"

	"github.com/sightline-chess/sightline/eval"
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

// TestQuiesceStandsPatOnTable checks that quiescence stands pat on a table
// score whose bound says it is the better guess, and not on one whose
// bound says nothing beyond the evaluation, nor on a decisive one.
func TestQuiesceStandsPatOnTable(t *testing.T) {
	// No captures for either side: quiescence returns its stand-pat score.
	pos := movegen.MustParseFEN("4k3/p7/8/8/8/8/P7/4K3 w - - 0 1")
	ev := eval.Evaluate(&pos)
	for _, tc := range []struct {
		score eval.Score
		bound Bound
		want  eval.Score
	}{
		{ev + 300, Lower, ev + 300},
		{ev - 300, Upper, ev - 300},
		{ev + 50, Exact, ev + 50},
		{ev - 300, Lower, ev}, // a lower bound below the evaluation says nothing
		{ev + 300, Upper, ev}, // an upper bound above it neither
		{mateScore - 3, Lower, ev},
	} {
		s := New(1)
		s.tt.Store(pos.Key(), 0, movegen.NoMove, tc.score, ev, 0, tc.bound, false)
		w := s.workers[0]
		w.prepare(&pos, nil, rootMoveList(&pos, nil), nil)
		// A full window: a PV node takes no table cutoff.
		if got := w.quiesce(0, -infinity, infinity); got != tc.want {
			t.Errorf("quiesce with table score %d (bound %v), eval %d = %d, want %d", tc.score, tc.bound, ev, got, tc.want)
		}
	}
}
