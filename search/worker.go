package search

import (
	"sync/atomic"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
)

// frame is one ply of a thread's search stack. Everything a node needs lives
// here, allocated once with the worker, so that the search allocates nothing.
type frame struct {
	pos movegen.Position // the position at this ply (copy-make)
	// picker hands out the node's moves (movepick.go).
	picker     movePicker
	quiets     [maxQuietsTracked]movegen.Move // quiet moves tried, for the history malus
	staticEval eval.Score
	// acc is the network's accumulator of pos, kept only when the search
	// evaluates with a net and built only when the node first needs its
	// evaluation (accReady; evaluate.go).
	acc      nnue.Accumulator
	accReady bool
	killers  [2]movegen.Move
	move     movegen.Move // the move being searched from this ply
	// cont is the continuation history of move (its piece and target),
	// which scores the replies to it; nil for a null move.
	cont *contTable
	// sinceNull counts plies since the last null move (or since the root);
	// no repetition reaches back across a null move.
	sinceNull int
	// excluded is the move a singular-extension search at this ply leaves
	// out (NoMove outside one): the node then searches its other moves and
	// must neither cut on nor overwrite the table entry of the position.
	excluded movegen.Move
}

// maxQuietsTracked bounds how many tried quiet moves get a history malus.
const maxQuietsTracked = 64

// rootMove is one legal move at the root with what the last search learnt.
type rootMove struct {
	move      movegen.Move
	score     eval.Score // this iteration's score, or -infinity if not (yet) known
	prevScore eval.Score // last completed iteration's score
	tbScore   eval.Score // the tablebases' score, when the root is in them
	selDepth  int
	pv        [MaxPly]movegen.Move
	pvLen     int
}

// worker is one search thread: its stacks, history and node count. Lazy SMP
// runs several workers on the same root; they share only the hash table.
type worker struct {
	s     *Searcher
	id    int           // 0 is the main thread
	net   *nnue.Network // the network this search evaluates with; nil: the hand-written evaluation
	stack [MaxPly + 2]frame
	pv    [MaxPly + 1][MaxPly + 1]movegen.Move
	pvLen [MaxPly + 1]int

	// history scores quiet moves by side, by whether the opponent attacks
	// their from and to squares, and by from and to square: how often they
	// caused a beta cutoff, with recent results weighing more. A move that
	// saves an attacked piece, or one that steps onto an attacked square,
	// is a different move from the same one played in peace.
	history [2][2][2][64][64]int32
	// contHistory[piece][to] scores quiet moves by what they follow: the
	// previous move (one ply back) or our own previous move (two plies).
	contHistory [16][64]contTable
	// noCont is an empty continuation table, never written: the move
	// picker reads it where a ply has no continuation table (movepick.go).
	noCont contTable
	// counterMoves[piece][to] is the quiet move that last caused a beta
	// cutoff in reply to a move of that piece to that square.
	counterMoves [16][64]movegen.Move
	// pawnCorr and nonPawnCorr correct the static evaluation by what
	// searches found in positions with the same pawns, or the same pieces
	// of one colour (correction.go): [side to move][structure], and
	// nonPawnCorr first by the pieces' colour. In 1/corrGrain centipawns.
	pawnCorr    [2][corrSize]int16
	nonPawnCorr [2][2][corrSize]int16

	keys    []uint64 // game history, then one key per ply of the current path
	rootIdx int      // index in keys of the root position

	reportFn func(Info) // the main thread's report callback; nil for helpers
	// reportedBest is the first move of the last line reported for the
	// first MultiPV line: the move a GUI shows as the engine's choice.
	reportedBest movegen.Move
	// reportedPonder is the second move of that line, or NoMove.
	reportedPonder movegen.Move
	// cutShort says the last iteration was stopped before it ended;
	// finalDepth is the depth of the line played (see iterate).
	cutShort   bool
	finalDepth int
	rootMoves  []rootMove
	pvIdx      int // MultiPV line being searched: root moves before it are excluded
	rootDepth  int
	selDepth   int

	// check counts what the tests of the checking build look at (-tags
	// searchcheck); in the normal build it is empty (check_off.go).
	check checks

	nodes     uint64        // nodes searched in this search, owned by the thread
	published atomic.Uint64 // nodes, as last published for other threads to read
	nextPoll  uint64        // the node count at which the thread polls next
	tbHits    atomic.Uint64 // tablebase probes that answered in this search
	stopped   bool          // this thread has seen the stop signal
}

func newWorker(s *Searcher, id int) *worker { return &worker{s: s, id: id} }

// clear forgets learnt move-ordering and evaluation-correction data
// (ucinewgame).
func (w *worker) clear() {
	w.history = [2][2][2][64][64]int32{}
	w.contHistory = [16][64]contTable{}
	w.counterMoves = [16][64]movegen.Move{}
	w.pawnCorr = [2][corrSize]int16{}
	w.nonPawnCorr = [2][2][corrSize]int16{}
	for i := range w.stack {
		w.stack[i].killers = [2]movegen.Move{}
	}
}

// poll is called when a thread's node count reaches nextPoll: it publishes
// the node count, reads the stop flag and checks the clock and the node
// limit, raising the flag for every thread when one is reached. Every thread
// checks, not only the main one: on a busy machine the main thread may sit
// descheduled while the others search on, and "go nodes" then overshot by a
// third.
func (w *worker) poll() {
	w.published.Store(w.nodes)
	w.nextPoll = w.nodes + w.s.pollStep(w.s.totalNodes())
	s := w.s
	if s.stop.Load() {
		w.stopped = true
		return
	}
	if s.nodeLimit != 0 && s.totalNodes() >= s.nodeLimit {
		s.stop.Store(true)
		w.stopped = true
		return
	}
	if s.budget.limited && !s.pondering.Load() && s.limitElapsed() >= s.budget.hard {
		s.stop.Store(true)
		w.stopped = true
	}
}

// pollStep is how many nodes a thread searches before its next poll, when
// all threads together have searched total: checkInterval, or with a node
// limit near, its share of the nodes left, so that "go nodes N" stops at N
// with one thread, even for N below checkInterval. With several it stops
// within a few nodes of N, as each reads the others' counts as last
// published (by up to a poll step more when one sits descheduled).
func (s *Searcher) pollStep(total uint64) uint64 {
	if s.nodeLimit == 0 {
		return checkInterval
	}
	if total >= s.nodeLimit {
		return 1
	}
	share := (s.nodeLimit - total) / uint64(s.threads())
	return max(1, min(share, checkInterval))
}

// countNode counts a node and polls when the count reaches nextPoll. It
// reports whether the search must unwind. A node entered after the stop
// (a re-search its parent starts before looking at the flag) is not
// counted: "go nodes N" reports N, not N and the nodes of the unwinding.
func (w *worker) countNode() bool {
	if w.stopped {
		return true
	}
	w.nodes++
	if w.nodes >= w.nextPoll {
		w.poll()
	}
	return w.stopped
}
