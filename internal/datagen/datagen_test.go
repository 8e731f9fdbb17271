package datagen

import (
	"bytes"
	"context"
	"errors"
	"io"
	"slices"
	"testing"

	"github.com/sightline-chess/sightline/internal/datafile"
	"github.com/sightline-chess/sightline/movegen"
)

// run plays a small run into memory.
func run(t *testing.T, cfg *Config) []byte {
	t.Helper()
	var buf bytes.Buffer
	st, err := Run(context.Background(), cfg, &buf, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != cfg.Games {
		t.Fatalf("Run wrote %d games, want %d", st.Games, cfg.Games)
	}
	return buf.Bytes()
}

func smallConfig() *Config {
	return &Config{Games: 3, Nodes: 300, Threads: 1, RandomPlies: 8, Seed: 7, HashMB: 1}
}

// readAll reads back the games of a run.
func readAll(t *testing.T, data []byte) ([][]datafile.Record, error) {
	t.Helper()
	var games [][]datafile.Record
	truncated, err := datafile.EachGame(bytes.NewReader(data), func(g []datafile.Record) bool {
		games = append(games, slices.Clone(g))
		return true
	})
	if truncated {
		err = datafile.ErrTruncated
	}
	return games, err
}

// Same seed and settings with one thread: the same file, byte for byte.
func TestRunIsReproducible(t *testing.T) {
	a, b := run(t, smallConfig()), run(t, smallConfig())
	if !bytes.Equal(a, b) {
		t.Fatalf("two runs with the same settings wrote different files (%d and %d bytes)", len(a), len(b))
	}
	other := smallConfig()
	other.Seed = 8
	if bytes.Equal(a, run(t, other)) {
		t.Errorf("another seed wrote the same file")
	}
}

// Each record is a legal continuation: the positions of a game follow one
// another by the move recorded, the result is the game's, and the score is
// White's view of a real search.
func TestRecordsFollowTheGame(t *testing.T) {
	games, err := readAll(t, run(t, smallConfig()))
	if err != nil {
		t.Fatal(err)
	}
	for gi, g := range games {
		for i := range g {
			r := &g[i]
			if r.Result != g[0].Result {
				t.Fatalf("game %d: record %d has result %d, the game %d", gi, i, r.Result, g[0].Result)
			}
			var ml movegen.MoveList
			r.Pos.GenerateLegal(&ml)
			legal := false
			for _, m := range ml.Slice() {
				legal = legal || m == r.Move
			}
			if !legal {
				t.Fatalf("game %d ply %d: move %v is not legal in %q", gi, i, r.Move, r.Pos.String())
			}
			if i+1 < len(g) {
				next := r.Pos
				next.MakeMove(r.Move)
				if next.String() != g[i+1].Pos.String() {
					t.Fatalf("game %d ply %d: %v leads to %q, the next record holds %q", gi, i, r.Move, next.String(), g[i+1].Pos.String())
				}
			}
		}
	}
}

func TestConfigCheck(t *testing.T) {
	for name, mod := range map[string]func(*Config){
		"no games":       func(c *Config) { c.Games = 0 },
		"negative nodes": func(c *Config) { c.Nodes = -5 },
		"many threads":   func(c *Config) { c.Threads = MaxThreads + 1 },
		"no threads":     func(c *Config) { c.Threads = 0 },
		"random plies":   func(c *Config) { c.RandomPlies = -1 },
		"depth":          func(c *Config) { c.Depth = -1 },
	} {
		c := smallConfig()
		mod(c)
		if err := c.Check(); err == nil {
			t.Errorf("%s: Check accepted it", name)
		}
	}
	if err := smallConfig().Check(); err != nil {
		t.Errorf("a good config: %v", err)
	}
}

// A cancelled run drops the games in play and returns with whole games
// written and the context's error.
func TestStopLeavesWholeGames(t *testing.T) {
	cfg := smallConfig()
	cfg.Games = 1000
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out bytes.Buffer
	_, err := Run(ctx, cfg, &cancelAfterGames{w: &out, cancel: cancel, games: 2}, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run after cancel: %v, want context.Canceled", err)
	}
	games, rerr := readAll(t, out.Bytes())
	if rerr != nil || len(games) < 2 || len(games) > 4 {
		t.Errorf("after a cancel: %d games read, error %v", len(games), rerr)
	}
}

// cancelAfterGames cancels once it has seen a number of writes past the header.
type cancelAfterGames struct {
	w      io.Writer
	cancel func()
	games  int
	seen   int
}

func (c *cancelAfterGames) Write(p []byte) (int, error) {
	c.seen++
	if c.seen > c.games {
		c.cancel()
	}
	return c.w.Write(p)
}
