//go:build !tune

package search

// The search constants a tuner may move, each declared once, here, with its
// range: "tune: MIN..MAX step C" after a constant makes it a tunable whose
// values lie in MIN..MAX and whose SPSA perturbation ends at C (OpenBench's
// c_end; r_end is 0.002 for all). Each such feature's block holds all its
// numbers: a constant without the range is fixed, tuned by hand and never
// by SPSA, and stands beside the tunables it works with, so that a reader
// finds a feature's numbers together. The features with no tunable have
// theirs in params.go. Every constant here is an untyped integer literal.
//
// This file is the normal build, where each is an untyped constant, folded
// into the code as before: the table costs the shipped engine nothing. The
// tune build (go build -tags tune) compiles tunables_tune.go instead, where
// each tunable is an int variable that a UCI spin option of the same name
// sets (SetTunable, tune.go, which is both builds' code) and each fixed one
// the same constant. `go generate ./search` writes that file, the normal
// build's side of it (tunables_const.go) and the table of names and ranges
// (tunables_table.go, both builds) from this one, so that the builds cannot
// drift; a test fails when they are stale.
// `go run ./search/internal/tunegen -apply VALUES search` writes an SPSA
// run's values file into this file's defaults and regenerates the rest. A
// use of a tunable converts it where it meets a typed value
// (eval.Score(deltaMargin)), as the tune build's int needs.
//
//go:generate go run ./internal/tunegen

// Aspiration windows (step 1 of the root): search near the last score first.
const (
	aspirationMinDepth = 5  // iterations before this one use a full window
	aspirationDelta    = 16 // tune: 5..40 step 3. First half-width, centipawns.
	aspirationGrowth   = 2  // the half-width multiplies by this on each fail
	// aspirationMaxDelta: once the half-width grows past this (ten pawns),
	// the score is far from the guess and the window opens to the full
	// range rather than failing again.
	aspirationMaxDelta = 1000
)

// Reverse futility pruning (static null move): when the static evaluation
// beats beta by a depth-scaled margin at low depth, trust it.
const (
	rfpMaxDepth = 5  // tune: 3..12 step 1
	rfpMargin   = 72 // tune: 30..150 step 8. Per ply of depth.
)

// Null-move pruning: give the opponent a free move; if that still fails high,
// the position is good enough to cut.
const (
	nmpMinDepth     = 3   // tried from this depth on
	nmpBaseR        = 3   // tune: 2..5 step 1. The reduction.
	nmpDepthDivisor = 4   // tune: 2..8 step 1. One more ply of reduction per this many plies of depth.
	nmpEvalDivisor  = 193 // tune: 80..400 step 20. One more ply per this many centipawns above beta,
	nmpEvalMaxR     = 3   // tune: 1..6 step 1. At most this many plies for the evaluation's margin.
)

// Futility pruning of quiet moves near the leaves: when even a margin above
// the static evaluation cannot reach alpha, quiet moves are skipped.
const (
	futilityMaxDepth = 6  // tune: 3..10 step 1
	futilityBase     = 87 // tune: 20..200 step 10
	futilityPerDepth = 77 // tune: 20..200 step 10
	// futilityHistoryMax: a quiet move whose history (butterfly plus two
	// continuation tables, up to 3*historyMax) is at least this has often
	// done better than the static evaluation suggests; it is not pruned.
	futilityHistoryMax = 11675 // tune: 4000..30000 step 1500
)

// History pruning: at low depth, a quiet move whose history is below
// -historyPruneMargin*depth has failed here too often to be worth a search.
const (
	historyPruneMaxDepth = 2    // tune: 1..6 step 1
	historyPruneMargin   = 4032 // tune: 1000..10000 step 400
)

// Late-move pruning: at low depth, after lmpBase + depth*depth quiet moves,
// the rest are unlikely to matter.
const (
	lmpMaxDepth = 5 // tune: 3..10 step 1
	lmpBase     = 4 // tune: 1..8 step 1
)

// SEE pruning of moves in the main search at low depth: a quiet move that
// loses more than -seeQuietMargin*depth, or a capture that loses more than
// -seeNoisyMargin*depth*depth, is pruned. The capture margin grows with the
// square of the depth: a deeper search has more time to win the material
// back, so it keeps more sacrifices.
const (
	seePruneMaxDepth = 8   // tune: 4..12 step 1
	seeQuietMargin   = -55 // tune: -150..-10 step 8
	seeNoisyMargin   = -26 // tune: -80..-5 step 4
)

