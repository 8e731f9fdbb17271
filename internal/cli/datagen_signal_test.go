//go:build unix

package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer that a running command and the test can
// share.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestDatagenInterrupted sends SIGINT to a run that appends to a file of
// two games, as a user stopping an overnight run does: it exits 1, the file
// reads back whole, and the message counts the file's games (the two
// before and this run's), not this run's alone.
func TestDatagenInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games until interrupted")
	}
	data := filepath.Join(t.TempDir(), "games.bin")
	if code, _, stderr := runCommand("datagen", "-out", data, "-games", "2", "-nodes", "200", "-seed", "5"); code != 0 {
		t.Fatalf("datagen: exit %d\n%s", code, stderr)
	}
	before, err := os.Stat(data)
	if err != nil {
		t.Fatal(err)
	}

	var stderr lockedBuffer
	exit := make(chan int, 1)
	go func() {
		exit <- Run(commands["datagen"], []string{"-out", data, "-append", "-games", "1000000", "-nodes", "200", "-seed", "6"}, io.Discard, &stderr)
	}()
	// The run writes a game only once it listens for the signal, so a
	// longer file means the signal is caught, not fatal to the test.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		if fi, err := os.Stat(data); err == nil && fi.Size() > before.Size() {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no game written in 2 minutes\n%s", stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-exit:
		if code != 1 {
			t.Errorf("interrupted run: exit %d, want 1", code)
		}
	case <-time.After(time.Minute):
		t.Fatal("the run did not stop within a minute of SIGINT")
	}

	games := len(readGames(t, data))
	if games <= 2 {
		t.Fatalf("the file holds %d games after the run, want more than 2", games)
	}
	want := fmt.Sprintf("holds %d whole games (%d from this run)", games, games-2)
	if !strings.Contains(stderr.String(), want) {
		t.Errorf("the message does not say %q:\n%s", want, stderr.String())
	}
}
