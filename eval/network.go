package eval

import (
	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
)

// EvaluateNNUE returns net's evaluation of p in centipawns from the side to
// move's view, given acc, p's accumulator (kept up to date by the search,
// or nnue.Accumulator.Refresh). The mobility features are counted here, at
// evaluation time, as the hand-written mobility term counts them. Like
// Evaluate it stays below the tablebase band and allocates nothing.
func EvaluateNNUE(net *nnue.Network, p *movegen.Position, acc *nnue.Accumulator) Score {
	var mob nnue.Mobility
	if net.Mobility() {
		MobilityFeatures(p, &mob)
	}
	return clampEval(Score(net.Evaluate(acc, p.SideToMove(), &mob)))
}
