//go:build unix

package tablebase

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sightline-chess/sightline/movegen"
)

// TestNotRegularFiles: table names that are not regular files (a named
// pipe, which opening would wait on for ever, a link to /dev/zero, a
// directory) are left out after a stat with an error saying what each is,
// and the sound table beside them still answers.
func TestNotRegularFiles(t *testing.T) {
	dir := copyTables(t, "KQvK.rtbw")
	fifo := filepath.Join(dir, "KRvK.rtbw")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	// Should Open have opened the pipe, this ends its wait.
	t.Cleanup(func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	want := map[string]string{"KRvK.rtbw": "a named pipe, not a table file"}
	if _, err := os.Stat("/dev/zero"); err == nil {
		if err := os.Symlink("/dev/zero", filepath.Join(dir, "KPvK.rtbw")); err != nil {
			t.Fatal(err)
		}
		want["KPvK.rtbw"] = "a device, not a table file"
	}
	if err := os.Mkdir(filepath.Join(dir, "KBvK.rtbw"), 0o755); err != nil {
		t.Fatal(err)
	}
	want["KBvK.rtbw"] = "a directory, not a table file"

	type opened struct {
		tb   *Tablebases
		errs []error
	}
	ch := make(chan opened, 1)
	go func() {
		tb, errs := Open([]string{dir})
		ch <- opened{tb, errs}
	}()
	var o opened
	select {
	case o = <-ch:
	case <-time.After(30 * time.Second):
		t.Fatal("Open did not return in 30 s: it waits on the named pipe")
	}
	defer o.tb.Close()
	if len(o.errs) != len(want) {
		t.Errorf("Open gave %d errors, want %d: %v", len(o.errs), len(want), o.errs)
	}
	for name, what := range want {
		msg := filepath.Join(dir, name) + ": left out: " + what
		found := false
		for _, err := range o.errs {
			found = found || strings.Contains(err.Error(), msg)
		}
		if !found {
			t.Errorf("no error %q: %v", msg, o.errs)
		}
	}
	pos := movegen.MustParseFEN("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
	if w, ok := o.tb.ProbeWDL(&pos); !ok || w != Win {
		t.Errorf("ProbeWDL(KQvK) = %v, %v beside the odd files; want win", w, ok)
	}
}
