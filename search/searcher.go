package search

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
	"github.com/sightline-chess/sightline/tablebase"
)

// Searcher is the search, with its transposition table and the threads'
// history tables, kept between searches of one game. One Searcher runs one
// search at a time; Stop and PonderHit may be called from any goroutine.
type Searcher struct {
	tt      *TT
	workers []*worker // workers[0] is the main thread; grown to Options.Threads
	// helpers counts the helper threads of the last search still running.
	// Search returns as soon as the main thread has decided, without waiting
	// for them (a loaded machine may not schedule them for a while, and the
	// clock is ours); whatever touches shared state next waits first.
	helpers sync.WaitGroup

	stop      atomic.Bool // raised by Stop, a limit, or the main thread finishing
	pondering atomic.Bool // no time limit applies while set
	ponderHit atomic.Bool // PonderHit was called since Prepare
	prepared  atomic.Bool // Prepare was called for the next Search

	// The clock. start is when Search began; limitStart is from when the
	// time limits count (start, or the ponderhit moment), kept as an offset
	// from start so that the hot path reads one atomic integer.
	start      time.Time
	limitShift atomic.Int64 // nanoseconds from start to when the limits start counting
	startMu    sync.Mutex   // guards start against PonderHit during setup

	// Per-search settings, written before the threads start.
	lim       Limits
	opt       Options
	budget    timeBudget
	nodeLimit uint64

	// Tablebases: the tables (nil: none; shared, read-only), the most pieces
	// the search probes this time (0: no probes), from which depth a
	// position of exactly that many is probed, whether cursed wins count as
	// draws, whether the root moves were ranked by the tables (then each
	// root move has its tablebase score) and the probes that ranking took.
	tb         *tablebase.Tablebases
	tbLimit    int
	tbDepth    int
	tbRule50   bool
	rootInTB   bool
	rootTBHits uint64

	// The root score of the last search, from its side to move, for the
	// time manager's score trend (scoreTrendScale); -infinity when there is
	// none (a new Searcher, or after Clear), which scoreLoss ignores.
	lastScore eval.Score
}

// New returns a Searcher with a transposition table of hashMB megabytes.
func New(hashMB int) *Searcher {
	s := &Searcher{tt: NewTT(hashMB), lastScore: -infinity}
	s.workers = []*worker{newWorker(s, 0)}
	return s
}

// SetHashSize resizes (and clears) the transposition table, or returns an
// error and keeps the old one if a table of mb megabytes cannot be had
// (TT.Resize). Not during a search.
func (s *Searcher) SetHashSize(mb int) error {
	s.helpers.Wait()
	return s.tt.Resize(mb)
}

// Clear forgets everything learnt: hash table, history, killers (ucinewgame).
// Not during a search.
func (s *Searcher) Clear() {
	s.helpers.Wait()
	s.tt.Clear()
	for _, w := range s.workers {
		w.clear()
	}
	s.lastScore = -infinity
}

// Prepare readies the Searcher for the next Search by forgetting earlier
// Stop and PonderHit calls. An engine that starts Search on a new goroutine
// calls Prepare before starting it: then a Stop or PonderHit that arrives
// before that goroutine has entered Search still applies to it. Without
// Prepare, Search forgets them itself when it starts.
func (s *Searcher) Prepare() {
	s.helpers.Wait() // they stop on the flag about to be lowered
	s.stop.Store(false)
	s.ponderHit.Store(false)
	s.prepared.Store(true)
}

// WaitHelpers blocks until the helper threads of the last search have
// stopped. Search returns without waiting for them (see helpers), and the
// Searcher's own methods wait where they must; a caller about to change
// what the helpers read outside the Searcher (the tune build's tunables,
// SetTunable, and the tables built from them) waits here first.
func (s *Searcher) WaitHelpers() { s.helpers.Wait() }

// Stop ends the current search as soon as possible (within milliseconds):
// every thread sees the flag at its next poll and unwinds.
func (s *Searcher) Stop() { s.stop.Store(true) }

// PonderHit turns a ponder search into a normal timed search. The time
// limits count from this moment: while we pondered it was the opponent's
// clock that ran, so the clock we were given is still what we have. A
// PonderHit after Prepare but before Search starts makes the search timed
// from its start.
func (s *Searcher) PonderHit() {
	s.ponderHit.Store(true)
	s.startMu.Lock()
	if s.pondering.Load() {
		s.limitShift.Store(int64(time.Since(s.start)))
	}
	s.startMu.Unlock()
	s.pondering.Store(false)
}

