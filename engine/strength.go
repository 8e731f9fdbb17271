package engine

import (
	"math"
	"math/rand/v2"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

// Playing weaker, for people (UCI_LimitStrength, UCI_Elo). Three handicaps,
// as the strong engines do it:
//
//   - a node budget per move, which takes depth away: from 1024 nodes up to
//     half a million (the search keeps a node budget exactly, but 1024 is
//     the least that was calibrated);
//   - a random error: the search looks at its best few lines (MultiPV 4) and
//     plays the one whose score plus a random bonus of up to noise
//     centipawns is highest, so that at a low setting a move up to noise
//     worse than the best may be played, and never one much worse: a weak
//     level plays plausible inferior moves, not random blunders;
//   - the evaluation: up to 2100 the hand-written one, whose levels were
//     measured first; above it the net (with UseNNUE on), whose every node
//     is worth more, up to full strength at MaxElo.
//
// All three are set by two tables of handicaps and the rating each played
// at, measured in games, eloScale and netScale; a setting between two rows
// gets a handicap between theirs. At 10 seconds a game and slower, the node
// budget, not the clock, ends nearly every search below full strength, so
// those levels play about the same at any such time control and their
// ratings carry over from the games that measured them. Full strength is
// bound by the clock alone: its rating holds at the time control and on the
// machine that measured it (docs/strength.md), and grows with more time.
const (
	MinElo     = 1100
	MaxElo     = 2800 // full strength: no handicap at all
	DefaultElo = 1500

	// handWrittenTop is the strongest setting played with the hand-written
	// evaluation; the settings above it play with the net (netScale).
	handWrittenTop = 2100

	limitNodesAtMin = 1024 // the smallest node budget calibrated
	limitMultiPV    = 4    // lines the random error chooses among

	// calibratedStep is the step node budgets are rounded up to. The levels
	// were measured in games when the search looked at its node budget
	// every 1,024 nodes, so a budget of 1,519 nodes searched 2,048; the
	// search stops at its budget exactly now, and rounding the budget as the
	// search then did keeps every level where its games measured it.
	calibratedStep = 1024

	// topNodes is the budget toward which the settings between the net's
	// last node-bound row and full strength grow. It is above what a
	// full-strength search reached a move in the games that rated MaxElo
	// (0.18 s a move on average at 10+0.1, about 345,000 nodes on that
	// machine), so the settings just below MaxElo play as full strength
	// does at that time control. MaxElo itself has no node limit.
	topNodes = 524_288
)

// eloScale is the calibration of UCI_Elo with the hand-written evaluation,
// from MinElo to handWrittenTop: handicaps from the weakest to the strongest,
// each with the rating it measured against Stockfish 15.1 with
// UCI_LimitStrength at about the same setting (Stockfish's scale, which it
// anchors to CCRL 40/4; its levels are bound by depth, not by the clock, as
// ours are by nodes). tools/calibrate.sh plays the games; docs/strength.md
// has the matches.
var eloScale = [...]level{
	{1100, limitNodesAtMin, 600},
	{1230, limitNodesAtMin, 300},
	{1640, 10_300, 133},
	{2060, 104_000, 33},
	{handWrittenTop, 262_144, 0},
}

// netScale is the calibration of the settings above handWrittenTop, which
// play with the net: node budgets rated in games like eloScale's rows, and
// full strength at MaxElo, no handicap at all, rated at 10+0.1. The net's
// first row is where its ladder starts: a setting just above handWrittenTop
// plays it (16 times fewer nodes than the hand-written top row, at about its
// rating: each of the net's nodes is worth far more), and the settings above
// climb from there. The rows hold for the net they were rated with,
// netScaleNet.
var netScale = [...]level{
	{2130, 16_384, 0},
	{2280, 65_536, 0},
	{2410, 131_072, 0},
	{2570, 262_144, 0},
	{MaxElo, 0, 0},
}

// netScaleNet is the embedded net netScale's rows were rated with. Another
// net plays each node budget at another strength: a test fails until its
// rows are rated again (tools/calibrate.sh, the nN settings).
const netScaleNet = "g23a-256-mob-kb7-b8"

// level is one row of a calibration table: a handicap and its rating.
type level struct {
	elo   int
	nodes uint64 // node budget a move, 0 for none
	noise int    // most centipawns of random bonus a line can get
}

// strength is the handicap of one UCI_Elo setting.
type strength struct {
	nodes uint64 // node budget a move, 0 for none
	noise int    // most centipawns of random bonus a line can get
	net   bool   // evaluate with the net rather than the hand-written evaluation
}

// strengthFor maps a UCI_Elo setting to its handicap. Between two rows of a
// scale the node budget grows geometrically and the noise shrinks linearly
// with the rating: up to handWrittenTop on eloScale, above it on netScale,
// where the budget grows toward topNodes and MaxElo has none.
func strengthFor(elo int) strength {
	elo = max(min(elo, MaxElo), MinElo)
	if elo == MaxElo {
		return strength{net: true}
	}
	scale, net := eloScale[:], elo > handWrittenTop
	if net {
		scale = netScale[:]
	}
	i := 1
	for i < len(scale)-1 && scale[i].elo < elo {
		i++
	}
	lo, hi := scale[i-1], scale[i]
	if hi.nodes == 0 {
		hi.nodes = topNodes
	}
	t := float64(max(elo, lo.elo)-lo.elo) / float64(hi.elo-lo.elo)
	return strength{
		nodes: budget(lo.nodes, hi.nodes, t),
		noise: int(math.Round(float64(lo.noise) + t*float64(hi.noise-lo.noise))),
		net:   net,
	}
}

// budget is the node budget a fraction t of the way from lo to hi,
// geometrically, rounded up to calibratedStep.
func budget(lo, hi uint64, t float64) uint64 {
	nodes := uint64(math.Round(float64(lo) * math.Pow(float64(hi)/float64(lo), t)))
	return (nodes + calibratedStep - 1) / calibratedStep * calibratedStep
}

// weakPicker watches a search's lines and afterwards picks the one to play
// with the random error. Its methods run on the searching goroutine only.
type weakPicker struct {
	noise int
	lines [limitMultiPV]pickLine
	// shown is the MultiPV the user asked for: the search looks at
	// limitMultiPV lines to choose among, but the GUI is shown only these.
	shown  int
	report func(Info) // the GUI's report, or nil
}

// pickLine is the newest exact line of one MultiPV rank.
type pickLine struct {
	depth        int
	move, ponder movegen.Move
	score        eval.Score
	info         Info // the line as reported
}

func newWeakPicker(noise, shown int) *weakPicker {
	return &weakPicker{noise: noise, shown: shown}
}

// watch returns report with each exact line noted first, passing on only
// the lines of the MultiPV ranks the user asked for.
func (w *weakPicker) watch(report func(Info)) func(Info) {
	w.report = report
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
			l.info = i
			w.note(k, l)
		}
		if report != nil && i.MultiPV <= w.shown {
			report(i)
		}
	}
}

// note keeps l as the newest line of rank k, and drops any other rank's
// line of the same move: that one is older (one iteration holds each move
// at one rank), and left in place it could be picked with its stale ponder
// move and score. This happens when a search stopped inside an iteration
// reports its first line, at the new depth, with a move that the other
// ranks still hold at the depth before.
func (w *weakPicker) note(k int, l pickLine) {
	for j := range w.lines {
		if j != k && w.lines[j].move == l.move {
			w.lines[j] = pickLine{}
		}
	}
	w.lines[k] = l
}

// announce reports the line of move, the one picked, as the search's last
// line, when it is not the search's own best (which the search reported
// last): the GUI then shows the line and score of the move played.
func (w *weakPicker) announce(move, searchBest movegen.Move) {
	if w.report == nil || move == searchBest {
		return
	}
	for _, l := range w.lines {
		if l.move == move {
			i := l.info
			i.MultiPV = 1
			w.report(i)
			return
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
