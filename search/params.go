package search

import (
	"time"

	"github.com/sightline-chess/sightline/eval"
)

// Every tuned number of the search lives here or, for those an SPSA tuner
// may move, in tunables.go, so that a tuner (or a reader asking "why 3?")
// finds them in one place.

// Limits of the search stacks.
const (
	// MaxPly bounds the search depth from the root, including quiescence and
	// extensions; the per-ply stacks have this many entries.
	MaxPly = 128
	// maxDepth is the deepest iteration iterative deepening starts.
	maxDepth = MaxPly - 8
	// checkInterval is how many nodes a thread searches between looks at the
	// stop flag and the clock: about a millisecond at a million nodes/second.
	checkInterval = 1024
)

// Aspiration windows (step 1 of the root): search near the last score first.
const (
	aspirationMinDepth = 5 // iterations before this one use a full window
	aspirationGrowth   = 2 // the half-width (from aspirationDelta) multiplies by this on each fail
	// aspirationMaxDelta: once the half-width grows past this (ten pawns),
	// the score is far from the guess and the window opens to the full
	// range rather than failing again.
	aspirationMaxDelta = 1000
)

// Mate-distance scoring, and the tablebase wins just below the mates.
// "Decisive" scores, mates and tablebase wins alike, lie beyond ±tbWinBound.
const (
	mateScore  = eval.Mate
	mateBound  = eval.MateBound
	tbWin      = eval.TBWin
	tbWinBound = eval.TBWinBound
	infinity   = eval.Infinite
	drawScore  = eval.Draw
	noEvalSeen = -eval.Infinite // stack value for "static eval not computed (in check)"
)

// tbStoreDepthBonus: a tablebase result is stored this many plies deeper
// than the node's depth, so that searches of the position trust it.
const tbStoreDepthBonus = 6

// Null-move pruning: give the opponent a free move; if that still fails high,
// the position is good enough to cut.
// Its reduction is tunable (tunables.go).
const nmpMinDepth = 3

// Late-move reductions: moves ordered late are searched shallower first.
// Its formula is tunable (tunables.go).
const (
	lmrMinDepth = 3
	lmrMinMoves = 3 // moves before this index are never reduced (1-based count)
)

// The reduction of a late quiet move goes up by one ply in a non-PV node
// that was not on a PV either when the table stored it, in a cut node, and
// when the hash move is a capture; down by one when the static evaluation
// is improving, for a check and for a killer; and down by the move's
// history over lmrHistoryDiv (up, when its history is negative).

// Check extension: a move that gives check is searched one ply deeper, but
// only within checkExtensionMaxRatio times the iteration's nominal depth
// from the root, so that a long series of checks (a perpetual) cannot
// extend the search without end.
const checkExtensionMaxRatio = 2

// Singular extensions: the hash move is searched a ply deeper when every
// other move, searched at about half depth, fails low against the hash
// score less seMarginPerDepth*depth (the move is "singular": the position
// hangs on it).
// seMinDepth and seMarginPerDepth are tunable (tunables.go).
//
// seTTDepthMargin: the hash entry may be at most this much shallower than
// the node for its score to be trusted as the reference.
const seTTDepthMargin = 3

// Transposition-table cutoffs are not taken once the fifty-move counter has
// reached ttCutoffMaxHalfmove: the stored score was found along other paths
// and cannot see a fifty-move draw that this path, ten plies or fewer from
// the hundredth halfmove, may now reach.
const ttCutoffMaxHalfmove = 90

// noNullMoveYet is the root's count of plies since the last null move: more
// than any game is long, so that repetition detection (draw.go) looks back
// through the whole game until a null move is made in the search.
const noNullMoveYet = 1 << 20

// Correction history (correction.go): the static evaluation is corrected by
// what earlier searches found in positions with the same pawns, and the same
// pieces of each side.
const (
	// corrBits: each table has 1<<corrBits entries per side to move, 16384
	// of two bytes: three tables of 64 KiB a thread, which stay in cache
	// and hold far more structures than one game's search meets.
	corrBits = 14
	corrSize = 1 << corrBits
	// corrGrain: entries count in 1/corrGrain centipawn, so that the small
	// steps of a low-weight update are not lost to rounding.
	corrGrain = 256
	// corrMaxCp: no correction goes beyond this (centipawns). An error of
	// the evaluation larger than a pawn is a tactic, which the search must
	// find, not a structure, which a table may learn. corrMaxCp*corrGrain
	// fits an int16.
	corrMaxCp = 125
	corrMax   = corrMaxCp * corrGrain
	// An update blends weight parts in corrWeightScale of the new result
	// into an entry, weight = min(depth+1, corrMaxWeight): a deep result
	// counts more, but never more than a sixteenth, so that an entry is an
	// average over many positions, not the last one.
	corrWeightScale = 256
	corrMaxWeight   = 16
	// The correction is the weighted mean of the pawn table's entry and the
	// two non-pawn tables' (one per colour), weights in corrMixScale. The
	// pawn structure weighs most: it changes slowest, so its entries have
	// seen the most searches.
	corrMixScale      = 256
	corrPawnWeight    = 128
	corrNonPawnWeight = 64 // each colour's; corrPawnWeight + 2*corrNonPawnWeight = corrMixScale
)

// Move ordering scores: hash move first, then winning or equal captures
// (MVV-LVA), promotions, the two killers, the counter move, quiet moves by
// history (the butterfly and three continuation tables, each within
// ±historyMax, so always below the counter move), losing captures.
const (
	scoreHash      = 1 << 30
	scoreGoodNoisy = 1 << 28
	scoreKiller1   = 1 << 27
	scoreKiller2   = scoreKiller1 - 1
	scoreCounter   = scoreKiller2 - 1
	scoreBadNoisy  = -(1 << 28)
	historyMax     = 16384 // history scores saturate at ±historyMax
)

// seeValue is the piece value the static exchange evaluation counts with,
// indexed by movegen.PieceType (NoPieceType, Pawn..King).
var seeValue = [7]eval.Score{0, 100, 320, 330, 500, 950, 20000}

// mvvValue orders captures by victim (most valuable victim first), indexed by
// PieceType.
var mvvValue = [7]int32{0, 100, 300, 310, 500, 900, 0}

// Time management; how much of the clock a move spends is tunable
// (tunables.go).
const (
	// maxMovesToGo caps a large movestogo so that we never plan too thin.
	maxMovesToGo = 50
	// softToHardRatio: the hard limit may stretch to this multiple of the soft one.
	softToHardRatio = 4
	// maxShareOfClock caps the hard limit to this per mille of the time left.
	maxShareOfClock = 500
	// maxShareLastMove is that cap when this is the last move before the
	// time control (movestogo 1).
	maxShareLastMove = 900
	// boundReportDelay: aspiration failures are reported (as lowerbound or
	// upperbound lines) only after the search has run this long.
	boundReportDelay = time.Second
	// currMoveDelay: the move being searched at the root (currmove,
	// currmovenumber) is reported only after the search has run this long,
	// as Stockfish does, so that fast searches do not flood the GUI.
	currMoveDelay = time.Second
)

// stabilityScale is the soft limit in percent, indexed by how many
// iterations in a row kept the same best move (the last entry for more).
// Built from tunables.go's tmStability constants (rebuilt when one changes
// in the tune build) and only read afterwards.
var stabilityScale = buildStabilityScale()

func buildStabilityScale() [5]int {
	return [5]int{tmStability0, tmStability1, tmStability2, tmStability3, tmStability4}
}