// Late-move reductions: moves ordered late are searched shallower first, by
// r = lmrBase100/100 + ln(depth)*ln(moves)/(lmrDivisor100/100) plies (the
// table is built from them, buildLMR). The two formula constants are in
// hundredths, as a UCI spin option holds an integer. The reduction of a
// late quiet move then goes up by one ply in a non-PV node that was not on
// a PV either when the table stored it, in a cut node, and when the hash
// move is a capture; down by one when the static evaluation is improving,
// for a check and for a killer; and down by the move's history over
// lmrHistoryDiv (up, when its history is negative).
const (
	lmrMinDepth   = 3    // reduced from this depth on
	lmrMinMoves   = 3    // moves before this index are never reduced (1-based count)
	lmrBase100    = 78   // tune: 0..200 step 8
	lmrDivisor100 = 212  // tune: 120..400 step 15
	lmrHistoryDiv = 5827 // tune: 2000..16000 step 600
)

// Singular extensions: the hash move is searched a ply deeper when every
// other move, searched at about half depth, fails low against the hash
// score less seMarginPerDepth*depth (the move is "singular": the position
// hangs on it).
const (
	// seMinDepth: below this a reduced verification search is too shallow
	// to say anything, and costs too much relative to the node.
	seMinDepth = 6 // tune: 4..10 step 1
	// seMarginPerDepth: how far below the hash score (centipawns per ply of
	// depth) the other moves must stay; deeper results are surer, so the
	// margin widens with depth.
	seMarginPerDepth = 2 // tune: 1..6 step 1
	// seTTDepthMargin: the hash entry may be at most this much shallower
	// than the node for its score to be trusted as the reference.
	seTTDepthMargin = 3
)

// Internal iterative reduction: a node without a hash move at this depth or
// more is searched one ply shallower (its ordering is poor anyway).
const iirMinDepth = 5 // tune: 2..8 step 1

// Quiescence: delta pruning margin over the captured piece's value.
const deltaMargin = 233 // tune: 50..400 step 20

// A beta cutoff moves the history of the cutting quiet move up, and of the
// quiet moves tried before it down, by historyBonusScale*depth*depth (deeper
// cutoffs say more), at most historyBonusMax.
const (
	historyBonusScale = 16   // tune: 4..40 step 2
	historyBonusMax   = 1588 // tune: 400..4000 step 150
)

// Time management (timeman.go): how much of the clock a move spends.
const (
	// defaultMovesToGo is how many moves sudden-death time is spread over.
	defaultMovesToGo = 30 // tune: 15..50 step 3
	// maxMovesToGo caps a large movestogo so that we never plan too thin.
	maxMovesToGo = 50
	// incrementShare is the fraction (in per mille) of the increment spent
	// now. Spending share s of it settles the clock near
	// (1-s)*increment*defaultMovesToGo: at half, 15 increments in hand, so
	// that a stall of the machine does not cost the game.
	incrementShare = 500 // tune: 200..900 step 50
	// The soft limit in percent after 0, 1, 2, 3 and 4 or more iterations
	// in a row that kept the same best move (stabilityScale).
	tmStability0 = 150 // tune: 100..250 step 10
	tmStability1 = 120 // tune: 80..200 step 10
	tmStability2 = 100 // tune: 60..150 step 8
	tmStability3 = 85  // tune: 50..120 step 8
	tmStability4 = 70  // tune: 40..110 step 8
	// The soft limit's scale by how the root score moves (scoreTrendScale),
	// in tenths of a percent a centipawn: what it lost since the last
	// search's result, and since the iteration trendIterations back.
	tmTrendSearch = 20 // tune: 0..60 step 4
	tmTrendIter   = 10 // tune: 0..40 step 3
	// The bounds of that scale, in percent.
	tmTrendMin = 80  // tune: 50..100 step 5
	tmTrendMax = 150 // tune: 100..250 step 10
	// softToHardRatio: the hard limit may stretch to this multiple of the
	// soft one.
	softToHardRatio = 4
	// maxShareOfClock caps the hard limit to this per mille of the time left.
	maxShareOfClock = 500
	// maxShareLastMove is that cap when this is the last move before the
	// time control (movestogo 1).
	maxShareLastMove = 900
)
