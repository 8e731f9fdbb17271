package engine

import (
	"fmt"
	"io"
	"sync/atomic"

	"github.com/sightline-chess/sightline/movegen"
)

// MaxPerftDepth bounds "go perft N": depth 10 from the start position takes
// hours, so a larger number is a typo rather than a wish.
const MaxPerftDepth = 10

// PerftResult is the outcome of a perft job.
type PerftResult struct {
	Nodes uint64 // below the root moves counted in full
	// Counted of Moves root moves were counted in full: all of them unless
	// the job was stopped.
	Counted, Moves int
	Stopped        bool
}

// divideLine is one root move's line of perft divide, as Stockfish prints it.
func divideLine(m movegen.Move, nodes uint64, chess960 bool) string {
	return fmt.Sprintf("%s: %d", m.UCI(chess960), nodes)
}

// nodesLine is perft divide's last line.
func nodesLine(total uint64) string { return fmt.Sprintf("Nodes searched: %d", total) }

// WriteDivide prints perft divide for p in Stockfish's format, one
// "move: count" line per root move, a blank line, then "Nodes searched: N",
// and returns N. The command line's perft and the UCI "go perft" (Perft)
// write the same lines, so that their output cannot drift apart.
func WriteDivide(w io.Writer, p *movegen.Position, depth int, chess960 bool) uint64 {
	var total uint64
	for _, d := range movegen.Divide(p, depth) {
		fmt.Fprintln(w, divideLine(d.Move, d.Nodes, chess960))
		total += d.Nodes
	}
	fmt.Fprintf(w, "\n%s\n", nodesLine(total))
	return total
}

// Perft starts perft divide of the current position to depth as a job on
// the engine's worker, as Go starts a search, and returns at once. Each line
// of the divide ("move: count" per root move as it is counted, a blank line,
// "Nodes searched: N") goes to line; done receives the result. Stop ends
// the count early: the root moves counted in full are printed, and the
// result says the job was stopped. A depth outside 1 to MaxPerftDepth, or
// another job running, is refused with an error.
func (e *Engine) Perft(depth int, line func(string), done func(PerftResult)) error {
	if depth < 1 || depth > MaxPerftDepth {
		return fmt.Errorf("go perft: depth %d is not from 1 to %d", depth, MaxPerftDepth)
	}
	g := e.Game()
	chess960 := e.Chess960Notation()
	var stop atomic.Bool
	j := newJob("perft", func() { stop.Store(true) })
	j.count = true
	err := e.start(j, func() func() {
		var ml movegen.MoveList
		g.Position.GenerateLegal(&ml)
		r := PerftResult{Moves: ml.N}
		for _, m := range ml.Slice() {
			child := g.Position
			child.MakeMove(m)
			n, whole := movegen.PerftUntil(&child, depth-1, &stop)
			if !whole {
				break
			}
			line(divideLine(m, n, chess960))
			r.Nodes += n
			r.Counted++
		}
		r.Stopped = r.Counted < r.Moves || stop.Load()
		return func() {
			line("")
			line(nodesLine(r.Nodes))
			done(r)
		}
	})
	if err != nil {
		return fmt.Errorf("go perft: %w", err)
	}
	return nil
}
