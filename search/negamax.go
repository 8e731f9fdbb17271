package search

import (
	"math"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

// lmrReductions[depth][moveNumber] is the late-move reduction in plies,
// built once at start-up from tunables.go's formula (and again when the tune
// build sets one of its constants) and only read afterwards.
var lmrReductions = buildLMR()

func buildLMR() (t [64][64]int8) {
	base, div := float64(lmrBase100)/100, float64(lmrDivisor100)/100
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			t[d][n] = int8(base + math.Log(float64(d))*math.Log(float64(n))/div)
		}
	}
	return t
}

// search is the principal variation search below the root: an alpha-beta
// search that expects the first move to be best and tries to prove the
// others worse with a null window. It returns the score of the position at
// ply from the side to move's view, within the fail-soft bounds of
// (alpha, beta). cutNode is set where a beta cutoff is expected.
func (w *worker) search(ply, depth int, alpha, beta eval.Score, cutNode bool) eval.Score {
	pvNode := beta-alpha > 1
	f := &w.stack[ply]
	pos := &f.pos
	w.pvLen[ply] = ply
	// excluded is set when this is the verification search of a singular
	// extension (step 8b) on the same position.
	excluded := f.excluded

	// Step 1. Leaf: resolve captures before trusting the static evaluation.
	if depth <= 0 {
		return w.quiesce(ply, alpha, beta)
	}
	// Step 2. Draws by rule, and the end of the stack.
	if score, done := w.enterNode(ply, pos); done {
		return score
	}
	inCheck := pos.InCheck()

	// Step 3. Mate-distance pruning: no line from here can mate faster than
	// a mate already found closer to the root.
	alpha = max(alpha, -mateScore+eval.Score(ply))
	beta = min(beta, mateScore-eval.Score(ply)-1)
	if alpha >= beta {
		return alpha
	}

	// Step 4. Transposition table: a deep enough result with a usable bound
	// ends the node at once (not in PV nodes, to keep the PV whole; not near
	// the fifty-move horizon, which the table does not see).
	key := pos.Key()
	e, ttHit := w.s.tt.Probe(key, ply)
	ttMove := e.move
	// ttPV: this position is, or was when stored, on a principal variation.
	ttPV := pvNode || (ttHit && e.pv)
	if ttHit && !pvNode && excluded == movegen.NoMove && e.depth >= depth && pos.HalfmoveClock() < ttCutoffMaxHalfmove {
		if e.bound == Exact || (e.bound == Lower && e.score >= beta) || (e.bound == Upper && e.score <= alpha) {
			return e.score
		}
	}

	// Step 4b. Tablebases: right after a capture or pawn move, with few
	// enough pieces, the tables know the outcome. A draw, or a win or loss
	// that settles the window, ends the node; it is stored deeper than
	// searched, since no search would learn more. In a PV node a win that
	// does not reach beta still puts a floor under the result (and a loss
	// a ceiling over it), so that the PV shows the tables' verdict.
	tbFloor, tbCeiling := -infinity, infinity
	if w.s.tbLimit > 0 && excluded == movegen.NoMove {
		if score, bound, ok := w.probeTablebase(pos, ply, depth); ok {
			if bound == Exact || (bound == Lower && score >= beta) || (bound == Upper && score <= alpha) {
				ev := noEvalSeen
				if !inCheck {
					ev = w.evaluate(ply)
				}
				w.s.tt.Store(key, ply, movegen.NoMove, score, ev, min(depth+tbStoreDepthBonus, MaxPly-1), bound, ttPV)
				return score
			}
			if pvNode && bound == Lower {
				tbFloor = score
				alpha = max(alpha, score)
			} else if pvNode {
				tbCeiling = score
			}
		}
	}

	// Step 5. Static evaluation, from the table when it is there, corrected
	// by what searches found in positions with the same pawns and pieces
	// (correction history). The table keeps the raw evaluation, so the
	// correction is applied afresh, as the tables now have it. A table
	// score with the right bound is a better guess than either.
	var rawEval, staticEval, estimate eval.Score
	var corr corrSlot
	if inCheck {
		rawEval, staticEval, estimate = noEvalSeen, noEvalSeen, noEvalSeen
	} else {
		if ttHit {
			rawEval = e.eval
		} else {
			rawEval = w.evaluate(ply)
		}
		corr = corrSlotOf(pos)
		staticEval = w.correctedEval(rawEval, &corr)
		estimate = staticEval
		if ttHit && (e.bound == Exact || (e.bound == Lower && e.score > estimate) || (e.bound == Upper && e.score < estimate)) {
			estimate = e.score
		}
	}
	f.staticEval = staticEval
	// improving: our static evaluation rose since our last turn (two
	// plies up), so pruning should be more careful. In check there is no
	// static evaluation to compare, so improving is false, as in Stockfish
	// and Ethereal; two plies below a check it is false too, as in Ethereal
	// (that ply's frame holds noEvalSeen, below every evaluation, which
	// made it true until an SPRT chose otherwise: +8.9 ± 10.7 at 20,000
	// nodes, docs/strength-log.md).
	improving := !inCheck && ply >= 2 && w.stack[ply-2].staticEval != noEvalSeen &&
		staticEval > w.stack[ply-2].staticEval
	w.stack[ply+1].killers = [2]movegen.Move{}

	// Not in a singular verification search: it asks about the other
	// moves, which a cut on the position as a whole does not answer.
	if !pvNode && !inCheck && excluded == movegen.NoMove && beta < tbWinBound && beta > -tbWinBound {
		// Step 6. Reverse futility pruning: so far above beta that even the
		// opponent's best reply at this shallow depth will not bring it back.
		margin := eval.Score(rfpMargin * depth)
		if improving {
			margin -= eval.Score(rfpMargin / 2)
		}
		if depth <= rfpMaxDepth && estimate-margin >= beta {
			return estimate
		}

		// Step 7. Null-move pruning: let the opponent move twice; if we still
		// beat beta with a reduced search, a real move would too. Not with
		// only pawns (zugzwang is common there) and never twice in a row.
		if depth >= nmpMinDepth && estimate >= beta && f.sinceNull > 0 && ply > 0 &&
			w.stack[ply-1].move != movegen.NoMove && hasPieces(pos) {
			// Reduce more the further the evaluation is above beta.
			r := nmpBaseR + depth/nmpDepthDivisor + min(int(estimate-beta)/nmpEvalDivisor, nmpEvalMaxR)
			w.pushNull(ply)
			score := -w.search(ply+1, depth-1-r, -beta, -beta+1, !cutNode)
			if w.stopped {
				return 0
			}
			if score >= beta {
				if score >= tbWinBound {
					score = beta // an unproven mate or tablebase win
				}
				return score
			}
		}
	}

	// Step 8. Internal iterative reduction: without a hash move our ordering
	// is a guess, so spend less here; the table will know more next time.
	if depth >= iirMinDepth && ttMove == movegen.NoMove && (pvNode || cutNode) {
		depth--
	}

	// Step 8b. Singular extension. If the hash move's score is a trusted
	// lower bound, search every other move at half depth against a bound a
	// little below it. When all fail low, the hash move is singular and
	// gets a ply more. When even that bound is at or above beta, two moves
	// beat beta: cut at once (multi-cut). When the hash score alone beats
	// beta, or a cutoff is expected anyway, the hash move gets a ply less,
	// since another move is likely to do as well. The verification search
	// runs on this ply's frame before the moves are generated, so that it
	// cannot clobber this node's move list.
	singularExt := 0
	if ply > 0 && depth >= seMinDepth && ttMove != movegen.NoMove && excluded == movegen.NoMove &&
		e.depth >= depth-seTTDepthMargin && e.bound != Upper &&
		e.score > -tbWinBound && e.score < tbWinBound && ply < checkExtensionMaxRatio*w.rootDepth {
		singularBeta := e.score - eval.Score(seMarginPerDepth*depth)
		f.excluded = ttMove
		score := w.search(ply, (depth-1)/2, singularBeta-1, singularBeta, cutNode)
		f.excluded = movegen.NoMove
		if w.stopped {
			return 0
		}
		switch {
		case score < singularBeta:
			singularExt = 1
			w.check.singularExtension()
		case singularBeta >= beta:
			return singularBeta
		case e.score >= beta || cutNode:
			singularExt = -1
		}
	}

	// Step 9. The moves come from a staged picker (movepick.go), which
	// generates each group only when the loop reaches it: a hash move that
	// cuts costs no generation. It drops a hash move that is not legal
	// here (a key collision), so ttMove is legal or NoMove from now on.
	mp := w.startPicker(ply, ttMove)
	ttMove = mp.hashMove
	// ttCapture: the best move known here wins material, so the quiet moves
	// after it are less likely to matter.
	ttCapture := ttMove != movegen.NoMove && !isQuiet(pos, ttMove)
	ci := &mp.ci

	origAlpha := alpha
	best := bestSoFar{score: tbFloor}
	nQuiets := 0
	moveCount := 0
	legalMoves := 0 // moves handed out, searched or not: none is mate or stalemate
	skipQuiets := false

	// Step 10. The move loop. stage says where the ordering put the move;
	// hist is a quiet move's history (butterfly and continuation).
	for {
		m, stage, hist := mp.nextMove()
		if m == movegen.NoMove {
			break
		}
		legalMoves++
		if m == excluded {
			continue
		}
		quiet := isQuiet(pos, m)
		givesCheck := ci.MayGiveCheck(m) && pos.GivesCheckWith(ci, m)

		// Step 11. Shallow-depth pruning, once a non-losing score is in hand.
		// Checks are never pruned: they are how mates are found.
		if best.score > -tbWinBound && !inCheck && !givesCheck && hasPieces(pos) {
			if quiet && skipQuiets {
				continue
			}
			if quiet {
				// Late-move pruning: late quiet moves at low depth rarely matter.
				lmpLimit := lmpBase + depth*depth
				if !improving {
					lmpLimit /= 2
				}
				if depth <= lmpMaxDepth && moveCount >= lmpLimit {
					skipQuiets = true
					mp.skipQuiets()
					continue
				}
				// Futility pruning: even a good positional gain will not lift
				// the static evaluation to alpha, unless the move's history
				// says it has often done better than that. Quiet moves after
				// a non-killer come in falling history, so all of them go.
				if depth <= futilityMaxDepth && hist < int32(futilityHistoryMax) &&
					staticEval+eval.Score(futilityBase+futilityPerDepth*depth) <= alpha {
					if stage >= stageCounter {
						skipQuiets = true
						mp.skipQuiets()
					}
					continue
				}
				// History pruning: a quiet move that has failed here again
				// and again is not worth a shallow search.
				if depth <= historyPruneMaxDepth && hist < -int32(historyPruneMargin*depth) {
					continue
				}
				// SEE pruning: the moved piece is simply lost.
				if depth <= seePruneMaxDepth && !seeGE(pos, m, eval.Score(seeQuietMargin*depth)) {
					continue
				}
			} else if depth <= seePruneMaxDepth && stage == stageBadNoisy &&
				!seeGE(pos, m, eval.Score(seeNoisyMargin*depth*depth)) {
				continue
			}
		}

		w.push(ply, m)
		moveCount++
		if quiet && nQuiets < maxQuietsTracked {
			f.quiets[nQuiets] = m
			nQuiets++
		}

		// Step 12. Extensions. The hash move takes its singular extension
		// (step 8b) when it was examined; otherwise a check may be the
		// start of something forcing: look one ply further (not beyond
		// twice the nominal depth).
		newDepth := depth - 1
		if m == ttMove && singularExt != 0 {
			newDepth += singularExt
		} else if givesCheck && ply < checkExtensionMaxRatio*w.rootDepth {
			newDepth++
		}

		var score eval.Score
		// Step 13. Late-move reductions: late quiet moves are searched
		// shallower with a null window, and again at full depth only if
		// they surprise.
		if depth >= lmrMinDepth && moveCount > lmrMinMoves+boolToInt(pvNode) && quiet && !inCheck {
			r := int(lmrReductions[min(depth, 63)][min(moveCount, 63)])
			// A node on a principal variation now or in an earlier search
			// (ttPV includes pvNode) decides the score: reduce less.
			if !ttPV {
				r++
			}
			if cutNode {
				r++
			}
			if improving {
				r--
			}
			if givesCheck {
				r--
			}
			if ttCapture {
				r++
			}
			if stage <= stageCounter {
				r-- // a killer or counter move refuted a similar position: likely good here too
			}
			r -= int(hist) / lmrHistoryDiv
			r = max(0, min(r, newDepth-1))
			score = -w.search(ply+1, newDepth-r, -alpha-1, -alpha, true)
			if score > alpha && r > 0 {
				score = -w.search(ply+1, newDepth, -alpha-1, -alpha, !cutNode)
			}
		} else if !pvNode || moveCount > 1 {
			// Step 14. Principal variation search: prove the move no better
			// than alpha with a null window.
			score = -w.search(ply+1, newDepth, -alpha-1, -alpha, !cutNode)
		}
		// A PV node searches its first move, and any that beat alpha, with
		// the full window.
		if pvNode && (moveCount == 1 || (score > alpha && score < beta)) {
			score = -w.search(ply+1, newDepth, -beta, -alpha, false)
		}
		if w.stopped {
			return 0
		}

		if score > best.score {
			var cut bool
			if alpha, cut = best.raise(w, ply, m, score, alpha, beta, pvNode); cut {
				// Step 15. Beta cutoff: remember quiet moves that cut.
				if quiet {
					w.updateQuietStats(ply, m, depth, nQuiets)
				}
				break
			}
		}
	}

	if legalMoves == 0 {
		if inCheck {
			return -mateScore + eval.Score(ply)
		}
		return drawScore
	}
	if moveCount == 0 {
		// Every move was pruned: the position is no better than alpha.
		return alpha
	}

	best.score = min(best.score, tbCeiling)

	// Step 16. Store the result: a lower bound after a cutoff, exact if a
	// move raised alpha, else an upper bound.
	bound := best.bound(origAlpha, beta)
	// A singular verification search leaves the entry alone: its result
	// is about the position without its best move.
	if excluded == movegen.NoMove {
		w.s.tt.Store(key, ply, best.move, best.score, rawEval, depth, bound, ttPV)
	}

	// Step 17. Correction history: teach the tables how far the search came
	// out from the raw evaluation. Not in check (no evaluation), not for a
	// singular verification (a score without the best move), not when the
	// best move wins material or promotes (the evaluation was not wrong
	// about a position it never had to judge quiet), not for a decisive
	// score, and not for a bound that leaves open which side of the
	// evaluation the true score lies on.
	if !inCheck && excluded == movegen.NoMove &&
		(best.move == movegen.NoMove || (!isCapture(pos, best.move) && best.move.Kind() != movegen.Promotion)) &&
		best.score > -tbWinBound && best.score < tbWinBound &&
		!(bound == Lower && best.score <= rawEval) && !(bound == Upper && best.score >= rawEval) {
		w.updateCorrection(&corr, best.score-rawEval, depth)
	}
	return best.score
}

