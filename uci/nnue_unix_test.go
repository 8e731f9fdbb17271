//go:build unix

package uci

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestEvalFileNotAFile drives EvalFile as a GUI would with what cannot be a
// net file: a directory, a named pipe, /dev/zero and a (sparse) file of
// gigabytes. Each is refused with an info string saying what it is, isready
// is answered at once after it, and the engine goes on searching with the
// embedded net.
func TestEvalFileNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.nnue")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "huge.nnue")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(4 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	tests := []struct{ path, want string }{
		{dir, "a directory, not a net file"},
		{fifo, "a named pipe, not a net file"},
		{"/dev/zero", "a device, not a net file"},
		{huge, "4294967296 bytes; a net file of this build is at most"},
	}
	c, _ := startLoop(t)
	// Registered after the loop's cleanup, so run before it (which waits
	// for the loop to end): should the engine have opened the pipe, this
	// ends its wait.
	t.Cleanup(func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	for _, tc := range tests {
		// One write: a loop stuck on the pipe reads no more, and a second
		// write would wait for it rather than let waitFor time out.
		c.send("setoption name EvalFile value " + tc.path + "\nisready")
		_, before := c.waitFor("readyok")
		want := "info string option EvalFile: " + tc.path + ": " + tc.want
		if len(before) != 1 || !strings.HasPrefix(before[0], want) || !strings.Contains(before[0], "keeping net ") {
			t.Errorf("EvalFile %s: %q, want one line %q... keeping the net", tc.path, before, want)
		}
	}
	c.send("position startpos", "d")
	if line, _ := c.waitFor("Evaluation:"); !strings.Contains(line, "(embedded") {
		t.Errorf("d after the refused EvalFiles: %q, want the embedded net", line)
	}
	c.send("go depth 3")
	if line, _ := c.waitFor("bestmove"); !bestMoveLine.MatchString(line) || line == "bestmove (none)" {
		t.Errorf("go after the refused EvalFiles: %q, want a move", line)
	}
}
