package engine

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/sightline-chess/sightline/movegen"
)

// lineLog collects a job's output lines from its goroutine.
type lineLog struct {
	mu    sync.Mutex
	lines []string
}

func (l *lineLog) add(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, s)
}

func (l *lineLog) all() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.lines...)
}

// waitFor receives from ch or fails the test after a generous timeout.
func waitFor[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(30 * time.Second):
		t.Fatalf("no %s after 30 s", what)
	}
	var zero T
	return zero
}

func TestPerftJob(t *testing.T) {
	e := New(zerolog.Nop())
	defer e.Close()
	var out lineLog
	done := make(chan PerftResult, 1)
	if err := e.Perft(3, out.add, func(r PerftResult) { done <- r }); err != nil {
		t.Fatal(err)
	}
	r := waitFor(t, done, "perft result")
	if r.Nodes != 8902 || r.Stopped || r.Counted != 20 || r.Moves != 20 {
		t.Errorf("Perft(start, 3) = %+v, want 8902 nodes, 20 of 20 moves, not stopped", r)
	}
	lines := out.all()
	if len(lines) != 22 || lines[0] != "a2a3: 380" || lines[20] != "" || lines[21] != "Nodes searched: 8902" {
		t.Errorf("Perft(start, 3) wrote\n%s\nwant 20 move lines, a blank line and \"Nodes searched: 8902\"", strings.Join(lines, "\n"))
	}
	for _, depth := range []int{0, MaxPerftDepth + 1} {
		if err := e.Perft(depth, out.add, func(PerftResult) {}); err == nil {
			t.Errorf("Perft(%d) started, want an error", depth)
		}
	}
}

// TestStopEndsJobs starts each long job, stops it, and checks that it ends
// at once, says it was stopped, and left the engine free.
func TestStopEndsJobs(t *testing.T) {
	e := New(zerolog.Nop())
	defer e.Close()

	var out lineLog
	perftDone := make(chan PerftResult, 1)
	if err := e.Perft(MaxPerftDepth, out.add, func(r PerftResult) { perftDone <- r }); err != nil {
		t.Fatal(err)
	}
	e.Stop()
	r := waitFor(t, perftDone, "perft result after stop")
	if !r.Stopped || r.Counted == r.Moves {
		t.Errorf("stopped perft %d: result %+v, want Stopped and fewer moves counted", MaxPerftDepth, r)
	}
	if lines := out.all(); len(lines) < 2 || lines[len(lines)-1] != fmt.Sprintf("Nodes searched: %d", r.Nodes) {
		t.Errorf("stopped perft wrote %q, want the counted moves and \"Nodes searched\"", lines)
	}

	e.Wait()
	benchDone := make(chan BenchResult, 1)
	if err := e.Bench(MaxBenchDepth, func(string) {}, func(r BenchResult) { benchDone <- r }); err != nil {
		t.Fatal(err)
	}
	e.Stop()
	b := waitFor(t, benchDone, "bench result after stop")
	if !b.Stopped || b.Positions == len(benchPositions()) {
		t.Errorf("stopped bench: result %+v, want Stopped before the last position", b)
	}
	e.Wait()
	if e.Busy() {
		t.Errorf("Busy() after the stopped jobs reported")
	}
}

// TestBusyPolicy checks what may happen while a job runs: no second perft or
// bench and no change to the hash table, but a go, which stops the job first.
func TestBusyPolicy(t *testing.T) {
	e := New(zerolog.Nop())
	defer e.Close()
	perftDone := make(chan PerftResult, 1)
	if err := e.Perft(MaxPerftDepth, func(string) {}, func(r PerftResult) { perftDone <- r }); err != nil {
		t.Fatal(err)
	}
	if err := e.Perft(1, func(string) {}, func(PerftResult) {}); !errors.Is(err, ErrBusy) {
		t.Errorf("Perft during perft: error %v, want ErrBusy", err)
	}
	if err := e.Bench(1, func(string) {}, func(BenchResult) {}); !errors.Is(err, ErrBusy) {
		t.Errorf("Bench during perft: error %v, want ErrBusy", err)
	}
	for _, opt := range []string{OptHash, OptClearHash} {
		if _, err := e.SetOption(opt, "8"); !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), "perft is running") {
			t.Errorf("SetOption(%s) during perft: error %v, want ErrBusy naming perft", opt, err)
		}
	}
	if o := runSearch(t, e, Limits{Depth: 1}); o.Best == movegen.NoMove {
		t.Errorf("go during perft: no best move")
	}
	if r := waitFor(t, perftDone, "perft result"); !r.Stopped {
		t.Errorf("go during perft: perft result %+v, want it stopped", r)
	}
}

func TestThreadsNote(t *testing.T) {
	e := New(zerolog.Nop())
	defer e.Close()
	cpus := runtime.GOMAXPROCS(0)
	if note, err := e.SetOption(OptThreads, fmt.Sprint(cpus)); err != nil || note != "" {
		t.Errorf("SetOption(Threads, %d) = %q, %v, want no note", cpus, note, err)
	}
	note, err := e.SetOption(OptThreads, fmt.Sprint(cpus+1))
	if want := fmt.Sprintf("searches use %d", cpus); err != nil || !strings.Contains(note, want) {
		t.Errorf("SetOption(Threads, %d) = %q, %v, want a note that %s", cpus+1, note, err, want)
	}
}
