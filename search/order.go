package search

import (
	"github.com/sightline-chess/sightline/movegen"
)

// Move ordering. Alpha-beta cuts most when the best move comes first, so each
// node scores its legal moves once and picks them best-first (a selection
// sort, which stops paying as soon as a cutoff happens):
//
//  1. the hash move, if it is in the legal list (so a corrupt or colliding
//     entry can never make us play an illegal move);
//  2. captures and queen promotions that do not lose material by SEE,
//     most valuable victim first, least valuable attacker first among equals;
//  3. the two killer moves of this ply (quiet moves that cut off a sibling),
//     then the counter move (the quiet move that last refuted the
//     opponent's previous move, wherever it was played);
//  4. other quiet moves by their history score (butterfly, kept apart by
//     whether the opponent attacks the from and to squares, and the
//     continuation histories after the moves 1, 2 and 4 plies back);
//  5. captures that lose material by SEE, and underpromotions.

// isCapture reports whether m takes a piece. Castling is encoded as the king
// taking its own rook, so it is excluded.
func isCapture(p *movegen.Position, m movegen.Move) bool {
	switch m.Kind() {
	case movegen.EnPassant:
		return true
	case movegen.Castling:
		return false
	}
	return p.PieceOn(m.To()) != movegen.NoPiece
}

// isQuiet reports whether m neither captures nor promotes to a queen: the
// moves that killers and history order.
func isQuiet(p *movegen.Position, m movegen.Move) bool {
	if m.Kind() == movegen.Promotion && m.Promotion() == movegen.Queen {
		return false
	}
	return !isCapture(p, m)
}

// mvvLVA scores a capture by its victim, then (inversely) its attacker.
func mvvLVA(p *movegen.Position, m movegen.Move) int32 {
	victim := movegen.Pawn
	if m.Kind() != movegen.EnPassant {
		victim = p.PieceOn(m.To()).Type()
	}
	s := mvvValue[victim]*8 - int32(p.PieceOn(m.From()).Type())
	if m.Kind() == movegen.Promotion {
		s += mvvValue[m.Promotion()] * 8
	}
	return s
}

// noisyScore scores a non-hash move for the first ordering of a list: noisy
// moves into the good or bad capture band by SEE, quiet moves to 0. With
// useSEE false (quiescence) every noisy move gets the good band.
func (w *worker) noisyScore(p *movegen.Position, m movegen.Move, useSEE bool) int32 {
	if isQuiet(p, m) {
		if m.Kind() == movegen.Promotion {
			return scoreBadNoisy // underpromotion
		}
		return 0
	}
	s := mvvLVA(p, m)
	if useSEE && !seeGE(p, m, 0) {
		return scoreBadNoisy + s
	}
	return scoreGoodNoisy + s
}

// scoreMoves gives each move in f.moves (the frame at ply) its ordering
// score, and reports whether the hash move was among them.
func (w *worker) scoreMoves(ply int, f *frame, hashMove movegen.Move) bool {
	p := &f.pos
	found := false
	f.threats = p.Threats()
	cont1, cont2, cont4 := w.contTables(ply)
	counter := w.counterMove(ply)
	for i := 0; i < f.moves.N; i++ {
		m := f.moves.Moves[i]
		var s int32
		switch {
		case m == hashMove:
			s = scoreHash
			found = true
		case !isQuiet(p, m) || m.Kind() == movegen.Promotion:
			s = w.noisyScore(p, m, true)
		case m == f.killers[0]:
			s = scoreKiller1
		case m == f.killers[1]:
			s = scoreKiller2
		case m == counter:
			s = scoreCounter
		default:
			s = w.quietHistory(p, f.threats, cont1, cont2, cont4, m)
		}
		f.scores[i] = s
	}
	return found
}

// quietHistory is the history score of quiet move m in p, whose opponent
// attacks threats: the butterfly table plus the continuation tables after
// the moves 1, 2 and 4 plies back (each within ±historyMax).
func (w *worker) quietHistory(p *movegen.Position, threats movegen.Bitboard, cont1, cont2, cont4 *contTable, m movegen.Move) int32 {
	s := *w.butterfly(p.SideToMove(), threats, m)
	pc, to := p.PieceOn(m.From()), m.To()
	if cont1 != nil {
		s += int32(cont1[pc][to])
	}
	if cont2 != nil {
		s += int32(cont2[pc][to])
	}
	if cont4 != nil {
		s += int32(cont4[pc][to])
	}
	return s
}

// scoreNoisy orders quiescence moves by MVV-LVA only: SEE is looked at when
// the move is picked, to prune it.
func (w *worker) scoreNoisy(f *frame, hashMove movegen.Move) {
	p := &f.pos
	for i := 0; i < f.moves.N; i++ {
		m := f.moves.Moves[i]
		if m == hashMove {
			f.scores[i] = scoreHash
		} else {
			f.scores[i] = w.noisyScore(p, m, false)
		}
	}
}

