package uci

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		line string
		want Command
	}{
		{"uci", UCI{}},
		{"  isready \r", IsReady{}},
		{"ucinewgame", NewGame{}},
		{"position startpos", Position{}},
		{"position\tstartpos  moves e2e4\te7e5\r", Position{Moves: []string{"e2e4", "e7e5"}}},
		{"position startpos moves", Position{Moves: []string{}}},
		{"position fen 8/8/8/8/8/8/8/K6k w - - 0 1", Position{FEN: "8/8/8/8/8/8/8/K6k w - - 0 1"}},
		{"position fen 8/8/8/8/8/8/8/K6k w - - moves a1a2", Position{FEN: "8/8/8/8/8/8/8/K6k w - -", Moves: []string{"a1a2"}}},
		{"go", Go{}},
		{"go infinite", Go{Infinite: true}},
		{"go depth 5", Go{Depth: 5, HasDepth: true}},
		{"go btime 100 wtime 200 binc 3 winc 4 movestogo 5",
			Go{WTime: 200, BTime: 100, WInc: 4, BInc: 3, MovesToGo: 5, HasWTime: true, HasBTime: true, HasWInc: true, HasBInc: true, HasMovesToGo: true}},
		{"go ponder wtime -50 btime 0", Go{Ponder: true, WTime: -50, HasWTime: true, HasBTime: true}},
		{"go nodes 1000 mate 3 movetime 50", Go{Nodes: 1000, Mate: 3, MoveTime: 50, HasNodes: true, HasMate: true, HasMoveTime: true}},
		{"go searchmoves e2e4 d2d4 depth 3", Go{SearchMoves: []string{"e2e4", "d2d4"}, Depth: 3, HasDepth: true}},
		{"go depth 3 searchmoves e2e4", Go{SearchMoves: []string{"e2e4"}, Depth: 3, HasDepth: true}},
		{"go perft 3", Perft{Depth: 3}},
		{"stop", Stop{}},
		{"ponderhit", PonderHit{}},
		{"setoption name Hash value 32", SetOption{Name: "Hash", Value: "32"}},
		{"setoption name Move Overhead value 100", SetOption{Name: "Move Overhead", Value: "100"}},
		{"setoption name Clear Hash", SetOption{Name: "Clear Hash"}},
		{"setoption name Debug Log File value /tmp/a b.log", SetOption{Name: "Debug Log File", Value: "/tmp/a b.log"}},
		{"quit", Quit{}},
		{"d", Display{}},
		{"eval", Eval{}},
		{"bench", Bench{}},
		{"bench 4", Bench{Depth: 4}},
		{"debug on", Debug{On: true}},
		{"register later", Register{}},
		// Words after a command that takes none are ignored, as Stockfish ignores them.
		{"isready now", IsReady{}},
		{"stop x", Stop{}},
		{"quit now", Quit{}},
		{"uci extra words", UCI{}},
		{"ucinewgame 1", NewGame{}},
		{"ponderhit e2e4", PonderHit{}},
	}
	for _, tc := range tests {
		got, err := Parse(tc.line)
		if err != nil {
			t.Errorf("Parse(%q) error: %v", tc.line, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Parse(%q) = %#v, want %#v", tc.line, got, tc.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, line := range []string{
		"", "   \t\r", "xyzzy", "isreadynow", "position", "position fen", "position fen moves e2e4",
		"position startpos e2e4", "position kiwipete", "go perft", "go perft -1",
		"go perft 2 3", "setoption", "setoption Hash 16", "setoption name", "setoption name value 3",
		"bench x", "bench 0", "bench 31", "bench 1 2", "debug", "debug maybe",
	} {
		if c, err := Parse(line); err == nil {
			t.Errorf("Parse(%q) = %#v, want an error", line, c)
		}
	}
}

// TestParseGoProblems checks that a "go" the parser cannot fully read is
// still a Go, read as its doc comment says, with one problem per flaw: a
// GUI waits for the bestmove of every "go" it sends.
func TestParseGoProblems(t *testing.T) {
	tests := []struct {
		line     string
		want     Go // without Problems
		problems int
	}{
		{"go wtime 4824.02 btime 5000.9", Go{WTime: 4824, BTime: 5000, HasWTime: true, HasBTime: true}, 2},
		{"go wtime 1e9", Go{WTime: 1_000_000_000, HasWTime: true}, 1},
		{"go nodes 99999999999999999999999", Go{Nodes: math.MaxInt64, HasNodes: true}, 1},
		{"go wtime -1e400", Go{WTime: math.MinInt64, HasWTime: true}, 1},
		{"go depth five", Go{HasDepth: true}, 1},
		{"go movetime nan", Go{HasMoveTime: true}, 1},
		{"go depth", Go{HasDepth: true}, 1},
		{"go depth nodes 5", Go{HasDepth: true, Nodes: 5, HasNodes: true}, 1},
		{"go fast depth 3", Go{Depth: 3, HasDepth: true}, 1},
		{"go searchmoves", Go{}, 1},
		{"go searchmoves depth 3", Go{Depth: 3, HasDepth: true}, 1},
		{"go depth 3", Go{Depth: 3, HasDepth: true}, 0},
	}
	for _, tc := range tests {
		c, err := Parse(tc.line)
		if err != nil {
			t.Errorf("Parse(%q): %v, want a Go", tc.line, err)
			continue
		}
		g := c.(Go)
		problems := g.Problems
		g.Problems = nil
		if !reflect.DeepEqual(g, tc.want) || len(problems) != tc.problems {
			t.Errorf("Parse(%q) = %+v with problems %q, want %+v with %d", tc.line, g, problems, tc.want, tc.problems)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"uci", "isready", "ucinewgame", "quit", "stop", "ponderhit", "d", "eval", "bench 2",
		"position startpos moves e2e4 e7e5 g1f3",
		"position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1",
		"go wtime 1000 btime 1000 winc 10 binc 10 movestogo 20",
		"go depth 4 nodes 100 mate 2 movetime 10 infinite ponder searchmoves e2e4 d2d4",
		"go perft 3", "setoption name Move Overhead value 30", "setoption name Clear Hash",
		"go depth -1", "go nodes -5", "\x00\xff", "position fen \t moves", "setoption name value value value",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := Parse(line)
		if (c == nil) == (err == nil) {
			t.Fatalf("Parse(%q) = %#v, %v: want exactly one of command and error", line, c, err)
		}
		if err != nil && strings.ContainsAny(err.Error(), "\n") {
			t.Fatalf("Parse(%q) error %q spans lines; it must fit an info string", line, err)
		}
		if g, ok := c.(Go); ok && len(g.SearchMoves) > 0 {
			for _, m := range g.SearchMoves {
				if isGoKeyword(m) {
					t.Fatalf("Parse(%q): keyword %q taken as a search move", line, m)
				}
			}
		}
	})
}
