package tablebase

import "github.com/sightline-chess/sightline/movegen"

// WDL is a position's outcome for the side to move under the fifty-move
// rule, counted from a capture or pawn move: a cursed win is a win that the
// fifty-move rule turns into a draw, a blessed loss a loss it saves.
type WDL int8

// The five outcomes, in order: negating one gives the opponent's.
const (
	Loss        WDL = -2
	BlessedLoss WDL = -1
	Draw        WDL = 0
	CursedWin   WDL = 1
	Win         WDL = 2
)

// String returns the outcome's name, e.g. "cursed win".
func (w WDL) String() string {
	switch w {
	case Loss:
		return "loss"
	case BlessedLoss:
		return "blessed loss"
	case Draw:
		return "draw"
	case CursedWin:
		return "cursed win"
	case Win:
		return "win"
	}
	return "?"
}

// ProbeWDL returns the outcome of p with best play, as if p had just been
// reached by a capture or pawn move (its halfmove clock is not looked at).
// ok is false when p has castling rights, more pieces than the tables, or a
// table needed is missing or damaged.
func (tb *Tablebases) ProbeWDL(p *movegen.Position) (w WDL, ok bool) {
	if !tb.probeable(p) {
		return 0, false
	}
	w, _, ok = tb.probe(p)
	return w, ok
}

// probeable: a table can answer only without castling rights, and only for
// as many pieces as its largest table (one more, resolved by a capture, is
// not worth the probes in a search).
func (tb *Tablebases) probeable(p *movegen.Position) bool {
	return tb != nil && p.Castling() == 0 && p.Occupied().Count() <= tb.maxPieces
}

// isCapture reports whether m takes a piece (castling, king takes own rook,
// does not).
func isCapture(p *movegen.Position, m movegen.Move) bool {
	k := m.Kind()
	return k == movegen.EnPassant || k != movegen.Castling && p.PieceOn(m.To()) != movegen.NoPiece
}

// probe resolves captures around the table probe. The table may store any
// value for a position where a capture does at least as well (whatever
// compresses best), and it knows nothing of en passant, so the best capture
// is searched first. zeroing reports that the best move is a capture, whose
// DTZ is therefore that of a zeroing move, whatever the DTZ table says.
func (tb *Tablebases) probe(p *movegen.Position) (w WDL, zeroing, ok bool) {
	var ml movegen.MoveList
	p.GenerateLegal(&ml)
	bestCapture, bestEP := Loss, Loss
	allEP := ml.N > 0
	for _, m := range ml.Slice() {
		if !isCapture(p, m) {
			allEP = false
			continue
		}
		ep := m.Kind() == movegen.EnPassant
		if !ep {
			allEP = false
		}
		after := *p
		after.MakeMove(m)
		v, ok := tb.probeCaptures(after, Loss, -bestCapture)
		if !ok {
			return 0, false, false
		}
		v = -v
		if v == Win {
			return Win, true, true
		}
		if ep {
			bestEP = max(bestEP, v)
		} else {
			bestCapture = max(bestCapture, v)
		}
	}
	v, ok := tb.probeTable(p)
	if !ok {
		return 0, false, false
	}
	// An en passant capture the table cannot know of, strictly better.
	if bestEP > max(v, bestCapture) {
		return bestEP, true, true
	}
	bestCapture = max(bestCapture, bestEP)
	if bestCapture >= v {
		return bestCapture, bestCapture > Draw, true
	}
	// Without the en passant captures the position would be stalemate:
	// the table's draw does not hold, one of them must be played.
	if v == Draw && allEP {
		return bestEP, true, true
	}
	return v, false, true
}

// probeCaptures is an alpha-beta search of captures only, with the table
// probed where they run out or fail to reach beta. After a capture no en
// passant is possible, so none is looked for. (p is passed by value: a
// pointer into a recursive call would make Go keep each copy on the heap.)
func (tb *Tablebases) probeCaptures(p movegen.Position, alpha, beta WDL) (WDL, bool) {
	var ml movegen.MoveList
	p.GenerateNoisy(&ml)
	for _, m := range ml.Slice() {
		if !isCapture(&p, m) {
			continue
		}
		after := p
		after.MakeMove(m)
		v, ok := tb.probeCaptures(after, -beta, -alpha)
		if !ok {
			return 0, false
		}
		v = -v
		if v >= beta {
			return v, true
		}
		alpha = max(alpha, v)
	}
	v, ok := tb.probeTable(&p)
	if !ok {
		return 0, false
	}
	return max(alpha, v), true
}

