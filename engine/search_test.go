package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/rs/zerolog"

	"github.com/sightline-chess/sightline/movegen"
)

// TestSearchOutcomeInfo checks that Search returns what Go reports, and
// that Outcome.Info is the last report of the first line: the depth asked
// for, its PV leading with the move played, also with several lines.
func TestSearchOutcomeInfo(t *testing.T) {
	e := New(zerolog.Nop())
	defer e.Close()
	for _, multiPV := range []string{"1", "3"} {
		if _, err := e.SetOption(OptMultiPV, multiPV); err != nil {
			t.Fatal(err)
		}
		var depths []int
		o, err := e.Search(context.Background(), Limits{Depth: 5}, func(i Info) {
			if i.MultiPV == 1 && i.CurrMove == movegen.NoMove {
				depths = append(depths, i.Depth)
			}
		})
		if err != nil {
			t.Fatalf("Search(depth 5, MultiPV %s) = %v", multiPV, err)
		}
		if o.Info.Depth != 5 || o.Info.MultiPV != 1 || len(o.Info.PV) == 0 || o.Info.PV[0] != o.Best {
			t.Errorf("Search(depth 5, MultiPV %s): Info %+v, want depth 5, line 1, PV leading with %s", multiPV, o.Info, o.Best)
		}
		if len(o.Info.PV) > 1 && o.Info.PV[1] != o.Ponder {
			t.Errorf("Search(depth 5, MultiPV %s): PV %v, ponder %s; want the PV's second move", multiPV, o.Info.PV, o.Ponder)
		}
		if o.Info.Nodes == 0 || len(depths) == 0 || depths[len(depths)-1] != 5 {
			t.Errorf("Search(depth 5, MultiPV %s): %d nodes, depths reported %v; want nodes and depths up to 5", multiPV, o.Info.Nodes, depths)
		}
	}
}

// TestSearchContext checks that an infinite search ends when its context
// does, with a legal move and the context's error.
func TestSearchContext(t *testing.T) {
	e := New(zerolog.Nop())
	defer e.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	o, err := e.Search(ctx, Limits{Infinite: true}, func(i Info) {
		if i.Depth >= 3 {
			cancel()
		}
	})
	g := e.Game()
	if !errors.Is(err, context.Canceled) || !isLegal(&g.Position, o.Best) {
		t.Errorf("Search(infinite) cancelled = %s, %v; want a legal move and context.Canceled", o.Best, err)
	}
	if e.Busy() {
		t.Errorf("Busy() after Search returned")
	}
	// A context already done still gives a legal move.
	o, err = e.Search(ctx, Limits{Infinite: true}, nil)
	if !errors.Is(err, context.Canceled) || !isLegal(&g.Position, o.Best) {
		t.Errorf("Search(infinite) with a done context = %s, %v; want a legal move and context.Canceled", o.Best, err)
	}
}

// TestSearchRefused checks that Search refuses what Go refuses and that
// a position without moves has no move and a zero Info.
func TestSearchRefused(t *testing.T) {
	e := New(zerolog.Nop())
	defer e.Close()
	if o, err := e.Search(context.Background(), Limits{Depth: -1}, nil); !errors.Is(err, ErrLimits) || o.Best != movegen.NoMove || o.Info.Depth != 0 {
		t.Errorf("Search(depth -1) = %+v, %v; want no outcome and ErrLimits", o, err)
	}
	if err := e.SetPosition("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", nil); err != nil {
		t.Fatal(err)
	}
	o, err := e.Search(context.Background(), Limits{Depth: 3}, nil)
	if err != nil || !o.Mated || o.Best != movegen.NoMove || o.Info.Depth != 0 || o.Info.PV != nil {
		t.Errorf("Search(mated) = %+v, %v; want mated, no move, a zero Info", o, err)
	}
}

// TestSearchRepeats checks the package doc's promise that a one-thread
// search to a fixed depth or node count after New or NewGame says the same
// on every run: the examples' output rests on it.
func TestSearchRepeats(t *testing.T) {
	const fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	type line struct {
		depth int
		score int
		nodes uint64
		pv    string
	}
	run := func(e *Engine, lim Limits) (string, []line) {
		t.Helper()
		if err := e.SetPosition(fen, nil); err != nil {
			t.Fatal(err)
		}
		var lines []line
		o, err := e.Search(context.Background(), lim, func(i Info) {
			if i.CurrMove == movegen.NoMove && i.Bound == Exact {
				lines = append(lines, line{i.Depth, int(i.Score), i.Nodes, fmt.Sprint(i.PV)})
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		i := o.Info
		return o.Best.String(), append(lines, line{i.Depth, int(i.Score), i.Nodes, fmt.Sprint(i.PV)})
	}
	for _, lim := range []Limits{{Depth: 7}, {Nodes: 30_000}} {
		first := New(zerolog.Nop())
		best, lines := run(first, lim)
		first.NewGame()
		best2, lines2 := run(first, lim)
		first.Close()
		second := New(zerolog.Nop())
		best3, lines3 := run(second, lim)
		second.Close()
		if best2 != best || !slices.Equal(lines2, lines) {
			t.Errorf("Search(%+v) after NewGame: %s %v, want %s %v as the first time", lim, best2, lines2, best, lines)
		}
		if best3 != best || !slices.Equal(lines3, lines) {
			t.Errorf("Search(%+v) by a new engine: %s %v, want %s %v as the first", lim, best3, lines3, best, lines)
		}
	}
}
