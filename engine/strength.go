package engine

import (
	"math"
	"math/rand/v2"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

// Playing weaker, for people (UCI_LimitStrength, UCI_Elo). Two handicaps,
// both scaled by the chosen rating, as the strong engines do it:
//
//   - a node budget per move, which takes depth away: 1024 nodes at the
//     lowest setting (the search looks at its node limit every 1024 nodes,
//     so a smaller budget would not be kept), doubling ten times up to the
//     highest;
//   - a random error: the search looks at its best few lines (MultiPV 4) and
//     plays the one whose score plus a random bonus of up to noise
//     centipawns is highest, so that at a low setting a move up to noise
//     worse than the best may be played, and never one much worse: a weak
//     level plays plausible inferior moves, not random blunders.
//
// At the highest setting the noise is 0 and only the node budget weakens it.
const (
	MinElo     = 1000
	MaxElo     = 2800
	DefaultElo = 1500

	limitNodesAtMin     = 1024 // nodes a move at MinElo
	limitNodesDoublings = 10   // from MinElo to MaxElo
	limitNoiseAtMin     = 300  // centipawns of random error at MinElo
	limitMultiPV        = 4    // lines the random error chooses among
)

// strength is the handicap of one UCI_Elo setting.
type strength struct {
	nodes uint64 // node budget a move
	noise int    // most centipawns of random bonus a line can get
}

// strengthFor maps a UCI_Elo setting to its handicap: the node budget grows
// geometrically with the rating and the noise shrinks to 0 along a square.
func strengthFor(elo int) strength {
	t := float64(max(min(elo, MaxElo), MinElo)-MinElo) / (MaxElo - MinElo)
	return strength{
		nodes: uint64(limitNodesAtMin * math.Exp2(limitNodesDoublings*t)),
		noise: int(math.Round(limitNoiseAtMin * (1 - t) * (1 - t))),
	}
}

// weakPicker watches a search's lines and afterwards picks the one to play
// with the random error. Its methods run on the searching goroutine only.
type weakPicker struct {
	noise int
	lines [limitMultiPV]pickLine
}

// pickLine is the newest exact line of one MultiPV rank.
type pickLine struct {
	depth        int
	move, ponder movegen.Move
	score        eval.Score
}

func newWeakPicker(noise int) *weakPicker {
	return &weakPicker{noise: noise}
}

// watch returns report with each exact line noted first.
func (w *weakPicker) watch(report func(Info)) func(Info) {
	return func(i Info) {
		if k := i.MultiPV - 1; k >= 0 && k < limitMultiPV && i.Bound == Exact && len(i.PV) > 0 {
			l := pickLine{depth: i.Depth, move: i.PV[0], score: i.Score}
			switch {
			case i.Mate > 0:
				l.score = eval.Mate - eval.Score(2*i.Mate)
			case i.Mate < 0:
				l.score = -eval.Mate - eval.Score(2*i.Mate)
			}
			if len(i.PV) > 1 {
				l.ponder = i.PV[1]
			}
			w.lines[k] = l
		}
		if report != nil {
			report(i)
		}
	}
}

// pick returns the line to play: among the lines of the deepest two depths
// searched, the one whose score plus a random bonus in [0, noise) is
// highest; false if no line was seen.
func (w *weakPicker) pick() (move, ponder movegen.Move, ok bool) {
	deepest := 0
	for _, l := range w.lines {
		deepest = max(deepest, l.depth)
	}
	best := eval.Score(math.MinInt32)
	for _, l := range w.lines {
		if l.move == movegen.NoMove || l.depth < deepest-1 {
			continue
		}
		v := l.score
		if w.noise > 0 {
			v += eval.Score(rand.IntN(w.noise))
		}
		if v > best {
			best, move, ponder, ok = v, l.move, l.ponder, true
		}
	}
	return move, ponder, ok
}
