package search

import (
	"testing"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

// TestCorrectionSaturates feeds one slot a long run of extreme results: the
// entries must stay within ±corrMax (no int16 overflow), the correction
// within ±corrMaxCp, and the corrected evaluation out of the decisive range,
// while the correction does reach its limit on the side the results point.
func TestCorrectionSaturates(t *testing.T) {
	const updates = 5000
	pos := movegen.MustParseFEN(movegen.StartFEN)
	k := corrSlotOf(&pos)
	tests := []struct {
		name  string
		diff  eval.Score
		depth int
		raw   eval.Score // a raw evaluation to correct, near the decisive range
	}{
		{"search far above", tbWinBound - 1, 1, tbWinBound - 2},
		{"search far below", -(tbWinBound - 1), 1, -(tbWinBound - 2)},
		{"deep, far above", 30000, MaxPly, tbWinBound - 50},
		{"deep, far below", -30000, MaxPly, -(tbWinBound - 50)},
		{"a pawn above, shallow", 100, 0, 0},
	}
	for _, tc := range tests {
		w := newWorker(nil, 0)
		for i := 0; i < updates; i++ {
			w.updateCorrection(&k, tc.diff, tc.depth)
			for _, e := range []int16{w.pawnCorr[k.stm][k.pawn],
				w.nonPawnCorr[movegen.White][k.stm][k.nonPawn[movegen.White]],
				w.nonPawnCorr[movegen.Black][k.stm][k.nonPawn[movegen.Black]]} {
				if e > corrMax || e < -corrMax {
					t.Fatalf("%s: after %d updates an entry is %d, want within ±%d", tc.name, i+1, e, corrMax)
				}
			}
		}
		got := w.correction(&k)
		want := min(max(tc.diff, -corrMaxCp), corrMaxCp)
		// Truncating division stops an entry a grain short of its target,
		// so the correction may end one centipawn short.
		if got > corrMaxCp || got < -corrMaxCp || got-want > 1 || want-got > 1 {
			t.Errorf("%s: correction = %d after %d updates of %d, want %d (±1, within ±%d)", tc.name, got, updates, tc.diff, want, corrMaxCp)
		}
		if ev := w.correctedEval(tc.raw, &k); ev >= tbWinBound || ev <= -tbWinBound {
			t.Errorf("%s: correctedEval(%d) = %d, want within (%d, %d)", tc.name, tc.raw, ev, -tbWinBound, tbWinBound)
		}
	}
}

// TestCorrectionKeys checks what the structure hashes tell apart: the pawn
// key changes with any pawn and nothing else, each side's non-pawn key with
// that side's pieces (king included) and nothing else.
func TestCorrectionKeys(t *testing.T) {
	tests := []struct {
		name                    string
		a, b                    string
		samePawns, sameW, sameB bool
	}{
		{"a pawn moves",
			movegen.StartFEN, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
			false, true, true},
		{"a white knight moves",
			movegen.StartFEN, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1",
			true, false, true},
		{"a black knight moves",
			movegen.StartFEN, "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 2",
			true, true, false},
		{"same pawns, other pieces",
			"4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1", "r3k3/pp6/8/8/8/8/PP6/2B1K3 w - - 0 1",
			true, false, false},
		{"a pawn of the other colour on the same square",
			"4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "4k3/8/8/8/4p3/8/8/4K3 w - - 0 1",
			false, true, true},
		{"a king moves",
			"4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "4k3/8/8/8/4P3/8/8/3K4 b - - 1 1",
			true, false, true},
		{"a pawn is captured",
			"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1",
			false, true, true},
	}
	for _, tc := range tests {
		a, b := movegen.MustParseFEN(tc.a), movegen.MustParseFEN(tc.b)
		if got := pawnKey(&a) == pawnKey(&b); got != tc.samePawns {
			t.Errorf("%s: pawnKey(%q) == pawnKey(%q) is %v, want %v", tc.name, tc.a, tc.b, got, tc.samePawns)
		}
		for _, c := range []struct {
			color movegen.Color
			want  bool
		}{{movegen.White, tc.sameW}, {movegen.Black, tc.sameB}} {
			if got := nonPawnKey(&a, c.color) == nonPawnKey(&b, c.color); got != c.want {
				t.Errorf("%s: nonPawnKey(%q, %v) == nonPawnKey(%q, %v) is %v, want %v",
					tc.name, tc.a, c.color, tc.b, c.color, got, c.want)
			}
		}
	}
}

// TestCorrectionLearntAndCleared checks that a search teaches the tables
// something and that Clear (ucinewgame) forgets it, as it does the history.
func TestCorrectionLearntAndCleared(t *testing.T) {
	pos := movegen.MustParseFEN("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10")
	s := New(4)
	s.Search(pos, nil, Limits{Depth: 8}, Options{Threads: 1}, nil)
	w := s.workers[0]
	learnt := func() int {
		n := 0
		for stm := range w.pawnCorr {
			for i := range w.pawnCorr[stm] {
				if w.pawnCorr[stm][i] != 0 || w.nonPawnCorr[movegen.White][stm][i] != 0 || w.nonPawnCorr[movegen.Black][stm][i] != 0 {
					n++
				}
			}
		}
		return n
	}
	if n := learnt(); n == 0 {
		t.Errorf("after a depth-8 search, %d correction entries are set, want some", n)
	}
	s.Clear()
	if n := learnt(); n != 0 {
		t.Errorf("after Clear, %d correction entries are set, want 0", n)
	}
}
