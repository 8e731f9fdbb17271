package uci

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// The long commands run on the engine's worker, like a search: the loop keeps
// reading, so isready is answered at once and stop and quit end them. Each
// test starts a job that would run for hours and ends it through the loop.

func TestPerftAnswersIsReadyAndStops(t *testing.T) {
	c, _ := startLoop(t)
	c.send("position startpos", "go perft 10", "isready")
	_, before := c.waitFor("readyok")
	if strings.Contains(strings.Join(before, "\n"), "Nodes searched") {
		t.Fatalf("go perft 10 finished before isready was answered: %q", before)
	}
	c.send("stop")
	line, _ := c.waitFor("Nodes searched")
	stopped, _ := c.waitFor("info string perft stopped")
	if !strings.HasPrefix(line, "Nodes searched: ") || !strings.Contains(stopped, "of 20 root moves") {
		t.Errorf("stopped perft said %q then %q", line, stopped)
	}
	// The engine is free again: a new perft runs to the end.
	c.send("go perft 2")
	if line, _ := c.waitFor("Nodes searched"); line != "Nodes searched: 400" {
		t.Errorf("go perft 2 after a stopped perft = %q, want Nodes searched: 400", line)
	}
}

func TestBenchAnswersIsReadyAndStops(t *testing.T) {
	c, _ := startLoop(t)
	c.send("bench 30", "isready")
	c.waitFor("readyok")
	c.send("stop")
	stopped, before := c.waitFor("info string bench stopped")
	for _, l := range before {
		if strings.HasSuffix(l, " nps") {
			t.Errorf("a stopped bench printed the fingerprint line %q", l)
		}
	}
	if !strings.Contains(stopped, "no fingerprint") {
		t.Errorf("stopped bench said %q", stopped)
	}
}

func TestBusyRefusesSecondJob(t *testing.T) {
	c, _ := startLoop(t)
	c.send("go perft 10", "bench", "go perft 1", "setoption name Hash value 8", "isready")
	_, before := c.waitFor("readyok")
	refusals := 0
	for _, l := range before {
		if strings.HasPrefix(l, "info string") && strings.Contains(l, "perft is running; send stop first") {
			refusals++
		}
	}
	if refusals != 3 {
		t.Errorf("bench, go perft and setoption Hash during perft: %d refusals, want 3: %q", refusals, before)
	}
	// go is never refused: it stops the perft and searches.
	c.send("go depth 1")
	c.waitFor("info string perft stopped")
	c.waitFor("bestmove")
}

// TestQuitAfterPerftAndBench checks that "go perft" or "bench" followed by
// quit or by the end of input prints its whole result before Run returns,
// as Stockfish does: the usual perft scripts pipe "go perft N" with quit, or
// with nothing after it, into the engine. stop still ends them early.
func TestQuitAfterPerftAndBench(t *testing.T) {
	tests := []struct {
		cmds []string // sent before quit or the end of input
		want string   // a line that must come before Run returns
	}{
		{[]string{"position startpos", "go perft 4"}, "Nodes searched: 197281"},
		{[]string{"position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "go perft 3"}, "Nodes searched: 97862"},
		{[]string{"bench 2"}, " nps"},
		{[]string{"go perft 10", "stop"}, "info string perft stopped"},
		{[]string{"bench 30", "stop"}, "info string bench stopped"},
	}
	for _, tc := range tests {
		for _, end := range []string{"quit", "end of input"} {
			c, status := startLoop(t)
			c.send(tc.cmds...)
			if end == "quit" {
				c.send("quit")
			} else {
				c.in.Close()
			}
			var got []string
			for l := range c.lines {
				got = append(got, l)
			}
			select {
			case s := <-status:
				if s != 0 {
					t.Errorf("%q then %s: Run returned %d, want 0", tc.cmds, end, s)
				}
			case <-time.After(replyTimeout):
				t.Fatalf("%q then %s: Run did not return", tc.cmds, end)
			}
			if !slices.ContainsFunc(got, func(l string) bool { return strings.Contains(l, tc.want) }) {
				t.Errorf("%q then %s: output %q lacks %q", tc.cmds, end, got, tc.want)
			}
		}
	}
}
