package uci

import (
	"strconv"
	"strings"
	"testing"
)

// With UCI_ShowWDL on, every info line carries "wdl W D L" right after its
// score, three per-mille shares summing to 1000, certain for a mate; off, none.
func TestShowWDL(t *testing.T) {
	c, _ := startLoop(t)
	c.send("position startpos moves e2e4", "go depth 4")
	_, before := c.waitFor("bestmove")
	for _, l := range before {
		if strings.Contains(l, " wdl ") {
			t.Errorf("UCI_ShowWDL off: %q carries wdl", l)
		}
	}
	c.send("setoption name UCI_ShowWDL value true", "go depth 4")
	_, before = c.waitFor("bestmove")
	c.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "go depth 4")
	_, mate := c.waitFor("bestmove")
	for _, l := range append(before, mate...) {
		f := strings.Fields(l)
		i := indexOf(f, "wdl")
		if i < 0 || i+3 >= len(f) || f[i-2] != "cp" && f[i-2] != "mate" {
			t.Errorf("UCI_ShowWDL on: %q has no wdl after its score", l)
			continue
		}
		sum := 0
		for _, s := range f[i+1 : i+4] {
			n, err := strconv.Atoi(s)
			if err != nil || n < 0 {
				t.Errorf("%q: wdl share %q", l, s)
			}
			sum += n
		}
		if sum != 1000 {
			t.Errorf("%q: wdl shares sum to %d", l, sum)
		}
	}
	if last := mate[len(mate)-1]; !strings.Contains(last, "score mate 1 wdl 1000 0 0") {
		t.Errorf("mate in one: %q, want wdl 1000 0 0", last)
	}
}
