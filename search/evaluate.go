package search

import (
	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/eval/nnue"
)

// The static evaluation the search reads: the network's when Options.Net
// is set, else the hand-written one. With a net, every frame holds the
// accumulator of its position, built from the parent frame's (a few row
// additions; nnue.Accumulator.Update) and refreshed from scratch only at
// the root, and, with a horizontally mirrored net, in the one view whose
// king crosses the d/e line (Update does that). Without a net the
// accumulators are never touched, so the hand-written search is the same
// search, node for node.
//
// The accumulators are built lazily. push only marks the child's stale;
// the first evaluation of a node builds its accumulator from the nearest
// ancestor whose accumulator is built, one ply at a time. Many nodes never
// evaluate: a table cut, a repetition or fifty-move draw, a mate-distance
// bound, the stop flag, a node in check, and a node whose table entry
// holds its static evaluation. Each update is the same sum as before, from the
// same parent, so the evaluations are the same bit for bit, and so are the
// node counts.

// evaluate returns the static evaluation of the position at ply.
func (w *worker) evaluate(ply int) eval.Score {
	f := &w.stack[ply]
	if w.net != nil {
		if !f.accReady {
			w.buildAccumulator(ply)
		}
		w.check.evaluated(w.net, &f.pos, &f.acc)
		return w.net.EvaluatePosition(&f.pos, &f.acc)
	}
	return eval.Evaluate(&f.pos)
}

// buildAccumulator builds the accumulators from the nearest built
// ancestor's down to ply's. The root's is always built (setNet), so the
// walk ends.
func (w *worker) buildAccumulator(ply int) {
	from := ply
	for !w.stack[from].accReady {
		from--
	}
	for i := from; i < ply; i++ {
		parent, child := &w.stack[i], &w.stack[i+1]
		child.acc.Update(w.net, &parent.acc, &parent.pos, &child.pos)
		child.accReady = true
	}
}

// setNet sets the network the worker evaluates with (nil: the hand-written
// evaluation) and, with one, the root's accumulator.
func (w *worker) setNet(net *nnue.Network) {
	w.net = net
	if net != nil {
		w.stack[0].acc.Refresh(net, &w.stack[0].pos)
		w.stack[0].accReady = true
	}
}