// updatePV makes m followed by the child's PV the PV of ply.
func (w *worker) updatePV(ply int, m movegen.Move) {
	w.pv[ply][ply] = m
	n := max(w.pvLen[ply+1], ply+1)
	copy(w.pv[ply][ply+1:n], w.pv[ply+1][ply+1:n])
	w.pvLen[ply] = n
}

// bestSoFar is what a node's move loop has found: the best score, fail-soft
// (below alpha when no move reached it), and the move that raised alpha, if
// one did. The main search and quiescence fold their moves in the same way,
// so they keep PVs and store bounds alike.
type bestSoFar struct {
	score eval.Score
	move  movegen.Move
}

// raise folds in the score of m, which the caller found above b.score (that
// one comparison stays at the call site, where most moves fail it). A score
// above alpha makes m the best move and, in a PV node, the head of ply's
// PV. raise returns the new alpha and whether the score reached beta: a
// cutoff, which ends the move loop. It is kept within Go's inlining budget
// (go build -gcflags=-m=2 ./search), so that both loops pay no call for it.
func (b *bestSoFar) raise(w *worker, ply int, m movegen.Move, score, alpha, beta eval.Score, pvNode bool) (eval.Score, bool) {
	b.score = score
	if score <= alpha {
		return alpha, false
	}
	b.move = m
	if pvNode {
		w.updatePV(ply, m)
	}
	return score, score >= beta
}

