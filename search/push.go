package search

import "github.com/sightline-chess/sightline/movegen"

// push plays m from the position at ply into the frame of ply+1: the one
// way the search makes a move, at the root, in the main search and in
// quiescence, so that no copy of these steps drifts from the others.
// Copy-make: the child gets a copy of the position with m played, and the
// parent's frame is left as it was but for the move it now searches.
//
// The child's table bucket is prefetched before the move is made, from
// the key KeyAfter expects, so that the memory's latency runs while the
// position is copied and the move played (under perf the child's Probe,
// waiting on its bucket, was a fifth of bench's time, and with the
// accumulator built lazily little else stands between push and Probe).
// Where the guess was wrong (castling, en passant, promotions, lost
// rights) the true key's bucket is fetched too. A prefetch is a hint, so
// the node count is the same either way.
//
// The child's accumulator is not built here: it is marked stale, and
// evaluate builds it from the nearest ancestor's when the node first needs
// its evaluation, so a node cut by the table, a draw, a mate-distance
// bound or the stop flag never pays for it (evaluate.go).
func (w *worker) push(ply int, m movegen.Move) {
	f, child := &w.stack[ply], &w.stack[ply+1]
	guess := f.pos.KeyAfter(m)
	w.s.tt.Prefetch(guess)
	child.pos = f.pos
	child.pos.MakeMove(m)
	if key := child.pos.Key(); key != guess {
		w.s.tt.Prefetch(key)
	}
	child.accReady = false
	f.move = m
	// The continuation history of m scores the replies to it.
	f.cont = &w.contHistory[f.pos.PieceOn(m.From())][m.To()]
	w.keys[w.rootIdx+ply+1] = child.pos.Key()
	child.sinceNull = f.sinceNull + 1
}

// pushNull passes the move from the position at ply to the frame of ply+1,
// as push does for a move (null-move pruning). A null move has no
// continuation history, and repetitions are counted from it afresh: no
// repetition reaches back across it.
func (w *worker) pushNull(ply int) {
	f, child := &w.stack[ply], &w.stack[ply+1]
	child.pos = f.pos
	child.pos.MakeNullMove()
	w.s.tt.Prefetch(child.pos.Key())
	child.accReady = false
	f.move = movegen.NoMove
	f.cont = nil
	w.keys[w.rootIdx+ply+1] = child.pos.Key()
	child.sinceNull = 0
}
