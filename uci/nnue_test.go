package uci

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestEvalFileRefused: a net file that is not there is refused with an
// info string, and the engine goes on with the embedded net.
func TestEvalFileRefused(t *testing.T) {
	c, _ := startLoop(t)
	c.send("setoption name EvalFile value "+filepath.Join(t.TempDir(), "missing.nnue"), "isready")
	_, before := c.waitFor("readyok")
	if !containsPrefix(before, "info string option EvalFile: ") || !strings.Contains(strings.Join(before, "\n"), "keeping net ") {
		t.Errorf("EvalFile missing: %q, want an info string that keeps the net", before)
	}
	c.send("setoption name UseNNUE value true", "position startpos", "d")
	line, _ := c.waitFor("Evaluation:")
	if !strings.Contains(line, "(embedded") {
		t.Errorf("d after a refused EvalFile: %q, want the embedded net", line)
	}
	c.send("go depth 4")
	if line, _ := c.waitFor("bestmove"); line == "bestmove 0000" {
		t.Errorf("UseNNUE: %q, want a move", line)
	}
}