// elapsed is the time since Search began.
func (s *Searcher) elapsed() time.Duration { return time.Since(s.start) }

// limitElapsed is the time that counts against the time limits.
func (s *Searcher) limitElapsed() time.Duration {
	return time.Since(s.start) - time.Duration(s.limitShift.Load())
}

// totalTBHits sums the tablebase probes of the root and of every thread.
func (s *Searcher) totalTBHits() uint64 {
	n := s.rootTBHits
	for _, w := range s.workers[:s.threads()] {
		n += w.tbHits.Load()
	}
	return n
}

// shownScore is the score reported for root move rm: its search score, or,
// when the root is in the tablebases and the search found no mate, the
// tables' verdict (the search, restricted to moves that keep the outcome,
// only chooses among them).
func (s *Searcher) shownScore(rm *rootMove, score eval.Score) eval.Score {
	if s.rootInTB && score > -mateBound && score < mateBound {
		return rm.tbScore
	}
	return score
}

// totalNodes sums the node counts the threads have published.
func (s *Searcher) totalNodes() uint64 {
	var n uint64
	for _, w := range s.workers[:s.threads()] {
		n += w.published.Load()
	}
	return n
}

func (s *Searcher) threads() int {
	n := s.opt.Threads
	if n < 1 {
		n = 1
	}
	if n > len(s.workers) {
		n = len(s.workers)
	}
	return n
}

// Search searches root, whose game history is given as the Zobrist keys of the
// positions before it (oldest first, for repetition draws), until lim says
// stop. It calls report for each progress line (from the calling goroutine
// only) and returns the result. It blocks; the engine runs it on its own
// goroutine. See the package documentation for what it promises.
func (s *Searcher) Search(root movegen.Position, history []uint64, lim Limits, opt Options, report func(Info)) Result {
	s.helpers.Wait()
	if !s.prepared.Swap(false) {
		s.stop.Store(false)
		s.ponderHit.Store(false)
	}
	s.startMu.Lock()
	s.start = time.Now()
	s.limitShift.Store(0)
	s.pondering.Store(lim.Ponder)
	s.startMu.Unlock()
	if s.ponderHit.Load() {
		s.pondering.Store(false) // the ponderhit came before we started
	}
	defer s.pondering.Store(false)

	if opt.Threads < 1 {
		opt.Threads = 1
	}
	if opt.MultiPV < 1 {
		opt.MultiPV = 1
	}
	s.lim, s.opt = lim, opt
	s.budget = allocateTime(lim, root.SideToMove(), opt.MoveOverhead)
	s.nodeLimit = lim.Nodes
	for len(s.workers) < opt.Threads {
		s.workers = append(s.workers, newWorker(s, len(s.workers)))
	}

	moves := rootMoveList(&root, lim.SearchMoves)
	var tbScores []eval.Score
	if len(moves) > 0 {
		moves, tbScores = s.setupTablebases(&root, history, moves)
	}
	s.rootInTB = tbScores != nil
	if len(moves) == 0 {
		// Checkmate or stalemate: nothing to search.
		score := drawScore
		if root.InCheck() {
			score = -mateScore
		}
		if report != nil {
			report(Info{Score: score, MultiPV: 1, Time: s.elapsed()})
		}
		return Result{Score: score}
	}
	if len(moves) == 1 && s.budget.limited {
		// One legal move: play it without spending the clock; a quick
		// search still finds a ponder move and a score.
		s.budget.soft = 0
	}
	if s.opt.MultiPV > len(moves) {
		s.opt.MultiPV = len(moves)
	}
	s.tt.NewSearch()

	n := s.threads()
	for i, w := range s.workers[:n] {
		w.prepare(&root, history, moves, tbScores)
		if i > 0 {
			s.helpers.Add(1)
			go func(w *worker) {
				defer s.helpers.Done()
				w.iterate(nil)
			}(w)
		}
	}
	main := s.workers[0]
	main.iterate(report)
	// The main thread decides: stop the helpers, and answer without waiting
	// for them to notice (see Searcher.helpers).
	s.stop.Store(true)

	best := &main.rootMoves[0]
	s.lastScore = best.score
	res := Result{Best: best.move, Score: s.shownScore(best, best.score), Nodes: s.totalNodes()}
	if best.pvLen > 1 {
		res.Ponder = best.pv[1]
	} else if !gameEndsAfter(&root, history, best.move) {
		res.Ponder = s.ponderFromTT(&root, best.move)
	}
	if report != nil {
		main.reportFinal(report, res.Ponder)
	}
	return res
}

