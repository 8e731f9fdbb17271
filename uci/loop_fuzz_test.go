package uci

import (
	"bytes"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/engine"
)

// FuzzLoop feeds arbitrary input to the whole loop, then isready and quit.
// It must not panic, must answer readyok (unless the input quits first)
// and must answer every "go" before the quit with exactly one whole
// bestmove line, as UCI promises a GUI. A Debug Log File setting is kept
// but pointed into the test's own directory, so that the fuzzer writes no
// file elsewhere on the machine; perfts and benches deep enough to take
// seconds, and hash tables of more than 64 MB, are left out.
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
		"go infinite\ngo perft 2\ngo depth 1",
		"setoption name debug log file value zz_fuzz.log\ngo depth 1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		in, gos, quits, slow := fuzzInput(in, filepath.Join(t.TempDir(), "debug.log"))
		if slow {
			t.Skip("a perft, bench or hash table that takes seconds")
		}
		var out bytes.Buffer
		Run(strings.NewReader(in+"\nisready\nquit\n"), &out)
		got := out.String()
		if !quits && !strings.Contains(got, "readyok\n") {
			t.Fatalf("no readyok for %q; got %q", in, got)
		}
		best := 0
		for _, l := range strings.Split(got, "\n") {
			if strings.HasPrefix(l, "bestmove") {
				best++
				if !bestMoveLine.MatchString(l) {
					t.Fatalf("malformed %q for input %q", l, in)
				}
			}
		}
		if best != gos {
			t.Fatalf("%d bestmove lines for %d go commands in %q; got %q", best, gos, in, got)
		}
	})
}

// fuzzInput reads in as the loop does, line by line, and returns it with
// every Debug Log File setting pointed at logPath, the number of "go"
// commands (searches, not perft) the loop will carry out, whether a quit
// ends the input early, and whether it holds a perft, bench or Hash
// setting slow enough to leave out.
func fuzzInput(in, logPath string) (out string, gos int, quits, slow bool) {
	r := newLineReader(strings.NewReader(in))
	var lines []string
	rewritten := false
	for {
		line, err := r.next()
		if errors.Is(err, errLineTooLong) {
			lines = append(lines, "") // the loop skips it too
			continue
		}
		if err != nil {
			break
		}
		if cmd, err := Parse(line); err == nil && !quits {
			switch c := cmd.(type) {
			case Quit:
				quits = true
			case Go:
				gos++
			case Perft:
				slow = slow || c.Depth > 4
			case Bench:
				slow = slow || c.Depth < 1 || c.Depth > 3
			case SetOption:
				switch name := strings.TrimSpace(c.Name); {
				case strings.EqualFold(name, engine.OptDebugLogFile):
					line, rewritten = "setoption name "+engine.OptDebugLogFile+" value "+logPath, true
				case strings.EqualFold(name, engine.OptHash):
					// Gigabytes of table are the machine's to give, not the fuzzer's.
					mb, err := strconv.Atoi(strings.TrimSpace(c.Value))
					slow = slow || err == nil && mb > 64
				}
			}
		}
		lines = append(lines, line)
	}
	if !rewritten {
		return in, gos, quits, slow // as given, byte for byte
	}
	return strings.Join(lines, "\n"), gos, quits, slow
}
