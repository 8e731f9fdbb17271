package engine

import (
	"fmt"
	"sync/atomic"
	"time"

	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
	"github.com/sightline-chess/sightline/search"
)

// Bench settings. They are part of the engine's fingerprint: changing any of
// them changes the bench node count quoted as "Bench: N" in commit messages.
const (
	// BenchDepth is the fixed search depth of every bench position, chosen so
	// that the whole bench takes a few seconds on one core.
	BenchDepth   = 11
	benchHashMB  = 16
	benchThreads = 1
	// MaxBenchDepth caps a chosen bench depth: each ply costs the bench about
	// twice the time, so depth 30 already runs for weeks, and a larger number
	// is a typo rather than a wish.
	MaxBenchDepth = 30
)

// benchPositions returns the positions Bench searches: openings,
// middlegames with tactics (some from the WAC and ECM suites), endgames of
// every kind, positions rich in special moves from the perft suites, and one
// Chess960 middlegame (the first of the Chess960 perft suite).
func benchPositions() []string {
	return []string{
		// Openings.
		movegen.StartFEN,
		"r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
		"rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6",
		"rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4",
		"rnbq1rk1/ppp1ppbp/3p1np1/8/2PPP3/2N2N2/PP3PPP/R1BQKB1R w KQ - 0 6",
		"rnbqkbnr/ppp2ppp/4p3/3pP3/3P4/8/PPP2PPP/RNBQKBNR b KQkq - 0 3",
		"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5",
		// Middlegames.
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
		"5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
		"r2q3r/ppp2k2/4nbp1/5Q1p/2P1NB2/8/PP3P1P/3RR1K1 w - - 0 1",
		"6rk/1pp2Qrp/3p1B2/1pb1p2R/3n1q2/3P4/PPP3PP/R6K w - - 0 1",
		"r4rk1/1bq1bp1p/4p1p1/p2p4/3BnP2/1N1B3R/PPP3PP/R2Q2K1 w - - 0 1",
		"r2qkb1r/pppb2pp/2np1n2/5pN1/2BQP3/2N5/PPP2PPP/R1B1K2R w KQkq - 0 1",
		"3rr1k1/pb3pp1/1p1q1b1p/1P2NQ2/3P4/P1NB4/3K1P1P/2R3R1 w - - 0 1",
		"r1b4r/pp2ppk1/2np1np1/3N3p/2B1P3/q3BP2/P1PQ2PP/1R3RK1 w - - 0 1",
		"r1b2k1r/1p2qp2/pN1p1n2/2pP2pp/P2bP1P1/2N5/1P2BPP1/R2Q1RK1 b - - 0 1",
		"2rr2k1/4bppp/p1n1p3/3q4/1p1P2N1/2P3R1/P3QPPP/2B2RK1 w - - 0 1",
		"r2q1rk1/pb1nbp1p/1p2p1p1/4N1BQ/2PP4/P7/5PPP/RB2R1K1 w - - 0 1",
		"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
		// Endgames.
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"1Q4R1/8/P1b2p2/2p2k2/2P5/5p2/1r5P/4R1K1 b - - 0 1",
		"8/8/1p2k3/p1r5/P4R2/1P2K3/8/8 w - - 0 1",
		"1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",
		"8/8/4k3/3n4/8/2N1K3/5P2/8 w - - 0 1",
		"8/5k2/3b4/8/5P2/4K3/4B3/8 w - - 0 1",
		"8/8/8/8/3k4/8/3r4/3K3Q w - - 0 1",
		"8/8/8/8/8/K7/P7/k7 w - - 0 1",
		"8/8/7k/7p/7P/7K/8/8 w - - 0 1",
		"8/PPPk4/8/8/8/8/4Kppp/8 b - - 0 1",
		"k7/8/2N5/1N6/8/8/8/K6n w - - 0 1",
		"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
		// Chess960.
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	}
}

// BenchResult is the outcome of a bench run.
type BenchResult struct {
	Nodes     uint64
	Elapsed   time.Duration
	Positions int  // searched to the end
	Stopped   bool // the bench was stopped before its last position
}

