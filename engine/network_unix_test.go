//go:build unix

package engine

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// specialNetFiles makes the EvalFile values of TestEvalFileNotAFile that
// need Unix: a named pipe, which a read would wait on until something
// writes to it. Should the engine open it all the same, the test's cleanup
// opens it for writing and closes it, so that the read ends and the failure
// is reported rather than the test hanging.
func specialNetFiles(t *testing.T, dir string) []struct{ path, want string } {
	fifo := filepath.Join(dir, "fifo.nnue")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Logf("no named pipe: %v", err)
		return nil
	}
	t.Cleanup(func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	return []struct{ path, want string }{{fifo, "a named pipe, not a net file"}}
}
