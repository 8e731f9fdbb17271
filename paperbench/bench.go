package paperbench

import (
	"fmt"
	"runtime"
	"slices"

	"github.com/sightline-chess/sightline/movegen"
)

// Result holds one method's timings: Seconds[r] is the time of round r, one
// round being Repeat passes over all positions.
type Result struct {
	Name    string
	Seconds []float64
}

// Timing is a whole benchmark run: what was timed and how long it took.
type Timing struct {
	Positions, Repeat int
	Clock             Clock
	Results           []Result // in the order of Methods
	// Moves is the number of moves each method generated per round, the
	// same for all of them (checked), so the work is known to be equal.
	Moves int
	// CountOnly is set when the moves were counted, not written out: the
	// run then times the lookups and everything else but the writing.
	CountOnly bool
}

// Time generates the moves of every position repeat times with each method,
// rounds times over. Rounds alternate the order of the methods, forwards and
// backwards, as the paper ran its two methods in both orders, so that no
// method always runs first (cold) or right after the slowest. The timing
// goroutine keeps one OS thread throughout, so that a CPU clock reads the
// thread that did the work. With countOnly the generators count each set of
// moves instead of writing it out.
func Time(methods []Method, positions []movegen.Position, repeat, rounds int, clock Clock, countOnly bool) (Timing, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	boards := make([]board, len(positions))
	for i := range positions {
		boards[i] = newBoard(&positions[i])
		boards[i].countOnly = countOnly
	}
	t := Timing{Positions: len(positions), Repeat: repeat, Clock: clock, Results: make([]Result, len(methods)), CountOnly: countOnly}
	ml := new(movegen.MoveList)
	for i, m := range methods {
		t.Results[i].Name = m.Name
		passes(&methods[i], boards, 1, ml) // warm the caches and branch predictors
	}
	runtime.GC()
	order := make([]int, len(methods))
	for r := range rounds {
		for i := range order {
			order[i] = i
		}
		if r%2 == 1 {
			slices.Reverse(order)
		}
		for _, i := range order {
			start := clock.now()
			moves := passes(&methods[i], boards, repeat, ml)
			t.Results[i].Seconds = append(t.Results[i].Seconds, (clock.now() - start).Seconds())
			if t.Moves == 0 {
				t.Moves = moves
			} else if moves != t.Moves {
				return t, fmt.Errorf("%s generated %d moves in a round, other methods %d", methods[i].Name, moves, t.Moves)
			}
		}
	}
	return t, nil
}

// passes generates the moves of every board repeat times and returns how many
// moves it generated, which also keeps the compiler from dropping the work.
// ml is the caller's buffer: the method is called through a func value, so a
// list declared here would escape to the heap.
func passes(m *Method, boards []board, repeat int, ml *movegen.MoveList) int {
	total := 0
	for range repeat {
		for i := range boards {
			ml.N = 0
			m.generate(&boards[i], ml)
			total += ml.N
		}
	}
	return total
}
