package engine

import (
	"fmt"
	"io"

	"github.com/sightline-chess/sightline/movegen"
)

// MaxPerftDepth bounds "go perft N": the command blocks the protocol loop, and
// depth 10 from the start position already takes hours.
const MaxPerftDepth = 10

// WriteDivide prints perft divide for p in Stockfish's format, one
// "move: count" line per root move, a blank line, then "Nodes searched: N",
// and returns N. The command line and the UCI "go perft" share it so that
// their output cannot drift apart.
func WriteDivide(w io.Writer, p *movegen.Position, depth int, chess960 bool) uint64 {
	var total uint64
	for _, d := range movegen.Divide(p, depth) {
		fmt.Fprintf(w, "%s: %d\n", d.Move.UCI(chess960), d.Nodes)
		total += d.Nodes
	}
	fmt.Fprintf(w, "\nNodes searched: %d\n", total)
	return total
}
