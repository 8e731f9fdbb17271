package search

import (
	"github.com/sightline-chess/sightline/movegen"
)

// A movePicker hands out the moves of one node best-first, generating and
// scoring each group of moves only when the node asks for its first. A node
// whose hash move cuts off then generates nothing, and one that cuts on a
// capture never scores its quiet moves. The stages, in order:
//
//  1. the hash move, if it is legal here (IsLegal: a colliding table entry
//     or a corrupt one can never make us play an illegal move);
//  2. captures and queen promotions that do not lose material by SEE,
//     most valuable victim first, least valuable attacker first among
//     equals (SEE is asked as each comes up; a losing one is kept for
//     stage 5);
//  3. the two killer moves of this ply (quiet moves that cut off a
//     sibling), then the counter move (the quiet move that last refuted the
//     opponent's previous move, wherever it was played), each only if it is
//     a legal quiet move here and not one handed out already;
//  4. the other quiet moves by their history score (butterfly, keyed by
//     whether the opponent attacks the from and to squares, and the
//     continuation histories after the moves 1, 2 and 4 plies back);
//  5. the captures that lose material by SEE (in the order of stage 2),
//     then the quiet underpromotions.
//
// In quiescence only stages 1 and 2 run, without SEE (the search prunes
// losing captures itself), and only noisy moves qualify as the hash move;
// in check every evasion is searched, so the quiet ones follow in the
// order they were generated, then the quiet underpromotions.
//
// Every legal move is handed out once (TestPickerOffersEveryMoveOnce),
// unless the search gives up on the quiet moves (skipQuiets).
type movePicker struct {
	pos   *movegen.Position
	stage pickStage
	// quiesce: the noisy stages only, but every evasion in check.
	quiesce bool
	inCheck bool
	// skip: the search has given up on quiet moves (late-move or futility
	// pruning); only those that give check are still handed out.
	skip bool

	// hashMove, killer1, killer2 and counter are the moves of stages 1 and
	// 3, NoMove where there is none or the one the node had is not legal
	// (or, for the killers and counter move, not quiet) here.
	hashMove, killer1, killer2, counter movegen.Move

	// ci is the check information of pos, for the search's GivesCheckWith
	// and for the quiet checks that survive skipQuiets.
	ci movegen.CheckInfo

	// The quiet moves' history tables: the side to move's butterfly table
	// and the continuation tables (the worker's empty noCont where there is
	// none).
	butterfly           *[2][2][64][64]int32
	cont1, cont2, cont4 *contTable
	// threats are the squares the opponent attacks, which key the
	// butterfly table: found when first asked for (nodeThreats), once
	// threatsKnown says so.
	threats      movegen.Bitboard
	threatsKnown bool

	// moves holds the noisy moves at [0, nNoisy) and the quiet moves,
	// once generated, from nNoisy. Stage 2 picks from [next, nNoisy) and
	// moves each losing capture down to [0, nBad), over the places of the
	// moves handed out already. Stage 4 picks from [next, moves.N); the
	// quiet underpromotions, scored below everything, are what is left
	// there after it, and stage 5 hands them out after the losing captures.
	moves  movegen.MoveList
	scores [movegen.MaxMoves]int32
	next   int
	nNoisy int
	nBad   int
	bad    int // stage 5's next losing capture
}

// pickStage is a stage of a movePicker, and what the search learns of each
// move it is handed: where the ordering put it.
type pickStage uint8

// The stages, in the order a movePicker goes through them (its doc has
// why). The gen stages hand out nothing: they generate and score the moves
// of the next.
const (
	stageHash pickStage = iota
	stageGenNoisy
	stageGoodNoisy
	stageKiller1
	stageKiller2
	stageCounter
	stageGenQuiet
	stageQuiet
	stageBadNoisy
	stageDone
)

