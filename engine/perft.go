package engine

import "github.com/sightline-chess/sightline/movegen"

// MaxPerftDepth bounds "go perft N": the command blocks the protocol loop, and
// depth 10 from the start position already takes hours.
const MaxPerftDepth = 10

// Divide counts the leaf nodes below each legal move of the current position
// at depth plies (perft divide); it never uses the hash table.
func (e *Engine) Divide(depth int) []movegen.DivideEntry {
	g := e.Game()
	return movegen.Divide(&g.Position, depth)
}
