package search

import (
	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

// iterate is iterative deepening: search depth 1, 2, 3, ... each iteration
// ordering the root by the last one and filling the hash table for the
// next, until a limit is reached. The main thread (report != nil or id 0)
// reports each completed iteration and decides when to stop; helper threads
// run until the main thread raises the stop flag.
func (w *worker) iterate(report func(Info)) {
	s := w.s
	maxD := maxDepth
	if s.lim.Depth > 0 && s.lim.Depth < maxD {
		maxD = s.lim.Depth
	}
	multiPV := s.opt.MultiPV
	if w.id != 0 {
		multiPV = 1 // helpers only help fill the table for the best line
	}
	w.reportFn, w.reportedBest, w.reportedPonder = report, movegen.NoMove, movegen.NoMove
	w.cutShort, w.finalDepth = false, 0
	completed := 0 // the last iteration searched in full
	lastBest := movegen.NoMove
	stable := 0 // iterations in a row that kept the best move
	// The root score after each of the last trendIterations iterations,
	// by depth modulo trendIterations (the main thread's, for the clock);
	// -infinity before the first ones, which scoreLoss ignores.
	var iterScores [trendIterations]eval.Score
	for i := range iterScores {
		iterScores[i] = -infinity
	}
	for depth := 1; depth <= maxD; depth++ {
		// Lazy SMP diversity: odd helpers skip every other depth so that the
		// threads are not all on the same iteration.
		if w.id%2 == 1 && depth > 1 && depth%2 == 0 && depth < maxD {
			continue
		}
		w.rootDepth = depth
		for i := range w.rootMoves {
			rm := &w.rootMoves[i]
			if rm.score != -infinity {
				rm.prevScore = rm.score
			}
			rm.score = -infinity
		}
		for w.pvIdx = 0; w.pvIdx < multiPV; w.pvIdx++ {
			w.selDepth = 0
			w.aspiration(depth)
			// Stable, so moves whose score is unknown keep last iteration's order.
			sortRootMoves(w.rootMoves[w.pvIdx:])
			if w.stopped {
				break
			}
		}
		if w.stopped {
			w.cutShort = true
			break
		}
		completed = depth
		if w.id != 0 {
			continue
		}
		// The iteration is complete: report it and decide whether
		// another one is worth starting.
		sortRootMoves(w.rootMoves[:multiPV])
		if report != nil {
			w.report(report, depth, multiPV)
		}
		if s.lim.Mate > 0 {
			if sc := w.rootMoves[0].score; sc >= mateBound && int(mateScore-sc) <= 2*s.lim.Mate-1 {
				break
			}
		}
		if best := w.rootMoves[0].move; best == lastBest {
			stable++
		} else {
			lastBest, stable = best, 0
		}
		score, slot := w.rootMoves[0].score, depth%trendIterations
		trend := scoreTrendScale(scoreLoss(s.lastScore, score), scoreLoss(iterScores[slot], score))
		iterScores[slot] = score
		if s.budget.limited && !s.pondering.Load() && s.limitElapsed() >= softLimit(s.budget, stable, trend) {
			break
		}
		if s.lim.SoftNodes != 0 && s.totalNodes() >= s.lim.SoftNodes {
			break
		}
		if s.stop.Load() {
			break
		}
	}
	w.published.Store(w.nodes) // the exact count, for Result.Nodes
	// The depth of the line played: that of the unfinished iteration if the
	// move was searched in full in it (a move that beat the old best before
	// the stop), else that of the last whole one.
	w.finalDepth = max(completed, 1)
	if w.cutShort && w.rootMoves[0].score != -infinity {
		w.finalDepth = w.rootDepth
	}
	w.keepLastScore()
}

// reportFinal sends, after the search, the line of the move played with
// the final node count and time, when the last line sent does not already
// say all of it: when the search was stopped inside an iteration (by stop,
// the clock or the node limit: the GUI shows the last line as the result
// of the search, with its nodes and time), when the move played is not the
// one the last line led with (a move that beat the old best before the
// stop), or when the ponder move came from the hash table rather than the
// line. Its pv then leads with "bestmove ... ponder ...", as Stockfish's
// last line does.
func (w *worker) reportFinal(report func(Info), ponder movegen.Move) {
	rm := &w.rootMoves[0]
	if !w.cutShort && rm.move == w.reportedBest && ponder == w.reportedPonder {
		return
	}
	s := w.s
	pv := make([]movegen.Move, rm.pvLen, rm.pvLen+1)
	copy(pv, rm.pv[:rm.pvLen])
	if len(pv) == 1 && ponder != movegen.NoMove {
		pv = append(pv, ponder)
	}
	score := s.shownScore(rm, rm.score)
	report(Info{
		Depth:    w.finalDepth,
		SelDepth: max(rm.selDepth, w.finalDepth),
		MultiPV:  1,
		Score:    score,
		Mate:     mateInMoves(score),
		Bound:    Exact,
		Nodes:    s.totalNodes(),
		Time:     s.elapsed(),
		HashFull: s.tt.HashFull(),
		TBHits:   s.totalTBHits(),
		PV:       pv,
	})
}

// keepLastScore runs after the last iteration. If the stop came before the
// first move of that iteration was scored, the move (still the ordering's
// first) takes the score of its last finished search, not the -infinity the
// iteration gave it to start with. If no search of it ever finished (a stop
// inside depth 1), it takes the static evaluation and a line of itself alone,
// so that the last info line the GUI sees has a real score and a pv that
// leads with the move played: a placeholder score can lose the game to a
// GUI's adjudication.
func (w *worker) keepLastScore() {
	rm := &w.rootMoves[0]
	if rm.score == -infinity {
		rm.score = rm.prevScore
	}
	if rm.score == -infinity {
		rm.score = w.evaluate(0)
	}
	if rm.pvLen == 0 {
		rm.pv[0], rm.pvLen = rm.move, 1
	}
}

// sortRootMoves orders by score, best first, keeping ties in place (an
// insertion sort: the list is short and nearly sorted, and it allocates nothing).
func sortRootMoves(rms []rootMove) {
	for i := 1; i < len(rms); i++ {
		if rms[i].score <= rms[i-1].score {
			continue
		}
		x := rms[i]
		j := i
		for ; j > 0 && rms[j-1].score < x.score; j-- {
			rms[j] = rms[j-1]
		}
		rms[j] = x
	}
}

// aspiration searches the root at depth through a window around the last
// score, widening it on the side that failed until the score falls inside.
func (w *worker) aspiration(depth int) {
	alpha, beta := -infinity, infinity
	delta := eval.Score(aspirationDelta)
	prev := w.rootMoves[w.pvIdx].prevScore
	if depth >= aspirationMinDepth && prev > -tbWinBound && prev < tbWinBound {
		alpha, beta = max(prev-delta, -infinity), min(prev+delta, infinity)
	}
	for {
		score := w.searchRoot(depth, alpha, beta)
		if w.stopped {
			return
		}
		var failed Bound
		alpha, beta, delta, failed = widen(alpha, beta, delta, score)
		if failed == Exact {
			return
		}
		w.reportBound(depth, score, failed)
	}
}

// widen is one step of the aspiration loop: given the window a search ran
// in and the score it returned, it says whether the score is exact (inside
// the window) or which bound it is, and returns the window to search again.
//   - Fail low (an upper bound): the window moves down to delta below the
//     score; its top comes down to the old middle, since the true score is
//     below the old bottom.
//   - Fail high (a lower bound): the top moves to delta above the score.
//
// delta grows by aspirationGrowth at each fail, and once past 1000 the window
// opens fully, so that the loop ends after a few fails at most.
func widen(alpha, beta, delta, score eval.Score) (eval.Score, eval.Score, eval.Score, Bound) {
	var failed Bound
	switch {
	case score <= alpha:
		failed = Upper
		beta = (alpha + beta) / 2
		alpha = max(score-delta, -infinity)
	case score >= beta:
		failed = Lower
		beta = min(score+delta, infinity)
	default:
		return alpha, beta, delta, Exact
	}
	delta *= aspirationGrowth
	if delta > aspirationMaxDelta {
		alpha, beta = -infinity, infinity
	}
	return alpha, beta, delta, failed
}

// searchRoot is the principal variation search at the root, over the root
// moves from pvIdx on (earlier ones are MultiPV lines already found).
func (w *worker) searchRoot(depth int, alpha, beta eval.Score) eval.Score {
	child := &w.stack[1].pos
	best := -infinity
	w.pvLen[0] = 0
	for i := w.pvIdx; i < len(w.rootMoves); i++ {
		rm := &w.rootMoves[i]
		w.push(0, rm.move)
		if w.reportFn != nil && w.id == 0 {
			if el := w.s.elapsed(); el >= currMoveDelay {
				w.reportFn(Info{Depth: depth, CurrMove: rm.move, CurrMoveNumber: i + 1, Time: el})
			}
		}
		if w.countNode() {
			return best // a limit reached here: "go nodes N" counts no node past N
		}

		newDepth := depth - 1
		if child.InCheck() {
			newDepth++ // Check extension, as everywhere in the tree.
		}
		var score eval.Score
		if i == w.pvIdx {
			score = -w.search(1, newDepth, -beta, -alpha, false)
		} else {
			score = -w.search(1, newDepth, -alpha-1, -alpha, true)
			if score > alpha && score < beta && !w.stopped {
				score = -w.search(1, newDepth, -beta, -alpha, false)
			}
		}
		if w.stopped {
			// The unfinished search of this move proves nothing.
			return best
		}
		if i == w.pvIdx || score > alpha {
			rm.score = score
			rm.selDepth = w.selDepth
			rm.pv[0] = rm.move
			n := copy(rm.pv[1:], w.pv[1][1:w.pvLen[1]])
			rm.pvLen = 1 + n
		} else {
			rm.score = -infinity // not better than the best: unknown how much worse
		}
		if score > best {
			best = score
		}
		if score > alpha {
			alpha = score
			if score >= beta {
				return score
			}
		}
	}
	return best
}

// report sends one Info per MultiPV line of the completed iteration.
func (w *worker) report(report func(Info), depth, multiPV int) {
	s := w.s
	w.published.Store(w.nodes)
	nodes := s.totalNodes()
	elapsed := s.elapsed()
	hashFull := s.tt.HashFull()
	for i := 0; i < multiPV; i++ {
		rm := &w.rootMoves[i]
		score := rm.score
		if score == -infinity {
			score = rm.prevScore
		}
		pv := make([]movegen.Move, rm.pvLen)
		copy(pv, rm.pv[:rm.pvLen])
		if i == 0 {
			w.noteReported(pv)
		}
		score = s.shownScore(rm, score)
		report(Info{
			Depth:    depth,
			SelDepth: max(rm.selDepth, depth),
			MultiPV:  i + 1,
			Score:    score,
			Mate:     mateInMoves(score),
			Bound:    Exact,
			Nodes:    nodes,
			Time:     elapsed,
			HashFull: hashFull,
			TBHits:   s.totalTBHits(),
			PV:       pv,
		})
	}
}

// noteReported remembers the first two moves of the last first line sent.
func (w *worker) noteReported(pv []movegen.Move) {
	w.reportedBest, w.reportedPonder = movegen.NoMove, movegen.NoMove
	if len(pv) > 0 {
		w.reportedBest = pv[0]
	}
	if len(pv) > 1 {
		w.reportedPonder = pv[1]
	}
}

// reportBound tells the GUI, during a long search, that the line being
// searched failed outside its aspiration window: score is only a bound.
func (w *worker) reportBound(depth int, score eval.Score, b Bound) {
	s := w.s
	if w.reportFn == nil || w.id != 0 || s.elapsed() < boundReportDelay {
		return
	}
	w.published.Store(w.nodes)
	// After a fail high the move that failed high stands at pvIdx once
	// sorted; before that, and after a fail low, it is the move searched first.
	rm := &w.rootMoves[w.pvIdx]
	for i := w.pvIdx; i < len(w.rootMoves); i++ {
		if w.rootMoves[i].score == score {
			rm = &w.rootMoves[i]
			break
		}
	}
	pv := make([]movegen.Move, rm.pvLen)
	copy(pv, rm.pv[:rm.pvLen])
	if w.pvIdx == 0 {
		w.noteReported(pv)
	}
	w.reportFn(Info{
		Depth:    depth,
		SelDepth: max(w.selDepth, depth),
		MultiPV:  w.pvIdx + 1,
		Score:    s.shownScore(rm, score),
		Mate:     mateInMoves(score),
		Bound:    b,
		Nodes:    s.totalNodes(),
		Time:     s.elapsed(),
		HashFull: s.tt.HashFull(),
		TBHits:   s.totalTBHits(),
		PV:       pv,
	})
}

// orderRoot puts the hash move first and captures that win material next,
// for the first iteration; later iterations order by score.
func (w *worker) orderRoot() {
	pos := &w.stack[0].pos
	var hashMove movegen.Move
	if e, ok := w.s.tt.Probe(pos.Key(), 0); ok {
		hashMove = e.move
	}
	for i := range w.rootMoves {
		rm := &w.rootMoves[i]
		// The ordering score as a sort key, overwritten below.
		rm.score = eval.Score(noisyScore(pos, rm.move))
		if rm.move == hashMove {
			rm.score = scoreHash
		}
	}
	sortRootMoves(w.rootMoves)
	for i := range w.rootMoves {
		w.rootMoves[i].score = -infinity
	}
}
