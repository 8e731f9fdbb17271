package search

import (
	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
	"github.com/sightline-chess/sightline/tablebase"
)

// SetTablebases makes the search probe tb (nil: none) from the next search
// on. It waits for the last search's helper threads, so that once it
// returns the tables used before may be closed. Not during a search.
func (s *Searcher) SetTablebases(tb *tablebase.Tablebases) {
	s.helpers.Wait()
	s.tb = tb
}

// tbProbeDepthDefault is the depth from which a position with as many
// pieces as the largest table probed is looked up when Options leaves
// SyzygyProbeDepth at 0.
const tbProbeDepthDefault = 1

// setupTablebases decides, at the start of a search, how the tables take
// part: which piece count the search probes (s.tbLimit, 0 for none) and,
// when the root itself is in the tables, which root moves keep its outcome.
// It returns the moves to search and their tablebase scores (nil when the
// root is not in the tables).
func (s *Searcher) setupTablebases(root *movegen.Position, history []uint64, moves []movegen.Move) ([]movegen.Move, []eval.Score) {
	s.tbLimit, s.rootTBHits = 0, 0
	s.tbDepth = max(s.opt.SyzygyProbeDepth, tbProbeDepthDefault)
	s.tbRule50 = s.opt.Syzygy50MoveRule
	limit := min(s.opt.SyzygyProbeLimit, s.tb.MaxPieces())
	if limit == 0 {
		return moves, nil
	}
	s.tbLimit = limit
	if root.Castling() != 0 || root.Occupied().Count() > limit {
		return moves, nil
	}

	// Step 1. Rank the root moves by DTZ, or by WDL without DTZ tables.
	ranks := make([]int, len(moves))
	byDTZ := s.tb.HasDTZ() && s.tb.RankRootDTZ(root, moves, hasRepeated(root, history),
		func(p *movegen.Position) bool { return drawnAfterRoot(p, history, root.Key()) }, ranks)
	if !byDTZ && !s.tb.RankRootWDL(root, moves, ranks) {
		return moves, nil
	}
	s.rootTBHits = uint64(len(moves))

	// Step 2. Keep only the moves of the best rank: a win stays a win that
	// is converted in time, a draw is not lost.
	best := ranks[0]
	for _, r := range ranks {
		best = max(best, r)
	}
	kept := moves[:0:0]
	var scores []eval.Score
	for i, m := range moves {
		if ranks[i] == best {
			kept = append(kept, m)
			scores = append(scores, tbRootScore(ranks[i], byDTZ, s.tbRule50))
		}
	}

	// Step 3. With DTZ at the root, the search only picks among moves that
	// keep the outcome; probing below would add nothing. With WDL alone a
	// win still needs the probes to find its way.
	if byDTZ || best <= 0 {
		s.tbLimit = 0
	}
	return kept, scores
}

// tbRootScore is the score shown for a root move of the given rank: a win
// or loss in the tablebase band, a cursed win or blessed loss (with the
// fifty-move rule) a few centipawns either side of a draw.
func tbRootScore(rank int, byDTZ, rule50 bool) eval.Score {
	bound := 1
	if rule50 {
		bound = tablebase.MaxDTZ/2 - 100
	}
	if !byDTZ {
		// A cursed win is a win without the fifty-move rule, else +2.
		switch {
		case rank == tablebase.WDLRank(tablebase.CursedWin) && rule50:
			return 2
		case rank == tablebase.WDLRank(tablebase.BlessedLoss) && rule50:
			return -2
		}
	}
	switch {
	case rank >= bound:
		return tbWin
	case rank > 0:
		// A cursed win: 1 to 49 centipawns, more as a real win comes nearer.
		return eval.Score(max(3, rank-(tablebase.MaxDTZ/2-200)) * 100 / 200)
	case rank == 0:
		return drawScore
	case rank > -bound:
		return eval.Score(min(-3, rank+(tablebase.MaxDTZ/2-200)) * 100 / 200)
	}
	return -tbWin
}

// hasRepeated reports whether any position since the last zeroing move,
// the root included, occurred twice: then the winning side must make
// progress now, not later.
func hasRepeated(root *movegen.Position, history []uint64) bool {
	keys := append(history[:len(history):len(history)], root.Key())
	stop := max(0, len(keys)-1-root.HalfmoveClock())
	for i := len(keys) - 1; i >= stop; i-- {
		for j := i - 4; j >= stop; j -= 2 {
			if keys[j] == keys[i] {
				return true
			}
		}
	}
	return false
}

// drawnAfterRoot reports whether p, reached by a root move, is drawn by
// rule: the fifty-move rule (unless p is mate) or a third occurrence.
func drawnAfterRoot(p *movegen.Position, history []uint64, rootKey uint64) bool {
	if p.HalfmoveClock() >= 100 {
		return !p.InCheck() || p.CountLegal() > 0
	}
	// p's earlier occurrences, with the same side to move: two, four, ...
	// plies back, no further than its last zeroing move.
	keys := append(history[:len(history):len(history)], rootKey)
	seen := 0
	for back := 2; back <= p.HalfmoveClock() && back <= len(keys); back += 2 {
		if keys[len(keys)-back] == p.Key() {
			seen++
		}
	}
	return seen >= 2
}

// probeTablebase is step 5 of the search: after a capture or pawn move, with
// no castling rights left and few enough pieces, the WDL tables know the
// outcome. A win or loss is a bound (the table does not say how fast), a
// draw exact. ok reports that the probe answered.
func (w *worker) probeTablebase(pos *movegen.Position, ply, depth int) (score eval.Score, bound Bound, ok bool) {
	s := w.s
	if pos.HalfmoveClock() != 0 || pos.Castling() != 0 {
		return 0, 0, false
	}
	if n := pos.Occupied().Count(); n > s.tbLimit || n == s.tbLimit && depth < s.tbDepth {
		return 0, 0, false
	}
	wdl, ok := s.tb.ProbeWDL(pos)
	if !ok {
		return 0, 0, false
	}
	w.tbHits.Add(1)
	// Under the fifty-move rule cursed wins and blessed losses are draws,
	// scored a hair off zero so that the side with the chances keeps them.
	draw := tablebase.Draw
	if s.tbRule50 {
		draw = tablebase.CursedWin
	}
	switch {
	case wdl > draw:
		return tbWin - eval.Score(ply), Lower, true
	case wdl < -draw:
		return -tbWin + eval.Score(ply), Upper, true
	}
	return drawScore + eval.Score(2*int(wdl)*boolToInt(s.tbRule50)), Exact, true
}