// probeTable reads p's WDL table as it stands (captures and en passant not
// considered).
func (tb *Tablebases) probeTable(p *movegen.Position) (WDL, bool) {
	if p.Occupied() == p.TypeBB(movegen.King) {
		return Draw, true
	}
	key := keyOf(p)
	s := tb.lookup(key)
	if s == nil || s.wdl == nil {
		return 0, false
	}
	d, idx, _, ok := s.wdl.encode(p)
	if !ok {
		return 0, false
	}
	v, ok := s.wdl.value(d, idx)
	if !ok || v > 4 {
		return 0, false
	}
	return WDL(v) - 2, true
}

// beforeZeroing is the DTZ of a position whose best move is a capture or
// pawn move with outcome w: one ply, or 101 for the fifty-move rule's
// cursed wins and blessed losses.
func beforeZeroing(w WDL) int {
	switch w {
	case Win:
		return 1
	case CursedWin:
		return 101
	case BlessedLoss:
		return -101
	case Loss:
		return -1
	}
	return 0
}

// addPlies moves a DTZ n plies further from zero.
func addPlies(dtz, n int) int {
	switch {
	case dtz > 0:
		return dtz + n
	case dtz < 0:
		return dtz - n
	}
	return 0
}

// ProbeDTZ returns the distance of p to the next capture or pawn move with
// best play, in plies, positive when the side to move wins (a cursed win
// counts past 100), negative when it loses, 0 for a draw; as ProbeWDL, it
// counts from a zeroing move. Where a table stores full moves the value may
// be one ply more than the truth. ok is false when p is not in the tables.
func (tb *Tablebases) ProbeDTZ(p *movegen.Position) (dtz int, ok bool) {
	if !tb.probeable(p) {
		return 0, false
	}
	return tb.dtz(*p, 0)
}

// dtz is ProbeDTZ; depth counts the one-ply searches above, which a sound
// table never nests. p is a copy, as in probeCaptures.
func (tb *Tablebases) dtz(pos movegen.Position, depth int) (int, bool) {
	p := &pos
	w, zeroing, ok := tb.probe(p)
	if !ok {
		return 0, false
	}
	if w == Draw {
		return 0, true
	}
	if zeroing {
		return beforeZeroing(w), true
	}
	var ml movegen.MoveList
	p.GenerateLegal(&ml)
	if w > Draw {
		// A winning pawn move zeroes at once. (Captures were seen in probe.)
		for _, m := range ml.Slice() {
			if isCapture(p, m) || p.PieceOn(m.From()).Type() != movegen.Pawn {
				continue
			}
			after := *p
			after.MakeMove(m)
			v, _, ok := tb.probe(&after)
			if !ok {
				return 0, false
			}
			if -v == w {
				return beforeZeroing(w), true
			}
		}
	}
	if plies, stored, ok := tb.probeDTZTable(p, w); !ok {
		return 0, false
	} else if stored {
		return addPlies(beforeZeroing(w), plies), true
	}

	// The table holds the other side to move: search one ply. Zeroing moves
	// are already accounted for (a loss by one is beforeZeroing's -1).
	if depth > 0 {
		return 0, false
	}
	best, found := beforeZeroing(w), w < Draw
	for _, m := range ml.Slice() {
		if isCapture(p, m) || p.PieceOn(m.From()).Type() == movegen.Pawn {
			continue
		}
		after := *p
		after.MakeMove(m)
		v, ok := tb.dtz(after, depth+1)
		if !ok {
			return 0, false
		}
		v = -v
		if v == 1 && after.InCheck() && after.CountLegal() == 0 {
			best, found = 1, true
		} else if (v > 0) == (w > 0) && v != 0 {
			v = addPlies(v, 1)
			if !found || v < best {
				best, found = v, true
			}
		}
	}
	if !found {
		return 0, false
	}
	return best, true
}

// probeDTZTable reads p's DTZ table for the known outcome w (not a draw),
// in plies. stored is false when the table holds only the other side to move.
func (tb *Tablebases) probeDTZTable(p *movegen.Position, w WDL) (plies int, stored, ok bool) {
	s := tb.lookup(keyOf(p))
	if s == nil || s.dtz == nil {
		return 0, false, false
	}
	t := s.dtz
	d, idx, stored, ok := t.encode(p)
	if !ok || !stored {
		return 0, stored, ok
	}
	raw, ok := t.value(d, idx)
	if !ok {
		return 0, false, false
	}
	var outcome int // the map's order: win, loss, cursed win, blessed loss
	precise := false
	switch w {
	case Win:
		outcome, precise = 0, d.flags&flagWinPlies != 0
	case Loss:
		outcome, precise = 1, d.flags&flagLossPlies != 0
	case CursedWin:
		outcome = 2
	case BlessedLoss:
		outcome = 3
	}
	v, ok := t.dtzValue(d, outcome, raw)
	if !ok {
		return 0, false, false
	}
	if precise {
		return int(v), true, true
	}
	return 2 * int(v), true, true
}
