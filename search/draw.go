package search

import "github.com/sightline-chess/sightline/movegen"

// isDraw reports whether the position at ply is drawn by rule, as far as the
// search cares: the fifty-move rule, insufficient material, or repetition.
// A repetition inside the search tree counts at its second occurrence (if it
// is good for one side to repeat, it will do so again); a repetition of a
// position from the game before the root counts only at its third
// occurrence, as the rules say.
func (w *worker) isDraw(ply int) bool {
	f := &w.stack[ply]
	p := &f.pos
	if p.HalfmoveClock() >= 100 {
		// Checkmate on the hundredth ply still wins.
		if !p.InCheck() {
			return true
		}
		var ml movegen.MoveList
		p.GenerateLegal(&ml)
		return ml.N > 0
	}
	if insufficientMaterial(p) {
		return true
	}
	// Step back two plies at a time (same side to move), no further than the
	// last irreversible move or null move.
	back := p.HalfmoveClock()
	if f.sinceNull < back {
		back = f.sinceNull
	}
	idx := w.rootIdx + ply
	key := w.keys[idx]
	stop := idx - back
	if stop < 0 {
		stop = 0
	}
	before := false
	for i := idx - 4; i >= stop; i -= 2 {
		if w.keys[i] == key {
			if i >= w.rootIdx || before {
				return true
			}
			before = true
		}
	}
	return false
}

// insufficientMaterial reports a bare king against a bare king, or with one
// minor piece: no sequence of legal moves can mate.
func insufficientMaterial(p *movegen.Position) bool {
	if p.TypeBB(movegen.Pawn)|p.TypeBB(movegen.Rook)|p.TypeBB(movegen.Queen) != 0 {
		return false
	}
	return !(p.TypeBB(movegen.Knight) | p.TypeBB(movegen.Bishop)).Several()
}