// startPicker sets the picker of ply up for the main search, with the move
// the table holds for the position. It reads the ply's killers and counter
// move now: the search below may change them before the picker reaches
// them, as the list of old did not see either.
func (w *worker) startPicker(ply int, hashMove movegen.Move) *movePicker {
	f := &w.stack[ply]
	mp := w.resetPicker(ply, false)
	pos := mp.pos
	if hashMove != movegen.NoMove && !pos.IsLegal(hashMove) {
		hashMove = movegen.NoMove
	}
	mp.hashMove = hashMove
	mp.killer1, mp.killer2 = f.killers[0], f.killers[1]
	mp.counter = w.counterMove(ply)
	mp.ci = pos.CheckInfo()
	mp.butterfly = &w.history[pos.SideToMove()]
	mp.cont1, mp.cont2, mp.cont4 = w.contTables(ply)
	// A missing table reads as the worker's empty one, so that scoring
	// a quiet move tests no pointer.
	if mp.cont1 == nil {
		mp.cont1 = &w.noCont
	}
	if mp.cont2 == nil {
		mp.cont2 = &w.noCont
	}
	if mp.cont4 == nil {
		mp.cont4 = &w.noCont
	}
	return mp
}

// startQuiescePicker sets the picker of ply up for quiescence: the hash
// move, if it is legal and noisy (any evasion in check), then the noisy
// moves by MVV-LVA, then in check the quiet evasions.
func (w *worker) startQuiescePicker(ply int, hashMove movegen.Move) *movePicker {
	mp := w.resetPicker(ply, true)
	pos := mp.pos
	if hashMove != movegen.NoMove && (!pos.IsLegal(hashMove) || !mp.inCheck && isQuiet(pos, hashMove)) {
		hashMove = movegen.NoMove
	}
	mp.hashMove = hashMove
	mp.killer1, mp.killer2, mp.counter = movegen.NoMove, movegen.NoMove, movegen.NoMove
	return mp
}

// resetPicker readies the picker of ply for a new node: the first stage,
// nothing skipped, the threats not yet found. Its callers set the moves.
func (w *worker) resetPicker(ply int, quiesce bool) *movePicker {
	f := &w.stack[ply]
	mp := &f.picker
	mp.pos = &f.pos
	mp.stage = stageHash
	mp.quiesce = quiesce
	mp.inCheck = f.pos.InCheck()
	mp.skip = false
	mp.threatsKnown = false
	return mp
}

// skipQuiets tells the picker that the search has given up on quiet moves:
// from now on it hands out only those that give check, which the search
// never prunes. Those it has generated already are filtered at once, as
// they would otherwise cost a scan each.
func (mp *movePicker) skipQuiets() {
	if mp.skip {
		return
	}
	mp.skip = true
	if mp.stage == stageQuiet || mp.stage == stageBadNoisy {
		// Every move left there is quiet.
		n := mp.next
		for j := mp.next; j < mp.moves.N; j++ {
			if m := mp.moves.Moves[j]; mp.ci.MayGiveCheck(m) && mp.pos.GivesCheckWith(&mp.ci, m) {
				mp.moves.Moves[n], mp.scores[n] = m, mp.scores[j]
				n++
			}
		}
		mp.moves.N = n
	}
}

