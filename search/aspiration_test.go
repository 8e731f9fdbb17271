package search

import (
	"testing"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

// TestWiden checks each case of one aspiration step.
func TestWiden(t *testing.T) {
	tests := []struct {
		name                      string
		alpha, beta, delta, score eval.Score
		wantAlpha, wantBeta       eval.Score
		wantDelta                 eval.Score
		want                      Bound
	}{
		{"inside", 85, 115, 15, 100, 85, 115, 15, Exact},
		{"fail low", 85, 115, 15, 80, 65, 100, 30, Upper},
		{"fail low on alpha itself", 85, 115, 15, 85, 70, 100, 30, Upper},
		{"fail high", 85, 115, 15, 140, 85, 155, 30, Lower},
		{"fail high on beta itself", 85, 115, 15, 115, 85, 130, 30, Lower},
		{"low, clamped", -infinity + 10, 0, 15, -infinity + 5, -infinity, -infinity/2 + 5, 30, Upper},
		{"high, clamped", 0, infinity - 10, 15, infinity - 5, 0, infinity, 30, Lower},
		{"past 1000 the window opens", 85, 115, 600, 140, -infinity, infinity, 1200, Lower},
	}
	for _, tc := range tests {
		a, b, d, got := widen(tc.alpha, tc.beta, tc.delta, tc.score)
		if a != tc.wantAlpha || b != tc.wantBeta || d != tc.wantDelta || got != tc.want {
			t.Errorf("%s: widen(%d, %d, %d, %d) = (%d, %d, %d, %v), want (%d, %d, %d, %v)",
				tc.name, tc.alpha, tc.beta, tc.delta, tc.score, a, b, d, got,
				tc.wantAlpha, tc.wantBeta, tc.wantDelta, tc.want)
		}
	}
}

// TestAspirationConverges runs the aspiration loop against a fail-hard
// search of known true score, from windows around many previous scores:
// the loop must end on the true score, exactly, within a few searches.
func TestAspirationConverges(t *testing.T) {
	failHard := func(v, alpha, beta eval.Score) eval.Score { return min(max(v, alpha), beta) }
	for _, prev := range []eval.Score{-3000, -400, -15, 0, 1, 15, 16, 250, 2900} {
		for _, v := range []eval.Score{-mateBound + 1, -2500, -300, -31, -16, -1, 0, 14, 15, 30, 700, mateBound - 1} {
			delta := eval.Score(aspirationDelta)
			alpha, beta := prev-delta, prev+delta
			var score eval.Score
			searches := 0
			for bound := Upper; bound != Exact; searches++ {
				if searches == 12 {
					t.Fatalf("prev %d, true score %d: no exact score after %d searches (window %d, %d)", prev, v, searches, alpha, beta)
				}
				score = failHard(v, alpha, beta)
				if score > alpha && score < beta {
					// Inside: the score is exact, and widen must say so.
					if _, _, _, b := widen(alpha, beta, delta, score); b != Exact {
						t.Fatalf("prev %d: score %d inside (%d, %d) not taken as exact", prev, score, alpha, beta)
					}
				}
				alpha, beta, delta, bound = widen(alpha, beta, delta, score)
			}
			if score != v {
				t.Errorf("prev %d, true score %d: aspiration ended on %d", prev, v, score)
			}
		}
	}
}

// TestKeepLastScore checks the end of a search stopped before the first root
// move of its last iteration was scored: the move keeps its last finished
// score. (Without it, Result falls back to the static evaluation.)
func TestKeepLastScore(t *testing.T) {
	pos := movegen.MustParseFEN(movegen.StartFEN)
	w := New(1).workers[0]
	w.prepare(&pos, nil, rootMoveList(&pos, nil), nil)
	rm := &w.rootMoves[0]
	rm.score, rm.prevScore = -infinity, 37
	w.keepLastScore()
	if rm.score != 37 {
		t.Errorf("stopped first move: score %d, want its last finished 37", rm.score)
	}
	rm.score = 12
	w.keepLastScore()
	if rm.score != 12 {
		t.Errorf("scored first move: score %d, want it kept at 12", rm.score)
	}

	// Stopped inside depth 1: nothing finished, so the static evaluation
	// and a line of the move alone, never the -infinity placeholder.
	rm.score, rm.prevScore, rm.pvLen = -infinity, -infinity, 0
	w.keepLastScore()
	if want := eval.Evaluate(&pos); rm.score != want {
		t.Errorf("first move never scored: score %d, want the static evaluation %d", rm.score, want)
	}
	if rm.pvLen != 1 || rm.pv[0] != rm.move {
		t.Errorf("first move never scored: pv %v, want [%v]", rm.pv[:rm.pvLen], rm.move)
	}
}