// pickMove swaps the best-scored move among f.moves[i:] into place i and
// returns it with its score.
func pickMove(f *frame, i int) (movegen.Move, int32) {
	scores := f.scores[i:f.moves.N]
	best, bestScore := 0, scores[0]
	for j, s := range scores[1:] {
		if s > bestScore {
			best, bestScore = j+1, s
		}
	}
	best += i
	f.moves.Moves[i], f.moves.Moves[best] = f.moves.Moves[best], f.moves.Moves[i]
	f.scores[i], f.scores[best] = f.scores[best], f.scores[i]
	return f.moves.Moves[i], bestScore
}

// dropQuiets removes the quiet moves after index i from f's list, keeping
// the order of the rest. Once late-move or futility pruning has given up on
// quiet moves, picking through them would cost a scan of the list each.
// Quiet checks stay: the search never prunes a check. The check squares
// are ci, worked out once for the node (GivesCheckWith).
func dropQuiets(f *frame, ci *movegen.CheckInfo, i int) {
	n := i + 1
	for j := i + 1; j < f.moves.N; j++ {
		if m := f.moves.Moves[j]; !isQuiet(&f.pos, m) || f.pos.GivesCheckWith(ci, m) {
			f.moves.Moves[n], f.scores[n] = f.moves.Moves[j], f.scores[j]
			n++
		}
	}
	f.moves.N = n
}

// updateQuietStats rewards the quiet move that caused a beta cutoff at ply
// (killer, counter move, history bonuses) and punishes the quiet moves
// tried before it.
func (w *worker) updateQuietStats(ply int, best movegen.Move, depth, nQuiets int) {
	f := &w.stack[ply]
	if f.killers[0] != best {
		f.killers[1] = f.killers[0]
		f.killers[0] = best
	}
	if c := w.counterSlot(ply); c != nil {
		*c = best
	}
	bonus := int32(historyBonusScale * depth * depth)
	if bonus > int32(historyBonusMax) {
		bonus = int32(historyBonusMax)
	}
	cont1, cont2, cont4 := w.contTables(ply)
	w.addQuietStats(&f.pos, f.threats, cont1, cont2, cont4, best, bonus)
	for i := 0; i < nQuiets; i++ {
		if q := f.quiets[i]; q != best {
			w.addQuietStats(&f.pos, f.threats, cont1, cont2, cont4, q, -bonus)
		}
	}
}

// addQuietStats adds bonus to the history of quiet move m in p, and to its
// continuation histories after the moves 1, 2 and 4 plies back.
func (w *worker) addQuietStats(p *movegen.Position, threats movegen.Bitboard, cont1, cont2, cont4 *contTable, m movegen.Move, bonus int32) {
	addHistory(w.butterfly(p.SideToMove(), threats, m), bonus)
	pc, to := p.PieceOn(m.From()), m.To()
	if cont1 != nil {
		addContHistory(&cont1[pc][to], bonus)
	}
	if cont2 != nil {
		addContHistory(&cont2[pc][to], bonus)
	}
	if cont4 != nil {
		addContHistory(&cont4[pc][to], bonus)
	}
}

// contTable scores a quiet move by its piece and target square, for one
// earlier move (piece and target square) of the line.
type contTable [16][64]int16

// contTables returns the continuation histories keyed by the move that led
// to ply (the opponent's), by the move before it (our own previous move) and
// by our move before that, four plies back; nil where there was none (before
// the root, a null move).
func (w *worker) contTables(ply int) (cont1, cont2, cont4 *contTable) {
	if ply >= 1 {
		cont1 = w.stack[ply-1].cont
	}
	if ply >= 2 {
		cont2 = w.stack[ply-2].cont
	}
	if ply >= 4 {
		cont4 = w.stack[ply-4].cont
	}
	return cont1, cont2, cont4
}

// counterSlot returns the counter-move entry of the opponent's move that led
// to ply, keyed like the continuation history by the piece it moved and its
// target square; nil at the root and after a null move.
func (w *worker) counterSlot(ply int) *movegen.Move {
	if ply < 1 {
		return nil
	}
	prev := &w.stack[ply-1]
	if prev.move == movegen.NoMove {
		return nil
	}
	return &w.counterMoves[prev.pos.PieceOn(prev.move.From())][prev.move.To()]
}

// counterMove is the quiet move that last refuted the opponent's move that
// led to ply, or NoMove.
func (w *worker) counterMove(ply int) movegen.Move {
	if c := w.counterSlot(ply); c != nil {
		return *c
	}
	return movegen.NoMove
}

// addContHistory is addHistory for the 16-bit continuation tables.
func addContHistory(h *int16, bonus int32) {
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	v := int32(*h)
	v += bonus - v*abs/historyMax
	*h = int16(v)
}

// butterfly returns the history entry of quiet move m for side us, whose
// opponent attacks threats.
func (w *worker) butterfly(us movegen.Color, threats movegen.Bitboard, m movegen.Move) *int32 {
	from, to := m.From(), m.To()
	return &w.history[us][threats>>from&1][threats>>to&1][from][to]
}

// addHistory moves a history score towards ±historyMax by bonus, less as it
// gets near the bound, so that scores saturate and old results fade.
func addHistory(h *int32, bonus int32) {
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*h += bonus - *h*abs/historyMax
}
