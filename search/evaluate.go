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
		if w.verifyAcc {
			w.verifyAccumulator(ply)
		}
		return w.net.EvaluatePosition(&f.pos, &f.acc)
	}
	return eval.Evaluate(&f.pos)
}

// verifyAccumulator compares the accumulator of ply with a refresh and
// notes the first that differs in badAcc; tests turn it on (verifyAcc).
func (w *worker) verifyAccumulator(ply int) {
	f := &w.stack[ply]
	var fresh nnue.Accumulator
	fresh.Refresh(w.net, &f.pos)
	if fresh != f.acc && w.badAcc == "" {
		w.badAcc = f.pos.String()
	}
}

// madeMove brings the accumulator of ply+1 up to date after a move (or a
// null move) was played from ply into stack[ply+1].pos.
func (w *worker) madeMove(ply int) {
	if w.net != nil {
		w.stack[ply+1].acc.Update(w.net, &w.stack[ply].acc, &w.stack[ply].pos, &w.stack[ply+1].pos)
	}
}

// setNet sets the network the worker evaluates with (nil: the hand-written
// evaluation) and, with one, the root's accumulator.
func (w *worker) setNet(net *nnue.Network) {
	w.net = net
	if net != nil {
		w.stack[0].acc.Refresh(net, &w.stack[0].pos)
	}
}
