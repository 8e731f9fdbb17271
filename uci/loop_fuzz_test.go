package uci

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzLoop feeds arbitrary input to the whole loop, then isready and quit:
// it must not panic, must answer readyok and must write only whole bestmove
// lines. Bench and perft are left out, only because they take seconds.
func FuzzLoop(f *testing.F) {
	for _, s := range []string{
		"uci\nposition startpos moves e2e4\ngo depth 2",
		"position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\ngo depth 2",
		"go infinite\nstop\ngo ponder\nponderhit",
		"position startpos moves e2e4 e7e5 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8\ngo depth 3",
		"setoption name UCI_Chess960 value true\nposition fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1\ngo nodes 500",
		"setoption name Hash value 2\r\nucinewgame\r\ngo wtime 10 btime 10\r\n",
		"go depth -1 nodes -5 movetime -3 wtime -9 searchmoves e2e4",
		"position fen\x00\ngo\tdepth\t1\nd\neval",
		"setoption name Threads value 2\ngo depth 3\ngo depth 2",
		"go depth 1\n quit \n",
		"setoption name debug log file value zz_fuzz.log",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		lower := strings.ToLower(in)
		if strings.Contains(lower, "bench") || strings.Contains(lower, "perft") {
			t.Skip("slow by design")
		}
		// The Debug Log File option writes wherever it is told: a fuzzer
		// must not create files on the machine.
		if strings.Contains(lower, "log") {
			t.Skip("would write a file")
		}
		// A quit of the input's own ends the loop before our isready: no
		// readyok is then the right answer, not a failure.
		for _, l := range strings.FieldsFunc(in, func(r rune) bool { return r == '\n' || r == '\r' }) {
			if f := strings.Fields(l); len(f) > 0 && f[0] == "quit" {
				t.Skip("the input quits by itself")
			}
		}
		var out bytes.Buffer
		Run(strings.NewReader(in+"\nisready\nquit\n"), &out)
		got := out.String()
		if !strings.Contains(got, "readyok\n") {
			t.Fatalf("no readyok for %q; got %q", in, got)
		}
		for _, l := range strings.Split(got, "\n") {
			if strings.HasPrefix(l, "bestmove") && !bestMoveLine.MatchString(l) {
				t.Fatalf("malformed %q for input %q", l, in)
			}
		}
	})
}
