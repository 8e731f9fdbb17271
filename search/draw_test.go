package search

import (
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// drawAtRoot reports isDraw for fen at the root of a fresh worker.
func drawAtRoot(t *testing.T, fen string) bool {
	t.Helper()
	pos := movegen.MustParseFEN(fen)
	w := New(1).workers[0]
	w.prepare(&pos, nil, rootMoveList(&pos, nil), nil)
	return w.isDraw(0)
}

// TestFiftyMoveBoundary checks the rule at exactly the hundredth ply, where
// TestFiftyMoveDraw, starting one ply earlier, cannot tell ">= 100" from
// "> 100", and that a mate given on that ply still wins.
func TestFiftyMoveBoundary(t *testing.T) {
	tests := []struct {
		name, fen string
		want      bool
	}{
		{"99 plies", "8/8/8/4k3/8/8/8/4K2Q w - - 99 80", false},
		{"100 plies", "8/8/8/4k3/8/8/8/4K2Q w - - 100 80", true},
		{"100 plies, checkmated", "7k/6Q1/6K1/8/8/8/8/8 b - - 100 80", false},
		{"100 plies, in check with a reply", "7k/8/6K1/4Q3/8/8/8/8 b - - 100 80", true},
	}
	for _, tc := range tests {
		if got := drawAtRoot(t, tc.fen); got != tc.want {
			t.Errorf("%s: isDraw(%q) = %v, want %v", tc.name, tc.fen, got, tc.want)
		}
	}
}

// TestRepetitionNotAcrossNullMove checks that a position repeated on the far
// side of a null move is not a draw: the null move gave the other side a free
// tempo, so the line is not one the game could have repeated.
func TestRepetitionNotAcrossNullMove(t *testing.T) {
	// Qc8+ Kh7 Qc2+ Kg8 Qc8+ repeats ply 1 (TestRepetitionInTree); here the
	// last two plies are marked as played after a null move.
	w := walkLine(t, "6k1/6p1/7p/8/8/8/r5PP/2Q3K1 w - - 0 1", "c1c8", "g8h7", "c8c2", "h7g8", "c2c8")
	w.stack[5].sinceNull = 2
	if w.isDraw(5) {
		t.Errorf("isDraw at ply 5 = true, want false: the repetition reaches back past a null move")
	}
}
