package search

import (
	"math"
	"time"

	"github.com/sightline-chess/sightline/eval"
)

// Every tuned number of the search lives here or in tunables.go, so that a
// tuner (or a reader asking "why 3?") finds it in one place. A feature with
// a number an SPSA tuner may move has all its numbers in tunables.go, the
// fixed ones beside the tunables; the rest of the search's are here.

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

// Check extension: a move that gives check is searched one ply deeper, but
// only within checkExtensionMaxRatio times the iteration's nominal depth
// from the root, so that a long series of checks (a perpetual) cannot
// extend the search without end.
const checkExtensionMaxRatio = 2

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

// Move ordering scores. The staged picker (movepick.go) orders each stage
// apart: captures by MVV-LVA (mvvValue), quiet moves by history (the
// butterfly and three continuation tables, each within ±historyMax). The
// root's first ordering (orderRoot) puts everything in one list: hash move,
// winning or equal captures, quiet moves, losing captures.
const (
	scoreHash      = 1 << 30
	scoreGoodNoisy = 1 << 28
	scoreBadNoisy  = -(1 << 28)
	historyMax     = 16384 // history scores saturate at ±historyMax
	// scoreQuietUnderpromotion is below every history score: the picker's
	// quiet stage stops at the first, and the rest come after the losing
	// captures.
	scoreQuietUnderpromotion = math.MinInt32
)

// seeValue is the piece value the static exchange evaluation counts with,
// indexed by movegen.PieceType (NoPieceType, Pawn..King).
var seeValue = [7]eval.Score{0, 100, 320, 330, 500, 950, 20000}

// mvvValue orders captures by victim (most valuable victim first), indexed by
// PieceType.
var mvvValue = [7]int32{0, 100, 300, 310, 500, 900, 0}

// Lines reported to the GUI only once a search has run a while.
const (
	// boundReportDelay: aspiration failures are reported (as lowerbound or
	// upperbound lines) only after the search has run this long.
	boundReportDelay = time.Second
	// currMoveDelay: the move being searched at the root (currmove,
	// currmovenumber) is reported only after the search has run this long,
	// as Stockfish does, so that fast searches do not flood the GUI.
	currMoveDelay = time.Second
)