// nextMove returns the next move, the stage that handed it out and, for a
// quiet move in the main search, its history score (0 otherwise); NoMove
// when there are no more.
func (mp *movePicker) nextMove() (movegen.Move, pickStage, int32) {
	pos := mp.pos
	for {
		switch mp.stage {
		case stageHash:
			mp.stage = stageGenNoisy
			if m := mp.hashMove; m != movegen.NoMove && !mp.skipped(m) {
				return m, stageHash, mp.historyOf(m)
			}

		case stageGenNoisy:
			mp.genNoisy()
			mp.stage = stageGoodNoisy

		case stageGoodNoisy:
			for mp.next < mp.nNoisy {
				m, s := mp.pickBest(mp.next, mp.nNoisy)
				mp.next++
				if !mp.quiesce && !seeGE(pos, m, 0) {
					mp.moves.Moves[mp.nBad], mp.scores[mp.nBad] = m, s
					mp.nBad++
					continue
				}
				return m, stageGoodNoisy, 0
			}
			switch {
			case !mp.quiesce:
				mp.stage = stageKiller1
			case mp.inCheck:
				mp.stage = stageGenQuiet
			default:
				mp.stage = stageDone
			}

		case stageKiller1:
			mp.stage = stageKiller2
			if !mp.usableQuiet(mp.killer1) {
				mp.killer1 = movegen.NoMove
			} else if !mp.skipped(mp.killer1) {
				return mp.killer1, stageKiller1, mp.historyOf(mp.killer1)
			}

		case stageKiller2:
			mp.stage = stageCounter
			if mp.killer2 == mp.killer1 || !mp.usableQuiet(mp.killer2) {
				mp.killer2 = movegen.NoMove
			} else if !mp.skipped(mp.killer2) {
				return mp.killer2, stageKiller2, mp.historyOf(mp.killer2)
			}

		case stageCounter:
			mp.stage = stageGenQuiet
			if c := mp.counter; c == mp.killer1 || c == mp.killer2 || !mp.usableQuiet(c) {
				mp.counter = movegen.NoMove
			} else if !mp.skipped(c) {
				return c, stageCounter, mp.historyOf(c)
			}

		case stageGenQuiet:
			mp.genQuiet()
			mp.stage = stageQuiet

		case stageQuiet:
			if mp.next < mp.moves.N {
				if mp.quiesce {
					// Evasions in generation order, as their scores were
					// all equal before the picker; the underpromotions
					// were moved to the end by genQuiet.
					if m := mp.moves.Moves[mp.next]; m.Kind() != movegen.Promotion {
						mp.next++
						return m, stageQuiet, 0
					}
				} else if m, s := mp.pickBest(mp.next, mp.moves.N); s != scoreQuietUnderpromotion {
					mp.next++
					return m, stageQuiet, s
				}
			}
			mp.stage = stageBadNoisy

		case stageBadNoisy:
			if mp.bad < mp.nBad {
				mp.bad++
				return mp.moves.Moves[mp.bad-1], stageBadNoisy, 0
			}
			if mp.next < mp.moves.N {
				m := mp.moves.Moves[mp.next]
				mp.next++
				return m, stageBadNoisy, mp.historyOf(m)
			}
			mp.stage = stageDone

		default:
			return movegen.NoMove, stageDone, 0
		}
	}
}

// genNoisy writes the noisy moves but the hash move and scores them by
// MVV-LVA.
func (mp *movePicker) genNoisy() {
	pos := mp.pos
	mp.moves.N = 0
	pos.GenerateNoisy(&mp.moves)
	n := 0
	for i := 0; i < mp.moves.N; i++ {
		if m := mp.moves.Moves[i]; m != mp.hashMove {
			mp.moves.Moves[n], mp.scores[n] = m, mvvLVA(pos, m)
			n++
		}
	}
	mp.moves.N, mp.nNoisy, mp.next, mp.nBad, mp.bad = n, n, 0, 0, 0
}

// genQuiet writes the quiet moves after the noisy ones, but those handed
// out already and, once the search has given up on quiet moves, those that
// do not give check; and scores them by history, the quiet underpromotions
// below everything (they come after the losing captures). In quiescence,
// which scores no quiet move, the underpromotions are moved to the end.
func (mp *movePicker) genQuiet() {
	pos := mp.pos
	start := mp.nNoisy
	mp.moves.N = start
	pos.GenerateQuiet(&mp.moves)
	// The history tables, hoisted out of the loop: it scores every quiet
	// move of most nodes that reach it. Quiescence scores none.
	butterfly, cont1, cont2, cont4 := mp.butterfly, mp.cont1, mp.cont2, mp.cont4
	var threats movegen.Bitboard
	if !mp.quiesce {
		threats = mp.nodeThreats()
	}
	n, nPromo := start, 0
	for i := start; i < mp.moves.N; i++ {
		m := mp.moves.Moves[i]
		if m == mp.hashMove || m == mp.killer1 || m == mp.killer2 || m == mp.counter ||
			mp.skip && !(mp.ci.MayGiveCheck(m) && pos.GivesCheckWith(&mp.ci, m)) {
			continue
		}
		var s int32
		switch {
		case m.Kind() == movegen.Promotion:
			s = scoreQuietUnderpromotion
			nPromo++
		case !mp.quiesce:
			from, to := m.From(), m.To()
			pc := pos.PieceOn(from)
			s = butterfly[threats>>from&1][threats>>to&1][from][to] +
				int32(cont1[pc][to]) + int32(cont2[pc][to]) + int32(cont4[pc][to])
		}
		mp.moves.Moves[n], mp.scores[n] = m, s
		n++
	}
	mp.moves.N, mp.next = n, start
	if mp.quiesce && nPromo > 0 {
		// A stable partition: evasions first, underpromotions after.
		var promos [movegen.MaxMoves]movegen.Move
		k, p := start, 0
		for i := start; i < n; i++ {
			if m := mp.moves.Moves[i]; m.Kind() == movegen.Promotion {
				promos[p] = m
				p++
			} else {
				mp.moves.Moves[k] = m
				k++
			}
		}
		copy(mp.moves.Moves[k:n], promos[:p])
	}
}

