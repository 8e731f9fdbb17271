package search

import (
	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

// quiesce searches only captures and queen promotions (all evasions when in
// check) until the position is quiet, so that the static evaluation is never
// trusted in the middle of an exchange. The side to move may "stand pat" on
// its static evaluation, since it need not capture.
func (w *worker) quiesce(ply int, alpha, beta eval.Score) eval.Score {
	f := &w.stack[ply]
	pos := &f.pos
	w.pvLen[ply] = ply
	if score, done := w.enterNode(ply, pos); done {
		return score
	}
	inCheck := pos.InCheck()

	// Q1. Transposition table: any stored result is at least as deep as this.
	key := pos.Key()
	e, ttHit := w.s.tt.Probe(key, ply)
	pvNode := beta-alpha > 1
	ttPV := pvNode || (ttHit && e.pv)
	if ttHit && !pvNode {
		if e.bound == Exact || (e.bound == Lower && e.score >= beta) || (e.bound == Upper && e.score <= alpha) {
			return e.score
		}
	}

	// Q2. Stand pat: the static evaluation (corrected, as in the main
	// search; the table keeps the raw one), or a table score that improves
	// on it, is a lower bound when not in check.
	best := bestSoFar{score: -infinity}
	rawEval, staticEval := noEvalSeen, noEvalSeen
	origAlpha := alpha
	if !inCheck {
		if ttHit {
			rawEval = e.eval
		} else {
			rawEval = w.evaluate(ply)
		}
		corr := corrSlotOf(pos)
		staticEval = w.correctedEval(rawEval, &corr)
		best.score = staticEval
		// A table score whose bound points the right way is a better guess
		// at the position's worth than the evaluation: stand pat on it
		// (not on a decisive one, which only a search may return).
		if ttHit && e.score > -tbWinBound && e.score < tbWinBound &&
			(e.bound == Exact || (e.bound == Lower && e.score > best.score) || (e.bound == Upper && e.score < best.score)) {
			best.score = e.score
		}
		if best.score >= beta {
			if !ttHit {
				w.s.tt.Store(key, ply, movegen.NoMove, best.score, rawEval, 0, Lower, ttPV)
			}
			return best.score
		}
		alpha = max(alpha, best.score)
	}

	// Q3. The moves, from the picker's noisy stages (movepick.go): the
	// hash move if it is a legal noisy move, then captures and queen
	// promotions by MVV-LVA; in check every evasion, quiet ones after.
	mp := w.startQuiescePicker(ply, e.move)
	legalMoves := 0
	for {
		m, _, _ := mp.nextMove()
		if m == movegen.NoMove {
			break
		}
		legalMoves++
		if !inCheck {
			// Q4. Delta pruning: even winning the victim with a margin
			// cannot lift us to alpha.
			if m.Kind() != movegen.Promotion && isCapture(pos, m) {
				victim := movegen.Pawn
				if m.Kind() != movegen.EnPassant {
					victim = pos.PieceOn(m.To()).Type()
				}
				if staticEval+seeValue[victim]+eval.Score(deltaMargin) <= alpha {
					continue
				}
			}
			// Q5. SEE pruning: a capture that loses material by exchange
			// will not help.
			if !seeGE(pos, m, 0) {
				continue
			}
		}
		w.push(ply, m)
		score := -w.quiesce(ply+1, -beta, -alpha)
		if w.stopped {
			return 0
		}
		if score > best.score {
			var cut bool
			if alpha, cut = best.raise(w, ply, m, score, alpha, beta, pvNode); cut {
				break
			}
		}
	}

	if inCheck && legalMoves == 0 {
		return -mateScore + eval.Score(ply)
	}

	w.s.tt.Store(key, ply, best.move, best.score, rawEval, 0, best.bound(origAlpha, beta), ttPV)
	return best.score
}
