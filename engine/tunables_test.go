//go:build tune

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
	"github.com/sightline-chess/sightline/search"
)

// TestTunableOptions checks the tune build's options: every tunable is
// announced as a spin with its range; a value in range is set, one outside
// it or one sent while a job runs is refused and changes nothing.
func TestTunableOptions(t *testing.T) {
	announced := map[string]string{}
	for _, o := range OptionSpecs() {
		announced[o.Name] = o.UCI()
	}
	for _, tu := range search.Tunables() {
		if _, ok := announced[tu.Name]; !ok {
			t.Errorf("tunable %s is not announced", tu.Name)
		}
	}
	// The default comes from the table, which a tuning run rewrites; the
	// range is the declaration's.
	def := 0
	for _, tu := range search.Tunables() {
		if tu.Name == "rfpMargin" {
			def = tu.Default
		}
	}
	if got, want := announced["rfpMargin"], fmt.Sprintf("option name rfpMargin type spin default %d min 30 max 150", def); got != want {
		t.Errorf("rfpMargin announced as %q, want %q", got, want)
	}

	e := New(zerolog.Nop())
	defer e.Close()
	defer search.SetTunable("rfpMargin", def)
	if _, err := e.SetOption("RFPMARGIN", "100"); err != nil {
		t.Fatalf("SetOption(RFPMARGIN, 100): %v", err)
	}
	for _, v := range []string{"151", "29", "x"} {
		if _, err := e.SetOption("rfpMargin", v); err == nil {
			t.Errorf("SetOption(rfpMargin, %s) accepted", v)
		}
	}
	if err := e.Perft(MaxPerftDepth, func(string) {}, func(PerftResult) {}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.SetOption("rfpMargin", "90"); !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), "perft is running") {
		t.Errorf("SetOption(rfpMargin) during perft: error %v, want ErrBusy", err)
	}
	e.Stop()
	e.Wait()
	if v, _ := search.TunableValue("rfpMargin"); v != 100 {
		t.Errorf("rfpMargin = %d after refused settings, want 100", v)
	}
}

// TestTunableAfterThreadedSearch sets a tunable the moment a search with two
// threads has reported its move, as an SPSA driver does between games: the
// helper thread may still be searching then, reading the LMR table that
// the setting rebuilds, so the setting must wait for it. The race detector
// (make test-race runs this test in the tune build) sees it when it does
// not.
func TestTunableAfterThreadedSearch(t *testing.T) {
	e, def := twoThreadEngine(t)
	for i := 0; i < 6; i++ {
		o := runSearch(t, e, Limits{Depth: 8})
		if o.Best == movegen.NoMove {
			t.Fatalf("search %d: no best move", i)
		}
		v := def + 1 - 2*(i%2)
		if _, err := e.SetOption("lmrBase100", fmt.Sprint(v)); err != nil {
			t.Fatalf("SetOption(lmrBase100, %d) after a search: %v", v, err)
		}
	}
}

// TestTunableDuringThreadedSearch sets a tunable while a search with two
// threads runs: the setting is refused (both threads read the LMR table it
// would rebuild), the value stays, and once the search has stopped the
// same setting is taken. Under the race detector (make test-race) a
// setting that went through would show as a race with the threads.
func TestTunableDuringThreadedSearch(t *testing.T) {
	e, def := twoThreadEngine(t)
	started := make(chan struct{})
	var once sync.Once
	done := make(chan Outcome, 1)
	if err := e.Go(Limits{Infinite: true}, func(Info) { once.Do(func() { close(started) }) },
		func(o Outcome) { done <- o }); err != nil {
		t.Fatal(err)
	}
	select {
	case <-started:
	case <-time.After(30 * time.Second):
		e.Stop()
		t.Fatal("the search reported no depth in 30 s")
	}
	v := fmt.Sprint(def + 1)
	if _, err := e.SetOption("lmrBase100", v); !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), "a search is running") {
		t.Errorf("SetOption(lmrBase100, %s) during a 2-thread search: error %v, want ErrBusy", v, err)
	}
	if got, _ := search.TunableValue("lmrBase100"); got != def {
		t.Errorf("lmrBase100 = %d after the refused setting, want %d", got, def)
	}
	e.Stop()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the search did not stop")
	}
	if _, err := e.SetOption("lmrBase100", v); err != nil {
		t.Errorf("SetOption(lmrBase100, %s) after stop: %v", v, err)
	}
	if got, _ := search.TunableValue("lmrBase100"); got != def+1 {
		t.Errorf("lmrBase100 = %d after stop and setting, want %d", got, def+1)
	}
}

// twoThreadEngine returns an engine set to search with two threads, run at
// once (GOMAXPROCS 2 at least), and lmrBase100's value; the test's cleanup
// closes the engine and sets the tunable back.
func twoThreadEngine(t *testing.T) (*Engine, int) {
	t.Helper()
	if runtime.GOMAXPROCS(0) < 2 {
		old := runtime.GOMAXPROCS(2)
		t.Cleanup(func() { runtime.GOMAXPROCS(old) })
	}
	def, _ := search.TunableValue("lmrBase100")
	t.Cleanup(func() { search.SetTunable("lmrBase100", def) })
	e := New(zerolog.Nop())
	t.Cleanup(e.Close)
	if _, err := e.SetOption(OptThreads, "2"); err != nil {
		t.Fatal(err)
	}
	return e, def
}
