package uci

import (
	"reflect"
	"testing"
	"time"

	"github.com/sightline-chess/sightline/engine"
	"github.com/sightline-chess/sightline/movegen"
)

// TestLimits checks that each "go" field reaches the search as the limit it
// names, in the unit it names, for the side it names: a swapped clock or a
// movetime in the wrong unit still gives a bestmove, so only this catches it.
func TestLimits(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		line string
		want engine.Limits
		warn int // how many warnings
	}{
		{"go depth 7", engine.Limits{Depth: 7}, 0},
		{"go nodes 12345", engine.Limits{Nodes: 12345}, 0},
		{"go mate 4", engine.Limits{Mate: 4}, 0},
		{"go movetime 250", engine.Limits{MoveTime: 250 * ms}, 0},
		{"go infinite", engine.Limits{Infinite: true}, 0},
		{"go wtime 60000 btime 30000 winc 1000 binc 500 movestogo 12",
			engine.Limits{HasClock: true, Time: [2]time.Duration{60000 * ms, 30000 * ms},
				Inc: [2]time.Duration{1000 * ms, 500 * ms}, MovesToGo: 12}, 0},
		{"go ponder btime 5000 wtime 7000",
			engine.Limits{Ponder: true, HasClock: true, Time: [2]time.Duration{7000 * ms, 5000 * ms}}, 0},
		// Out of range: clamped, each with a warning.
		{"go depth 0", engine.Limits{Depth: 1}, 1},
		{"go depth 1000", engine.Limits{Depth: engine.MaxDepth}, 1},
		{"go mate 0", engine.Limits{Mate: 1}, 1},
		{"go wtime -50 btime 100", engine.Limits{HasClock: true, Time: [2]time.Duration{0, 100 * ms}}, 1},
		{"go movetime 0", engine.Limits{MoveTime: ms}, 1},
		{"go wtime 100 btime 100 movestogo 0", engine.Limits{HasClock: true, Time: [2]time.Duration{100 * ms, 100 * ms}}, 1},
		{"go winc 100", engine.Limits{Inc: [2]time.Duration{100 * ms, 0}}, 1},
		{"go depth 3 searchmoves e2e4 d2d4", engine.Limits{Depth: 3,
			SearchMoves: []movegen.Move{mustMove(t, "e2e4"), mustMove(t, "d2d4")}}, 0},
	}
	for _, tc := range tests {
		cmd, err := Parse(tc.line)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.line, err)
		}
		got, warn := limits(cmd.(Go), startMove)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: limits %+v, want %+v", tc.line, got, tc.want)
		}
		if len(warn) != tc.warn {
			t.Errorf("%q: warnings %q, want %d", tc.line, warn, tc.warn)
		}
	}
}

// startMove parses a move in the start position.
func startMove(s string) (movegen.Move, error) {
	p, err := movegen.ParseFEN(movegen.StartFEN)
	if err != nil {
		return movegen.NoMove, err
	}
	return p.ParseMove(s, false)
}

func mustMove(t *testing.T, s string) movegen.Move {
	t.Helper()
	m, err := startMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestClampedLimitsStart checks that whatever a "go" says, its clamped
// limits are ones the engine takes (engine.CheckLimits): a "go" the
// engine refused would give no bestmove, and the GUI would lose on time.
// Each field gets the extremes goNumber can read.
func TestClampedLimitsStart(t *testing.T) {
	fields := []string{"wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate", "movetime"}
	values := []string{"-9223372036854775808", "-1", "0", "1", "1e300", "9223372036854775807", "x"}
	for _, f := range fields {
		for _, v := range values {
			for _, extra := range []string{"", " wtime 1000 btime 1000", " searchmoves e2e4 e7e5 0000"} {
				line := "go " + f + " " + v + extra
				cmd, err := Parse(line)
				if err != nil {
					t.Fatalf("Parse(%q): %v", line, err)
				}
				lim, _ := limits(cmd.(Go), startMove)
				if err := engine.CheckLimits(lim); err != nil {
					t.Errorf("%q: limits %+v: CheckLimits = %v, want nil", line, lim, err)
				}
			}
		}
	}
}