// ponderFromTT finds a reply to best in the hash table, for when the PV is
// one move long (the last iteration was cut short, or a cutoff ended it).
func (s *Searcher) ponderFromTT(root *movegen.Position, best movegen.Move) movegen.Move {
	child := *root
	child.MakeMove(best)
	e, ok := s.tt.Probe(child.Key(), 1)
	if !ok || e.move == movegen.NoMove {
		return movegen.NoMove
	}
	var ml movegen.MoveList
	child.GenerateLegal(&ml)
	for _, m := range ml.Slice() {
		if m == e.move {
			return m
		}
	}
	return movegen.NoMove
}

// gameEndsAfter reports whether best ends the game by a draw the rules
// declare or a player may claim: the position after it occurs for the third
// time (history holds the keys of the game before root), the fifty-move
// rule, or material that cannot mate. Then no reply is taken from the hash
// table for the ponder move: the game is over, and a PV that went on past
// a threefold repetition would be wrong (fastchess warns of it).
func gameEndsAfter(root *movegen.Position, history []uint64, best movegen.Move) bool {
	child := *root
	child.MakeMove(best)
	if child.HalfmoveClock() >= 100 || insufficientMaterial(&child) {
		return true
	}
	// The game before root holds the earlier positions with the same side
	// to move every other key, the last one two plies before child; none
	// before the last irreversible move can be child's.
	seen, key := 0, child.Key()
	for back := 2; back <= child.HalfmoveClock() && back-1 <= len(history); back += 2 {
		if history[len(history)-(back-1)] == key {
			seen++
		}
	}
	return seen >= 2
}

// rootMoveList returns the legal moves of root, restricted to searchMoves
// when any of them is legal, ordered by a quick static look: captures by
// their exchange value first.
func rootMoveList(root *movegen.Position, searchMoves []movegen.Move) []movegen.Move {
	var ml movegen.MoveList
	root.GenerateLegal(&ml)
	moves := make([]movegen.Move, 0, ml.N)
	for _, m := range ml.Slice() {
		if len(searchMoves) == 0 || containsMove(searchMoves, m) {
			moves = append(moves, m)
		}
	}
	if len(moves) == 0 && len(searchMoves) > 0 {
		// No listed move is legal: search them all rather than nothing.
		moves = append(moves, ml.Slice()...)
	}
	return moves
}

func containsMove(list []movegen.Move, m movegen.Move) bool {
	for _, x := range list {
		if x == m {
			return true
		}
	}
	return false
}

// prepare sets a worker up for a new search of root; tbScores, when the
// root is in the tablebases, holds each move's tablebase score.
func (w *worker) prepare(root *movegen.Position, history []uint64, moves []movegen.Move, tbScores []eval.Score) {
	need := len(history) + MaxPly + 2
	if cap(w.keys) < need {
		w.keys = make([]uint64, need)
	}
	w.keys = w.keys[:need]
	copy(w.keys, history)
	w.rootIdx = len(history)
	w.keys[w.rootIdx] = root.Key()
	w.stack[0].pos = *root
	w.stack[0].sinceNull = noNullMoveYet
	w.stack[0].staticEval = noEvalSeen
	w.setNet(w.s.opt.Net)
	for i := range w.stack {
		w.stack[i].killers = [2]movegen.Move{}
	}
	if cap(w.rootMoves) < len(moves) {
		w.rootMoves = make([]rootMove, len(moves))
	}
	w.rootMoves = w.rootMoves[:len(moves)]
	for i, m := range moves {
		w.rootMoves[i] = rootMove{move: m, score: -infinity, prevScore: -infinity}
		if tbScores != nil {
			w.rootMoves[i].tbScore = tbScores[i]
		}
	}
	w.orderRoot()
	w.nodes = 0
	w.published.Store(0)
	w.nextPoll = w.s.pollStep(0) // the other threads' counts may still be the last search's
	w.tbHits.Store(0)
	w.stopped = false
	w.selDepth = 0
}

// mateInMoves converts a mate score into UCI's "mate N": moves (not plies)
// to mate, negative when we are being mated; 0 if s is no mate score.
func mateInMoves(s eval.Score) int {
	switch {
	case s >= mateBound:
		return int(mateScore-s+1) / 2
	case s <= -mateBound:
		return -int(mateScore+s) / 2
	}
	return 0
}
