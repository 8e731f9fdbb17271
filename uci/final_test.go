package uci

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// checkLastInfo checks that the last "info depth ... pv" line before
// bestmove leads with the bestmove and its ponder move, and returns that
// line's node count.
func checkLastInfo(t *testing.T, what, best string, before []string) int64 {
	t.Helper()
	info := ""
	for i := len(before) - 1; i >= 0; i-- {
		if strings.HasPrefix(before[i], "info depth") && strings.Contains(before[i], " pv ") {
			info = before[i]
			break
		}
	}
	if info == "" {
		t.Errorf("%s: no info line with a pv before %q: %q", what, best, before)
		return -1
	}
	f := strings.Fields(best)
	pv := strings.Fields(info[strings.Index(info, " pv ")+4:])
	if pv[0] != f[1] || (len(f) == 4 && (len(pv) < 2 || pv[1] != f[3])) {
		t.Errorf("%s: last info %q does not lead with %q", what, info, best)
	}
	var nodes int64
	if i := strings.Index(info, " nodes "); i >= 0 {
		fmt.Sscan(info[i+7:], &nodes)
	}
	return nodes
}

// TestFinalInfoLine checks that however a search ends (node limit, clock,
// stop mid-iteration), its last info line is the line of the move played,
// ponder move included, and with a node limit, that the line counts
// exactly that many nodes: "go nodes N" stops at N, even for small N.
func TestFinalInfoLine(t *testing.T) {
	c, _ := startLoop(t)
	for _, pos := range []string{"startpos", "startpos moves e2e4 c7c5"} {
		for _, n := range []int64{1, 2, 50, 700, 3000, 5000, 20000} {
			c.send("position "+pos, fmt.Sprintf("go nodes %d", n))
			best, before := c.waitFor("bestmove")
			if got := checkLastInfo(t, fmt.Sprintf("%s, go nodes %d", pos, n), best, before); got != n {
				t.Errorf("%s, go nodes %d: last info counts %d nodes, want %d", pos, n, got, n)
			}
		}
	}
	c.send("position startpos", "go movetime 300")
	best, before := c.waitFor("bestmove")
	checkLastInfo(t, "go movetime 300", best, before)

	c.send("position startpos", "go infinite")
	seen, _ := c.waitFor("info depth 7")
	c.send("stop")
	best, before = c.waitFor("bestmove")
	// The stop may land after the depth 7 line, before the next iteration.
	checkLastInfo(t, "go infinite, stop", best, append([]string{seen}, before...))
}

// TestCurrMove checks that a search that has run a second reports the root
// move it is searching, and that a short one does not.
func TestCurrMove(t *testing.T) {
	c, _ := startLoop(t)
	c.send("position startpos", "go depth 2")
	if _, before := c.waitFor("bestmove"); strings.Contains(strings.Join(before, "\n"), "currmove") {
		t.Errorf("go depth 2 reported currmove: %q", before)
	}
	c.send("go infinite")
	line, _ := c.waitFor("info depth") // the first lines come at once
	for !strings.Contains(line, "currmove") {
		line, _ = c.waitFor("info depth")
	}
	if !regexp.MustCompile(`^info depth \d+ currmove [a-h][1-8][a-h][1-8][nbrq]? currmovenumber ([1-9]|1[0-9]|20)$`).MatchString(line) {
		t.Errorf("currmove line %q", line)
	}
	c.send("stop")
	c.bestMove(play(t, ""), false)
}
