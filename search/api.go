package search

import (
	"time"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
)

// Limits says when a search must stop: the fields of a UCI "go" command.
// Zero values mean "no limit of that kind".
type Limits struct {
	Depth int
	Nodes uint64
	// SoftNodes ends iterative deepening after the first iteration that
	// brings the node count to this many: each move of a fixed-node
	// self-play game then plays the best move of a whole iteration, not of
	// one cut short. Nodes, if set, still stops the search mid-iteration.
	SoftNodes uint64
	Mate      int           // find a mate in this many moves
	MoveTime  time.Duration // think this long, less a few ms (movetimeReserve)
	Infinite  bool          // search until Stop
	Ponder    bool          // search until PonderHit (then timed) or Stop

	// The clock, indexed by colour. HasClock is set when wtime or btime was given.
	HasClock  bool
	Time, Inc [2]time.Duration
	MovesToGo int

	SearchMoves []movegen.Move // restrict the root to these moves, if any
}

// Options are the engine settings the search reads at the start of each search.
type Options struct {
	Threads      int
	MultiPV      int
	MoveOverhead time.Duration

	// Tablebases (see Searcher.SetTablebases). The search probes positions
	// of at most SyzygyProbeLimit pieces (0: none), those of exactly that
	// many only at depth SyzygyProbeDepth or more. Syzygy50MoveRule scores
	// wins the fifty-move rule spoils (cursed wins) as draws.
	SyzygyProbeLimit int
	SyzygyProbeDepth int
	Syzygy50MoveRule bool

	// Net, when set, is the network the search evaluates with instead of
	// the hand-written evaluation; read-only, shared by every thread.
	Net *nnue.Network
}

// Bound tells whether an Info score is exact or only a bound.
type Bound uint8

// Score bounds, as UCI's "lowerbound"/"upperbound".
const (
	Exact Bound = iota
	Lower
	Upper
)

// Info is one progress report, printed by the UCI layer as an "info" line.
type Info struct {
	Depth, SelDepth, MultiPV int
	Score                    eval.Score // centipawns from the side to move
	Mate                     int        // nonzero: mate in Mate moves (negative: being mated); Score is then unused
	Bound                    Bound
	Nodes                    uint64
	Time                     time.Duration
	HashFull                 int    // per mille
	TBHits                   uint64 // tablebase probes that answered, all threads
	// WDL is the score's win/draw/loss chances, filled in by the engine
	// when the user asks for them (UCI_ShowWDL); the search leaves it zero.
	WDL eval.WDL
	PV  []movegen.Move
	// CurrMove, when set, makes this a report of the root move now being
	// searched, the CurrMoveNumber-th (from 1) in the order searched, at
	// Depth; only Time is set besides. Sent after the first second.
	CurrMove       movegen.Move
	CurrMoveNumber int
}

// NPS returns the nodes searched per second, Nodes over Time; a time under
// a millisecond counts as one, so that the first reports of a search do not
// claim absurd speeds.
func (i Info) NPS() uint64 {
	ms := max(i.Time.Milliseconds(), 1)
	return i.Nodes * 1000 / uint64(ms)
}

// Result is what a finished search returns.
type Result struct {
	Best, Ponder movegen.Move // Best is NoMove only when the root has no legal move
	Score        eval.Score
	Nodes        uint64
}