// NPS returns the nodes searched per second.
func (r BenchResult) NPS() uint64 {
	s := r.Elapsed.Seconds()
	if s <= 0 {
		return 0
	}
	return uint64(float64(r.Nodes) / s)
}

// String is the line OpenBench reads, always the last line of a bench:
// "N nodes M nps".
func (r BenchResult) String() string {
	return fmt.Sprintf("%d nodes %d nps", r.Nodes, r.NPS())
}

// Bench searches every bench position to depth (BenchDepth when depth < 1)
// with one thread and a fresh 16 MB hash table cleared before each position,
// evaluating as the engine does by default (the embedded net), calling
// progress with one line per position. The node count depends on nothing but
// the code and the embedded net: it is the engine's fingerprint. A build
// that embeds no net (nnue.ErrNoEmbeddedNet) benches the hand-written
// evaluation, as it searches.
func Bench(depth int, progress func(string)) BenchResult {
	return BenchNet(depth, nnue.DefaultNet(), progress)
}

// BenchNet is Bench evaluating with net, or with the hand-written evaluation
// when net is nil: the same positions, to compare speeds. The hand-written
// evaluation's count is a fingerprint of its own (bench_test.go).
func BenchNet(depth int, net *nnue.Network, progress func(string)) BenchResult {
	return newBenchRun(net).run(depth, progress)
}

// benchRun is one bench, which can be stopped from another goroutine.
type benchRun struct {
	s       *search.Searcher
	net     *nnue.Network // nil: the hand-written evaluation
	stopped atomic.Bool
}

func newBenchRun(net *nnue.Network) *benchRun {
	return &benchRun{s: search.New(benchHashMB), net: net}
}

// stop ends the bench within the current position's search.
func (b *benchRun) stop() {
	b.stopped.Store(true)
	b.s.Stop()
}

func (b *benchRun) run(depth int, progress func(string)) BenchResult {
	if depth < 1 {
		depth = BenchDepth
	}
	s := b.s
	opt := search.Options{Threads: benchThreads, MultiPV: 1, Net: b.net}
	lim := search.Limits{Depth: depth}
	var r BenchResult
	start := time.Now()
	fens := benchPositions()
	for i, fen := range fens {
		pos := movegen.MustParseFEN(fen)
		s.Clear()
		// Prepare before looking at the flag: a stop after the look then
		// still reaches this position's search.
		s.Prepare()
		if b.stopped.Load() {
			r.Stopped = true
			break
		}
		res := s.Search(pos, nil, lim, opt, func(search.Info) {})
		if b.stopped.Load() {
			r.Stopped = true // this position's count is cut short
			break
		}
		r.Nodes += res.Nodes
		r.Positions++
		if progress != nil {
			progress(fmt.Sprintf("position %d/%d: %s: bestmove %s nodes %d",
				i+1, len(fens), fen, res.Best.UCI(true), res.Nodes))
		}
	}
	r.Elapsed = time.Since(start)
	return r
}

// Bench starts the bench (see the function Bench) as a job on the engine's
// worker, as Go starts a search, and returns at once: progress receives a
// line per position, done the result. Stop ends it within the current
// position, with Stopped set and the positions searched to the end counted.
// A depth above MaxBenchDepth, or another job running, is refused with an
// error; a depth below 1 is BenchDepth. With UseNNUE on, it evaluates with
// the net in use (see BenchNet).
func (e *Engine) Bench(depth int, progress func(string), done func(BenchResult)) error {
	if depth > MaxBenchDepth {
		return fmt.Errorf("bench: depth %d is above %d", depth, MaxBenchDepth)
	}
	e.mu.Lock()
	var net *nnue.Network
	if e.settings.UseNNUE {
		net = e.netLocked()
	}
	e.mu.Unlock()
	b := newBenchRun(net)
	j := newJob("bench", b.stop)
	j.count = true
	err := e.start(j, func() func() {
		r := b.run(depth, progress)
		return func() { done(r) }
	})
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	return nil
}
