package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
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
	for _, depth := range []int{-1, 0, MaxPerftDepth + 1} {
		if err := e.Perft(depth, out.add, func(PerftResult) {}); err == nil {
			t.Errorf("Perft(%d) started, want an error", depth)
		}
	}
	for _, depth := range []int{MaxBenchDepth + 1, math.MaxInt} {
		if err := e.Bench(depth, out.add, func(BenchResult) {}); err == nil || e.Busy() {
			t.Errorf("Bench(%d) = %v, busy %v; want an error and nothing started", depth, err, e.Busy())
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

// jobWatch checks, from the jobs' callbacks, that no two jobs run at once:
// a job is running from its first line until its outcome, and a line from
// one job while another runs is an overlap.
type jobWatch struct {
	mu       sync.Mutex
	running  map[int]bool
	overlaps []string
	outcomes map[int]int // per job
}

func (w *jobWatch) line(id int, what string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for other := range w.running {
		if other != id {
			w.overlaps = append(w.overlaps, fmt.Sprintf("%s (job %d) while job %d runs", what, id, other))
		}
	}
	w.running[id] = true
}

func (w *jobWatch) outcome(id int, what string) {
	w.line(id, what)
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.running, id)
	w.outcomes[id]++
}

// TestConcurrentJobs calls Go, Perft, Bench, Stop and NewGame from several
// goroutines at once, as the package doc allows: one job must run at a
// time (the race detector sees two searches on one Searcher; the watch
// sees two jobs' lines interleave), every Go must report its outcome
// exactly once, and so must every Perft and Bench that was not refused.
func TestConcurrentJobs(t *testing.T) {
	e := New(zerolog.Nop())
	defer e.Close()
	w := &jobWatch{running: map[int]bool{}, outcomes: map[int]int{}}
	const goroutines, rounds = 8, 4
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		want   = map[int]string{} // job id: what, for the jobs that must report
		starts = make(chan struct{})
	)
	expect := func(id int, what string) {
		mu.Lock()
		want[id] = what
		mu.Unlock()
	}
	for g := 0; g < goroutines; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-starts
			for r := 0; r < rounds; r++ {
				id := g*rounds + r
				if r == 0 {
					// Every goroutine's first call a go, all at once: the
					// widest window for two searches to start together.
					expect(id, "go depth")
					e.Go(Limits{Depth: 3}, func(Info) { w.line(id, "search info") },
						func(Outcome) { w.outcome(id, "bestmove") })
					continue
				}
				switch (g + r) % 6 {
				case 0, 1:
					expect(id, "go depth")
					e.Go(Limits{Depth: 2 + r%3}, func(Info) { w.line(id, "search info") },
						func(Outcome) { w.outcome(id, "bestmove") })
				case 2:
					expect(id, "go infinite")
					e.Go(Limits{Infinite: true}, func(Info) { w.line(id, "search info") },
						func(Outcome) { w.outcome(id, "bestmove") })
				case 3:
					err := e.Perft(4, func(string) { w.line(id, "perft line") },
						func(PerftResult) { w.outcome(id, "perft result") })
					if err == nil {
						expect(id, "perft")
					} else if !errors.Is(err, ErrBusy) {
						t.Errorf("Perft: %v, want nil or ErrBusy", err)
					}
				case 4:
					err := e.Bench(1, func(string) { w.line(id, "bench line") },
						func(BenchResult) { w.outcome(id, "bench result") })
					if err == nil {
						expect(id, "bench")
					} else if !errors.Is(err, ErrBusy) {
						t.Errorf("Bench: %v, want nil or ErrBusy", err)
					}
				case 5:
					e.Stop()
					e.NewGame()
				}
			}
		}()
	}
	close(starts)
	finished := make(chan struct{})
	go func() {
		wg.Wait()
		e.Stop()
		e.Wait()
		close(finished)
	}()
	select {
	case <-finished:
	case <-time.After(60 * time.Second):
		// A job that no one can stop any more (its place taken by another)
		// keeps the calls that wait for it waiting for ever.
		t.Fatal("the concurrent calls did not all return in 60 s: a job was lost")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if n := len(w.overlaps); n > 0 {
		t.Errorf("two jobs at once, %d times; the first: %s", n, strings.Join(w.overlaps[:min(n, 5)], "; "))
	}
	for id, what := range want {
		if n := w.outcomes[id]; n != 1 {
			t.Errorf("job %d (%s) reported %d outcomes, want 1", id, what, n)
		}
	}
}

// TestConcurrentSearches calls Search, Perft, Bench and NewGame from
// several goroutines at once, as a Go program with several workers on one
// engine might: every Search must return a legal move of the start
// position (each search stopped by the next only ends early), with no
// error but its own context's, every Perft and Bench not refused must
// report once, and the race detector must see no two jobs touch the
// Searcher at once.
func TestConcurrentSearches(t *testing.T) {
	e := New(zerolog.Nop())
	defer e.Close()
	start := movegen.MustParseFEN(movegen.StartFEN)
	const goroutines, rounds = 6, 4
	var (
		wg      sync.WaitGroup
		begin   = make(chan struct{})
		mu      sync.Mutex
		started int // perfts and benches not refused
		results = make(chan struct{}, goroutines*rounds)
	)
	for g := 0; g < goroutines; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-begin
			for r := 0; r < rounds; r++ {
				var err error
				switch (g + r) % 5 {
				case 0, 1:
					var o Outcome
					o, err = e.Search(context.Background(), Limits{Depth: 2 + r}, nil)
					if err == nil && !isLegal(&start, o.Best) {
						t.Errorf("Search(depth %d) = %s, want a legal move", 2+r, o.Best)
					}
				case 2:
					// An infinite search that ends itself through its
					// context, if no other search stops it first.
					ctx, cancel := context.WithCancel(context.Background())
					var o Outcome
					o, err = e.Search(ctx, Limits{Infinite: true}, func(i Info) {
						if i.Depth >= 4 {
							cancel()
						}
					})
					cancel()
					if errors.Is(err, context.Canceled) {
						err = nil
					}
					if !isLegal(&start, o.Best) {
						t.Errorf("Search(infinite) = %s, want a legal move", o.Best)
					}
				case 3:
					if err = e.Perft(3, func(string) {}, func(PerftResult) { results <- struct{}{} }); err == nil {
						mu.Lock()
						started++
						mu.Unlock()
					} else if errors.Is(err, ErrBusy) {
						err = nil
					}
				case 4:
					if err = e.Bench(1, func(string) {}, func(BenchResult) { results <- struct{}{} }); err == nil {
						mu.Lock()
						started++
						mu.Unlock()
					} else if errors.Is(err, ErrBusy) {
						err = nil
					}
					e.NewGame()
				}
				if err != nil {
					t.Errorf("goroutine %d round %d: %v", g, r, err)
				}
			}
		}()
	}
	close(begin)
	finished := make(chan struct{})
	go func() {
		wg.Wait()
		e.Stop()
		e.Wait()
		close(finished)
	}()
	select {
	case <-finished:
	case <-time.After(60 * time.Second):
		t.Fatal("the concurrent calls did not all return in 60 s")
	}
	mu.Lock()
	defer mu.Unlock()
	if n := len(results); n != started {
		t.Errorf("%d perfts and benches started, %d reported; want each to report once", started, n)
	}
}
