package datagen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/internal/datafile"
	"github.com/sightline-chess/sightline/movegen"
)

// Config is one datagen run.
type Config struct {
	Games       int    // games to play
	Nodes       int    // soft node limit of each move's search
	Depth       int    // depth limit of each move's search; 0: none
	Threads     int    // games played at once, one search thread each
	RandomPlies int    // random legal plies played after the start position or book line
	Seed        uint64 // with the game's index, decides everything random about it
	HashMB      int    // each thread's transposition table
	Book        []movegen.Position

	// Append writes no header: w already holds Resumed whole games of the
	// current version (datafile.OpenAppend). A run that goes on from a stopped one
	// draws its games from a stream of their own, the seed mixed with
	// Resumed, so that it plays new games, not the first ones again.
	Append  bool
	Resumed int

	// Net, when set, is the network every search evaluates with (a later
	// generation's data comes from the previous net's self-play); nil: the
	// hand-written evaluation.
	Net *nnue.Network

	stop atomic.Bool
}

// Flag limits: beyond them a value is a typo.
const (
	MaxThreads     = 256
	MaxRandomPlies = 40
	MaxNodes       = 100_000_000
	MaxDepth       = 60
	MaxHashMB      = 4096 // a thread's table; a move's search fills a few thousand slots
)

// Check refuses settings that cannot make a run.
func (c *Config) Check() error {
	switch {
	case c.Games < 1:
		return fmt.Errorf("-games %d: want at least 1", c.Games)
	case c.Nodes < 1 || c.Nodes > MaxNodes:
		return fmt.Errorf("-nodes %d: want 1 to %d", c.Nodes, MaxNodes)
	case c.Depth < 0 || c.Depth > MaxDepth:
		return fmt.Errorf("-depth %d: want 0 (no limit) to %d", c.Depth, MaxDepth)
	case c.Threads < 1 || c.Threads > MaxThreads:
		return fmt.Errorf("-threads %d: want 1 to %d", c.Threads, MaxThreads)
	case c.RandomPlies < 0 || c.RandomPlies > MaxRandomPlies:
		return fmt.Errorf("-random-plies %d: want 0 to %d", c.RandomPlies, MaxRandomPlies)
	case c.HashMB < 1 || c.HashMB > MaxHashMB:
		return fmt.Errorf("-hash %d: want 1 to %d MB", c.HashMB, MaxHashMB)
	case c.Resumed < 0:
		return fmt.Errorf("%d games resumed", c.Resumed)
	}
	return nil
}

func (c *Config) stopped() bool { return c.stop.Load() }

// gameSeed is the seed of the games of this run: Seed, or for a run that
// goes on from Resumed games, a number drawn from a generator seeded with
// Seed and that count, so that nearby counts give unrelated seeds.
func (c *Config) gameSeed() uint64 {
	if c.Resumed == 0 {
		return c.Seed
	}
	return rand.New(rand.NewPCG(c.Seed, uint64(c.Resumed))).Uint64()
}

// ReadBook reads an EPD or FEN file, one position a line (movegen.ReadEPD:
// the first four fields, and the move counters when they follow); blank
// lines and lines starting with '#' are skipped. A line that does not parse
// fails the read, naming it.
func ReadBook(r io.Reader) ([]movegen.Position, error) {
	es, err := movegen.ReadEPD(r)
	if err != nil {
		return nil, err
	}
	if len(es) == 0 {
		return nil, errors.New("no positions in the book")
	}
	return movegen.Positions(es), nil
}

// Stats is what a run has done so far.
type Stats struct {
	Games, Positions int
	Nodes            uint64 // searched by all threads, including thrown-away openings
	Elapsed          time.Duration
	Results          [3]int // indexed by datafile.Result
}

// Run plays cfg.Games games on cfg.Threads goroutines and writes them to w
// as they finish, calling progress now and then (from one goroutine). When
// ctx is cancelled, the games in progress are dropped and Run returns what
// was written, with ctx's error. The file is flushed in either case.
func Run(ctx context.Context, cfg *Config, w io.Writer, progress func(Stats)) (Stats, error) {
	if err := cfg.Check(); err != nil {
		return Stats{}, err
	}
	var out *datafile.Writer
	if cfg.Append {
		out = datafile.NewAppender(w)
	} else {
		var err error
		if out, err = datafile.NewWriter(w); err != nil {
			return Stats{}, err
		}
	}
	start := time.Now()
	type finished struct {
		game []datafile.Record
		done chan struct{} // closed by the writer once game is written
	}
	games := make(chan finished)
	var next atomic.Int64
	var wg sync.WaitGroup
	players := make([]*player, cfg.Threads)
	for t := range players {
		players[t] = newPlayer(cfg)
		wg.Add(1)
		go func(pl *player) {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= cfg.Games || cfg.stopped() {
					return
				}
				g := pl.play(i)
				if g == nil {
					continue
				}
				done := make(chan struct{})
				games <- finished{g, done}
				<-done // g is the player's buffer: wait until it is written
			}
		}(players[t])
	}
	go func() { wg.Wait(); close(games) }()
	stopWatch := context.AfterFunc(ctx, func() {
		cfg.stop.Store(true)
		for _, pl := range players {
			pl.s.Stop()
		}
	})
	defer stopWatch()

	var st Stats
	var werr error
	lastReport := time.Now()
	nodes := func() (n uint64) {
		for _, pl := range players {
			n += atomic.LoadUint64(&pl.nodes)
		}
		return n
	}
	for f := range games {
		if werr == nil {
			werr = out.WriteGame(f.game)
			if werr == nil {
				// Flush each game, so a kill loses at most the games in play.
				werr = out.Flush()
			}
		}
		if werr == nil {
			st.Games++
			st.Positions += len(f.game)
			st.Results[f.game[0].Result]++
		} else {
			cfg.stop.Store(true)
		}
		close(f.done)
		if progress != nil && time.Since(lastReport) >= 2*time.Second {
			lastReport = time.Now()
			st.Elapsed = time.Since(start)
			st.Nodes = nodes()
			progress(st)
		}
	}
	if err := out.Flush(); werr == nil {
		werr = err
	}
	st.Elapsed = time.Since(start)
	st.Nodes = nodes()
	if werr != nil {
		return st, fmt.Errorf("writing the data: %w", werr)
	}
	return st, ctx.Err()
}
