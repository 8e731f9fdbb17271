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
//  3. the two killer moves of this ply (quiet moves that cut off a sibling);
//  4. other quiet moves by their history score;
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

// scoreMoves gives each move in f.moves its ordering score, and reports
// whether the hash move was among them.
func (w *worker) scoreMoves(f *frame, hashMove movegen.Move) bool {
	p := &f.pos
	us := p.SideToMove()
	found := false
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
		default:
			s = w.history[us][m.From()][m.To()]
		}
		f.scores[i] = s
	}
	return found
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
	best := i
	for j := i + 1; j < f.moves.N; j++ {
		if f.scores[j] > f.scores[best] {
			best = j
		}
	}
	f.moves.Moves[i], f.moves.Moves[best] = f.moves.Moves[best], f.moves.Moves[i]
	f.scores[i], f.scores[best] = f.scores[best], f.scores[i]
	return f.moves.Moves[i], f.scores[i]
}

// updateQuietStats rewards the quiet move that caused a beta cutoff at f
// (killer, history bonus) and punishes the quiet moves tried before it.
func (w *worker) updateQuietStats(f *frame, best movegen.Move, depth, nQuiets int) {
	if f.killers[0] != best {
		f.killers[1] = f.killers[0]
		f.killers[0] = best
	}
	us := f.pos.SideToMove()
	bonus := int32(depth * depth * 16)
	if bonus > historyBonusMax {
		bonus = historyBonusMax
	}
	w.addHistory(us, best, bonus)
	for i := 0; i < nQuiets; i++ {
		if q := f.quiets[i]; q != best {
			w.addHistory(us, q, -bonus)
		}
	}
}

// addHistory moves a history score towards ±historyMax by bonus, less as it
// gets near the bound, so that scores saturate and old results fade.
func (w *worker) addHistory(us movegen.Color, m movegen.Move, bonus int32) {
	h := &w.history[us][m.From()][m.To()]
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*h += bonus - *h*abs/historyMax
}
