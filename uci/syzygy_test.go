package uci

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// tbhitsOf returns the tbhits field of an info line, -1 if it has none.
func tbhitsOf(line string) int {
	f := strings.Fields(line)
	if i := indexOf(f, "tbhits"); i >= 0 && i+1 < len(f) {
		n, err := strconv.Atoi(f[i+1])
		if err == nil {
			return n
		}
	}
	return -1
}

// lastInfo returns the last search info line (not info string) of lines.
func lastSearchInfo(lines []string) string {
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.HasPrefix(lines[i], "info depth") {
			return lines[i]
		}
	}
	return ""
}

// TestSyzygyOptions drives the tablebase options through the protocol, as a
// GUI does: announced after uci, tables loaded with an info string saying
// what was found, probes counted in tbhits, a root in the tables keeping
// its outcome, and a bad path or bad file reported without harm.
func TestSyzygyOptions(t *testing.T) {
	c, _ := startLoop(t)
	c.send("uci")
	_, before := c.waitFor("uciok")
	text := strings.Join(before, "\n")
	for _, want := range []string{
		"option name SyzygyPath type string default <empty>",
		"option name SyzygyProbeDepth type spin default 1 min 1 max 100",
		"option name Syzygy50MoveRule type check default true",
		"option name SyzygyProbeLimit type spin default 7 min 0 max 7",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("uci reply lacks %q", want)
		}
	}

	// No tables: tbhits 0.
	c.send("position fen 8/8/8/8/8/2k5/2R5/6K1 b - - 0 1", "go depth 5")
	_, before = c.waitFor("bestmove")
	if n := tbhitsOf(lastSearchInfo(before)); n != 0 {
		t.Errorf("without tables: tbhits %d, want 0", n)
	}

	dir, err := filepath.Abs("../testdata/syzygy")
	if err != nil {
		t.Fatal(err)
	}
	c.send("setoption name SyzygyPath value "+dir, "isready")
	_, before = c.waitFor("readyok")
	if !containsPrefix(before, "info string SyzygyPath: 14 WDL and 14 DTZ tables, up to 4 pieces") {
		t.Errorf("after setting SyzygyPath: %q, want the tables counted", before)
	}

	// KRvK, Black to move: only taking the rook draws.
	c.send("position fen 8/8/8/8/8/2k5/2R5/6K1 b - - 0 1", "go depth 5")
	line, before := c.waitFor("bestmove")
	if line != "bestmove c3c2" && !strings.HasPrefix(line, "bestmove c3c2 ") {
		t.Errorf("KRvK: %q, want c3c2", line)
	}
	info := lastSearchInfo(before)
	if tbhitsOf(info) <= 0 || !strings.Contains(info, " score cp 0 ") {
		t.Errorf("KRvK: last info %q, want tbhits and score cp 0", info)
	}

	// KQvR, White to move: a tablebase win (or a mate the search found).
	c.send("position fen 8/8/8/3k4/8/8/3r4/Q3K3 w - - 0 1", "go depth 6")
	_, before = c.waitFor("bestmove")
	info = lastSearchInfo(before)
	if !strings.Contains(info, " score cp 20000 ") && !strings.Contains(info, " score mate ") {
		t.Errorf("KQvKR: last info %q, want score cp 20000", info)
	}

	// A path that is not a directory: an info string, the tables stay.
	c.send("setoption name SyzygyPath value "+filepath.Join(dir, "KQvK.rtbw"), "isready")
	_, before = c.waitFor("readyok")
	if !containsPrefix(before, "info string option SyzygyPath: ") {
		t.Errorf("SyzygyPath a file: %q, want an info string", before)
	}
	c.send("position fen 8/8/8/8/8/2k5/2R5/6K1 b - - 0 1", "go depth 5")
	_, before = c.waitFor("bestmove")
	if n := tbhitsOf(lastSearchInfo(before)); n <= 0 {
		t.Errorf("after a refused SyzygyPath: tbhits %d, want the old tables still used", n)
	}

	// Several folders, some not there: the good ones used, the bad ones named.
	missing := filepath.Join(t.TempDir(), "no such folder")
	sep := string(filepath.ListSeparator)
	c.send("setoption name SyzygyPath value "+missing+sep+dir+sep+filepath.Join(dir, "KQvK.rtbw"), "isready")
	_, before = c.waitFor("readyok")
	text = strings.Join(before, "\n")
	if !strings.Contains(text, "info string SyzygyPath: 14 WDL and 14 DTZ tables") ||
		!strings.Contains(text, missing+`" is not a directory; left out`) || !strings.Contains(text, `KQvK.rtbw" is not a directory; left out`) {
		t.Errorf("SyzygyPath with two bad folders of three: %q, want the tables of the good one counted and each bad one named", before)
	}

	// A directory with a truncated file: named, and the rest used.
	bad := t.TempDir()
	b, _ := os.ReadFile(filepath.Join(dir, "KRvK.rtbw"))
	os.WriteFile(filepath.Join(bad, "KRvK.rtbw"), b[:len(b)/2], 0o644)
	b, _ = os.ReadFile(filepath.Join(dir, "KQvK.rtbw"))
	os.WriteFile(filepath.Join(bad, "KQvK.rtbw"), b, 0o644)
	c.send("setoption name SyzygyPath value "+bad, "isready")
	_, before = c.waitFor("readyok")
	text = strings.Join(before, "\n")
	if !strings.Contains(text, "KRvK.rtbw") || !strings.Contains(text, "1 WDL and 0 DTZ tables") {
		t.Errorf("SyzygyPath with a truncated file: %q, want it named and KQvK opened", before)
	}
	c.send("position fen 8/8/8/8/8/2k5/2R5/6K1 b - - 0 1", "go depth 5")
	c.bestMove(play(t, "8/8/8/8/8/2k5/2R5/6K1 b - - 0 1"), false)

	c.send("setoption name SyzygyProbeDepth value 4", "setoption name Syzygy50MoveRule value false",
		"setoption name SyzygyProbeLimit value 0", "setoption name SyzygyPath value <empty>", "isready")
	_, before = c.waitFor("readyok")
	if containsPrefix(before, "info string") {
		t.Errorf("valid Syzygy options: %q, want no info string", before)
	}
	c.send("position fen 8/8/8/8/8/2k5/2R5/6K1 b - - 0 1", "go depth 5")
	_, before = c.waitFor("bestmove")
	if n := tbhitsOf(lastSearchInfo(before)); n != 0 {
		t.Errorf("SyzygyPath <empty>: tbhits %d, want 0", n)
	}
}
