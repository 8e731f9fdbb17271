package search

import (
	"time"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

// timeBudget is how long one search may think. The soft limit is checked
// between iterations: no new iteration starts after it. The hard limit is
// checked every checkInterval nodes and is never passed (by more than the
// poll interval, well under a millisecond).
type timeBudget struct {
	limited bool // false: think until depth, nodes, mate or Stop
	// exact: "go movetime", which asks for exactly that long; the soft
	// limit is then not scaled by how settled the search is.
	exact      bool
	soft, hard time.Duration
}

// allocateTime turns the clock of the side to move into a budget.
//
//   - movetime: both limits are movetime less a reserve for the last poll
//     and the answer (movetimeReserve), so that the bestmove comes at about
//     the time asked for, not a whole Move Overhead early.
//   - clock: of the time left minus the overhead, spend 1/movestogo (30 in
//     sudden death, at most 50) plus half the increment as the soft limit;
//     the hard limit is 4 times that, but never more than half of what is
//     left (90% when this is the last move before the control).
//   - infinite, or no clock at all: unlimited.
//
// A zero, negative or tiny clock gives zero limits: the search then stops at
// its first look at the clock and plays the best move found so far, or the
// first move of its ordering, so it always has a move and never loses on time
// for thinking.
func allocateTime(lim Limits, us movegen.Color, overhead time.Duration) timeBudget {
	if lim.Infinite {
		return timeBudget{}
	}
	if overhead < 0 {
		overhead = 0
	}
	if lim.MoveTime > 0 {
		t := nonNegative(lim.MoveTime - movetimeReserve(lim.MoveTime, overhead))
		return timeBudget{limited: true, exact: true, soft: t, hard: t}
	}
	if !lim.HasClock {
		return timeBudget{}
	}
	avail := nonNegative(nonNegative(lim.Time[us&1]) - overhead)
	inc := nonNegative(lim.Inc[us&1])

	mtg := lim.MovesToGo
	if mtg <= 0 {
		mtg = defaultMovesToGo
	}
	if mtg > maxMovesToGo {
		mtg = maxMovesToGo
	}
	soft := avail/time.Duration(mtg) + inc*time.Duration(incrementShare)/1000

	share := time.Duration(maxShareOfClock)
	if lim.MovesToGo == 1 {
		share = maxShareLastMove
	}
	ceiling := avail * share / 1000
	hard := soft * softToHardRatio
	if hard > ceiling {
		hard = ceiling
	}
	if soft > hard {
		soft = hard
	}
	return timeBudget{limited: true, soft: soft, hard: hard}
}

// Bounds of the time "go movetime" keeps back (movetimeReserve).
const (
	movetimeReserveMin = 5 * time.Millisecond
	movetimeReserveMax = 10 * time.Millisecond
	// movetimeReserveShare: the reserve is this fraction of the movetime
	// (1/20) between the bounds.
	movetimeReserveShare = 20
)

// movetimeReserve is how much of a "go movetime" the search leaves unused.
// Move Overhead is the lag of each move on a clock; a movetime is not on
// the clock, and GUIs and players expect the answer at about the time they
// asked for, as Stockfish and Ethereal give it (at first Sightline took
// off the whole overhead: movetime 100 answered after 70 ms). But a GUI
// that forfeits at exactly the movetime (cutechess-cli's st= with no
// timemargin) must not be beaten by the search's last look at the clock,
// which comes up to a poll interval late (about 5 ms at 200,000 nodes a
// second): so a twentieth of the movetime is kept back, at least 5 ms and
// at most 10, and never more than the Move Overhead the user set (0: the
// whole movetime, as Stockfish does).
func movetimeReserve(moveTime, overhead time.Duration) time.Duration {
	r := min(max(moveTime/movetimeReserveShare, movetimeReserveMin), movetimeReserveMax)
	return min(r, overhead)
}

func nonNegative(d time.Duration) time.Duration {
	if d < 0 {
		return 0
	}
	return d
}

// stabilityScale is the soft limit in percent, indexed by how many
// iterations in a row kept the same best move (the last entry for more).
// Built from tunables.go's tmStability constants (rebuilt when one changes
// in the tune build) and only read afterwards.
var stabilityScale = buildStabilityScale()

func buildStabilityScale() [5]int {
	return [5]int{tmStability0, tmStability1, tmStability2, tmStability3, tmStability4}
}

// softLimit scales the soft limit by how settled the search is: a best move
// that just changed gets more time, one that survived several iterations
// less; and by trend, scoreTrendScale's percent. It never exceeds the hard
// limit. A movetime budget is not scaled: it is spent whole.
func softLimit(b timeBudget, stable, trend int) time.Duration {
	if b.exact {
		return b.soft
	}
	scale := stabilityScale[min(stable, len(stabilityScale)-1)]
	// One factor at a time: the two together could overflow at the
	// largest clock "go" takes (engine.MaxTime).
	soft := b.soft * time.Duration(scale) / 100
	soft = soft * time.Duration(trend) / 100
	return min(soft, b.hard)
}

// trendIterations is how many iterations back scoreTrendScale looks.
const trendIterations = 4

// scoreTrendScale returns the soft limit's scale in percent by how the root
// score moves: more time while it falls, less while it rises. A falling
// score is the search finding out, iteration by iteration, that its plan
// fails; time spent there saves games, time spent on a position that keeps
// getting better buys little. sinceSearch is what the score lost since the
// last search's result (the previous move's, from the same side), sinceIter
// what it lost since trendIterations iterations ago, each 0 where unknown.
func scoreTrendScale(sinceSearch, sinceIter eval.Score) int {
	pct := 100 + (tmTrendSearch*int(sinceSearch)+tmTrendIter*int(sinceIter))/10
	return max(tmTrendMin, min(pct, tmTrendMax))
}

// scoreLoss is what the score lost from before to now, or 0 when either is
// a tablebase or mate score (or none): a won or lost game's clock is not
// worth managing by centipawns.
func scoreLoss(before, now eval.Score) eval.Score {
	if !ordinaryScore(before) || !ordinaryScore(now) {
		return 0
	}
	return before - now
}

func ordinaryScore(s eval.Score) bool { return s > -tbWinBound && s < tbWinBound }