// bound is the table bound of b.score for a node searched in the window
// (origAlpha, beta): a lower bound after a cutoff, exact if a move raised
// alpha, else an upper bound.
func (b *bestSoFar) bound(origAlpha, beta eval.Score) Bound {
	switch {
	case b.score >= beta:
		return Lower
	case b.score > origAlpha:
		return Exact
	}
	return Upper
}

// hasPieces reports whether the side to move has a piece other than king
// and pawns: without one, zugzwang is likely and null-move and shallow
// pruning assumptions fail.
func hasPieces(p *movegen.Position) bool {
	us := p.SideToMove()
	return p.ColorBB(us)&^(p.Pieces(us, movegen.Pawn)|p.Pieces(us, movegen.King)) != 0
}

func boolToInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// enterNode does what every node, quiescence included, does first: count the
// node (which polls the clock and the stop flag), note the selective depth,
// and end the node at once when it is drawn by rule or at the end of the
// stack. done reports that score is the node's value.
func (w *worker) enterNode(ply int, pos *movegen.Position) (score eval.Score, done bool) {
	if w.countNode() {
		return 0, true
	}
	if ply > w.selDepth {
		w.selDepth = ply
	}
	if w.isDraw(ply) {
		return drawScore, true
	}
	if ply >= MaxPly-1 {
		if pos.InCheck() {
			return drawScore, true
		}
		return w.evaluate(ply), true
	}
	return 0, false
}