// skipped reports whether the search has given up on m: on a quiet move
// that does not give check, after skipQuiets.
func (mp *movePicker) skipped(m movegen.Move) bool {
	return mp.skip && isQuiet(mp.pos, m) && !(mp.ci.MayGiveCheck(m) && mp.pos.GivesCheckWith(&mp.ci, m))
}

// usableQuiet reports whether m may be handed out as a killer or counter
// move: a legal quiet move here (not a promotion: the underpromotions come
// last) and not the hash move.
func (mp *movePicker) usableQuiet(m movegen.Move) bool {
	switch m.Kind() {
	case movegen.Normal:
		if mp.pos.PieceOn(m.To()) != movegen.NoPiece {
			return false
		}
	case movegen.Castling:
	default:
		return false
	}
	return m != mp.hashMove && mp.pos.IsLegal(m)
}

// pickBest swaps the best-scored move of [i, end) into place i and returns
// it with its score; the first of equals wins.
func (mp *movePicker) pickBest(i, end int) (movegen.Move, int32) {
	scores := mp.scores[i:end]
	best, bestScore := 0, scores[0]
	for j, s := range scores[1:] {
		if s > bestScore {
			best, bestScore = j+1, s
		}
	}
	best += i
	m := mp.moves.Moves[best]
	mp.moves.Moves[i], mp.moves.Moves[best] = m, mp.moves.Moves[i]
	mp.scores[i], mp.scores[best] = bestScore, mp.scores[i]
	return m, bestScore
}

// historyOf is the history score of m if it is a quiet move of the main
// search, else 0: what the search's pruning and reductions read.
func (mp *movePicker) historyOf(m movegen.Move) int32 {
	if mp.quiesce || !isQuiet(mp.pos, m) {
		return 0
	}
	return mp.quietHistory(m)
}

// quietHistory is the history score of quiet move m: the butterfly table
// (by the threats to its squares) plus the continuation tables after the
// moves 1, 2 and 4 plies back (each within ±historyMax). genQuiet has its
// own copy of these lines, for speed.
func (mp *movePicker) quietHistory(m movegen.Move) int32 {
	from, to := m.From(), m.To()
	pc := mp.pos.PieceOn(from)
	threats := mp.nodeThreats()
	return mp.butterfly[threats>>from&1][threats>>to&1][from][to] +
		int32(mp.cont1[pc][to]) + int32(mp.cont2[pc][to]) + int32(mp.cont4[pc][to])
}

// nodeThreats returns the squares the opponent attacks (Position.Threats),
// found the first time the node asks: when it first scores a quiet move
// (the hash move, a killer or the counter move, or the generated quiet
// moves), or when updateQuietStats rewards one. A node that cuts on a
// capture before any quiet move never pays for them.
func (mp *movePicker) nodeThreats() movegen.Bitboard {
	if !mp.threatsKnown {
		mp.threats = mp.pos.Threats()
		mp.threatsKnown = true
	}
	return mp.threats
}
