package search

import (
	"time"

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
//   - movetime: both limits are movetime minus the move overhead.
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
		t := nonNegative(lim.MoveTime - overhead)
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
	soft := avail/time.Duration(mtg) + inc*incrementShare/1000

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

func nonNegative(d time.Duration) time.Duration {
	if d < 0 {
		return 0
	}
	return d
}

// softLimit scales the soft limit by how settled the search is: a best move
// that just changed gets more time, one that survived several iterations
// less. It never exceeds the hard limit. A movetime budget is not scaled:
// it is spent whole.
func softLimit(b timeBudget, stable int) time.Duration {
	if b.exact {
		return b.soft
	}
	scale := stabilityScale[min(stable, len(stabilityScale)-1)]
	soft := b.soft * time.Duration(scale) / 100
	return min(soft, b.hard)
}
