package tablebase

import "github.com/sightline-chess/sightline/movegen"

// MaxDTZ is the rank of a root move that wins within the fifty-move rule;
// ranks below it count down with the distance, so that a higher rank is
// always the better move.
const MaxDTZ = 1 << 18

// RankRootDTZ ranks each root move by DTZ, into ranks (as long as moves).
// A win that zeroes the fifty-move counter in time ranks MaxDTZ (all such
// moves alike, so the search may choose among them); once the counter
// (root's halfmove clock) runs short, or a position has repeated since the
// last zeroing move (repeated), wins rank from MaxDTZ/2 down by how late
// they zero, so that the win is converted. Losses rank -MaxDTZ alike unless
// a fifty-move draw is in sight, then from -MaxDTZ/2 up by how long they
// last; draws rank 0. drawnAfter reports
// whether the position after a move is drawn by repetition or the
// fifty-move rule. ok is false if any move's position is not in the tables.
func (tb *Tablebases) RankRootDTZ(root *movegen.Position, moves []movegen.Move, repeated bool, drawnAfter func(*movegen.Position) bool, ranks []int) bool {
	cnt50 := root.HalfmoveClock()
	for i, m := range moves {
		after := *root
		after.MakeMove(m)
		var dtz int
		switch {
		case after.HalfmoveClock() == 0:
			// A zeroing move: only its outcome counts.
			w, ok := tb.ProbeWDL(&after)
			if !ok {
				return false
			}
			dtz = beforeZeroing(-w)
		case drawnAfter(&after):
			dtz = 0
		default:
			d, ok := tb.ProbeDTZ(&after)
			if !ok {
				return false
			}
			dtz = addPlies(-d, 1)
		}
		// A mating move zeroes nothing but ends the game at once.
		if dtz == 2 && after.InCheck() && after.CountLegal() == 0 {
			dtz = 1
		}
		switch {
		case dtz > 0 && dtz+cnt50 <= 99 && !repeated:
			ranks[i] = MaxDTZ
		case dtz > 0:
			ranks[i] = MaxDTZ/2 - (dtz + cnt50)
		case dtz < 0 && -dtz*2+cnt50 < 100:
			ranks[i] = -MaxDTZ
		case dtz < 0:
			ranks[i] = -MaxDTZ/2 + (-dtz + cnt50)
		default:
			ranks[i] = 0
		}
	}
	return true
}

// RankRootWDL ranks each root move by the WDL outcome after it, for when
// there are no DTZ tables: a win MaxDTZ, a cursed win MaxDTZ-101, a draw 0,
// and losses the negatives. It is rougher than RankRootDTZ: it keeps the
// outcome but may not make progress towards it.
func (tb *Tablebases) RankRootWDL(root *movegen.Position, moves []movegen.Move, ranks []int) bool {
	for i, m := range moves {
		after := *root
		after.MakeMove(m)
		w, ok := tb.ProbeWDL(&after)
		if !ok {
			return false
		}
		ranks[i] = WDLRank(-w)
	}
	return true
}

// WDLRank is the rank RankRootWDL gives a move whose outcome is w.
func WDLRank(w WDL) int {
	switch w {
	case Win:
		return MaxDTZ
	case CursedWin:
		return MaxDTZ - 101
	case BlessedLoss:
		return -MaxDTZ + 101
	case Loss:
		return -MaxDTZ
	}
	return 0
}
