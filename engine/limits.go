package engine

import (
	"errors"
	"fmt"
	"time"

	"github.com/sightline-chess/sightline/movegen"
)

// The ranges of a search's limits. Go and Search refuse Limits outside
// them with an error that wraps ErrLimits; the protocol clamps a "go" into
// them first (a GUI waits for its bestmove, so a "go" is never refused).
const (
	// MaxDepth is the deepest depth limit, in plies: the search's stack
	// holds a little more, and no search of a game gets near it.
	MaxDepth = 100
	// MaxMate is the longest mate a search may be asked for, in moves.
	MaxMate = 100
	// MaxNodes is the largest node limit (2^62): far beyond any search, and
	// clear of the overflow that sums near 2^64 would risk.
	MaxNodes = 1 << 62
	// MaxTime bounds every duration of Limits (movetime, clock, increment):
	// 10^10 ms, about 115 days, so that a deadline counted from now never
	// overflows a time.Duration.
	MaxTime = 10_000_000_000 * time.Millisecond
	// MaxMovesToGo bounds the moves to the next time control.
	MaxMovesToGo = 10_000
)

// ErrLimits is wrapped by the error for Limits out of range.
var ErrLimits = errors.New("search limit out of range")

// limitsError says which limit is out of range.
func limitsError(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrLimits, fmt.Sprintf(format, args...))
}

// CheckLimits returns an error, wrapping ErrLimits, for limits that Go
// would refuse whatever the position: a negative depth, mate, node count,
// duration or moves to go, any of them above its Max constant, or a clock
// (Time) given without HasClock, which would otherwise search unbounded.
// Zero means no limit of that kind, as in a "go" without it. An increment
// or a moves-to-go without a clock limits nothing, and is not an error (a
// GUI may send them). Whether SearchMoves are legal depends on the position,
// which Go checks.
func CheckLimits(lim Limits) error {
	counts := []struct {
		name string
		v    int
		max  int
	}{
		{"depth", lim.Depth, MaxDepth},
		{"mate", lim.Mate, MaxMate},
		{"movestogo", lim.MovesToGo, MaxMovesToGo},
	}
	for _, c := range counts {
		if c.v < 0 || c.v > c.max {
			return limitsError("%s %d is not from 0 to %d", c.name, c.v, c.max)
		}
	}
	for _, n := range []struct {
		name string
		v    uint64
	}{{"nodes", lim.Nodes}, {"soft nodes", lim.SoftNodes}} {
		if n.v > MaxNodes {
			return limitsError("%s %d is above %d", n.name, n.v, uint64(MaxNodes))
		}
	}
	durations := []struct {
		name string
		v    time.Duration
	}{
		{"movetime", lim.MoveTime},
		{"white's time", lim.Time[movegen.White]}, {"black's time", lim.Time[movegen.Black]},
		{"white's increment", lim.Inc[movegen.White]}, {"black's increment", lim.Inc[movegen.Black]},
	}
	for _, d := range durations {
		if d.v < 0 || d.v > MaxTime {
			return limitsError("%s %v is not from 0 to %v", d.name, d.v, MaxTime)
		}
	}
	if !lim.HasClock && lim.Time != [2]time.Duration{} {
		return limitsError("a clock time is set without HasClock")
	}
	return nil
}

// checkSearchMoves returns an error, wrapping ErrLimits, unless every
// search move is a legal move of p.
func checkSearchMoves(p *movegen.Position, moves []movegen.Move) error {
	for _, m := range moves {
		if !isLegal(p, m) {
			return limitsError("search move %s is not a legal move in %s", m, p)
		}
	}
	return nil
}
