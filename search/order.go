package search

import (
	"github.com/sightline-chess/sightline/movegen"
)

// Move ordering lives in the staged picker (movepick.go); here are the
// tests of a move it and the search share, the scores of captures, and
// what a cutoff teaches the quiet-move tables.

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

// noisyScore scores a move for the root's first ordering (orderRoot), which
// has no picker: noisy moves into the good or bad capture band by SEE,
// quiet underpromotions to the bad band, other quiet moves to 0.
func noisyScore(p *movegen.Position, m movegen.Move) int32 {
	if isQuiet(p, m) {
		if m.Kind() == movegen.Promotion {
			return scoreBadNoisy // underpromotion
		}
		return 0
	}
	s := mvvLVA(p, m)
	if !seeGE(p, m, 0) {
		return scoreBadNoisy + s
	}
	return scoreGoodNoisy + s
}

// updateQuietStats rewards the quiet move that caused a beta cutoff at ply
// (killer, counter move, history bonuses) and punishes the quiet moves
// tried before it. The butterfly entries are those of the node's threats,
// which its picker (started for this position) knows or finds now.
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
	threats := f.picker.nodeThreats()
	w.addQuietStats(&f.pos, threats, cont1, cont2, cont4, best, bonus)
	for i := 0; i < nQuiets; i++ {
		if q := f.quiets[i]; q != best {
			w.addQuietStats(&f.pos, threats, cont1, cont2, cont4, q, -bonus)
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
