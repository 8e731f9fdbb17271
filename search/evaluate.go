package search

import (
	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/eval/nnue"
)

// The static evaluation the search reads: the network's when Options.Net
// is set, else the hand-written one. With a net, every frame holds the
// accumulator of its position, built from the parent frame's as each move
// is played (a few row additions; nnue.Accumulator.Update), and refreshed
// from scratch only at the root: without king buckets no move needs a
// refresh. Without a net the accumulators are never touched, so the
// hand-written search is the same search, node for node.

// evaluate returns the static evaluation of the position at ply.
func (w *worker) evaluate(ply int) eval.Score {
	f := &w.stack[ply]
	if w.net != nil {
		w.check.evaluated(w.net, &f.pos, &f.acc)
		return w.net.EvaluatePosition(&f.pos, &f.acc)
	}
	return eval.Evaluate(&f.pos)
}

// setNet sets the network the worker evaluates with (nil: the hand-written
// evaluation) and, with one, the root's accumulator.
func (w *worker) setNet(net *nnue.Network) {
	w.net = net
	if net != nil {
		w.stack[0].acc.Refresh(net, &w.stack[0].pos)
	}
}
