//go:build unix

package uci

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestSyzygyNotRegularFiles: a SyzygyPath folder whose table names include a
// named pipe and a link to /dev/zero gets an info string naming each as left
// out, isready is answered at once, and the sound table beside them is used.
func TestSyzygyNotRegularFiles(t *testing.T) {
	src, err := filepath.Abs("../testdata/syzygy")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	b, err := os.ReadFile(filepath.Join(src, "KQvK.rtbw"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "KQvK.rtbw"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "KRvK.rtbw")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "KPvK.rtbw")); err != nil {
		t.Fatal(err)
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
	// One write: a loop stuck on the pipe reads no more, and a second
	// write would wait for it rather than let waitFor time out.
	c.send("setoption name SyzygyPath value " + dir + "\nisready")
	_, before := c.waitFor("readyok")
	text := strings.Join(before, "\n")
	for _, want := range []string{
		"info string SyzygyPath: " + fifo + ": left out: a named pipe, not a table file",
		"info string SyzygyPath: " + filepath.Join(dir, "KPvK.rtbw") + ": left out: a device, not a table file",
		"info string SyzygyPath: 1 WDL and 0 DTZ tables, up to 3 pieces",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("SyzygyPath with a pipe and a device: %q, want %q", before, want)
		}
	}
}
