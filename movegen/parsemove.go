package movegen

import "fmt"

// ParseMove reads a move in UCI notation ("e2e4", "e7e8q") and returns the
// legal move of p it names. Castling is accepted both as the king's two-square
// step (e1g1) and as king takes own rook (e1h1); when the two readings differ
// (Chess960 only), the notation of the chess960 flag wins. A malformed string
// and a move that is not legal here give different errors; the latter wraps
// ErrNoSuchMove.
//
// The promotion letter may be uppercase ("e7e8Q"): UCI writes it in lowercase,
// but some GUIs send it in uppercase, and refusing it would leave the engine a
// move behind the GUI's game.
func (p *Position) ParseMove(s string, chess960 bool) (Move, error) {
	if len(s) != 4 && len(s) != 5 {
		return NoMove, fmt.Errorf("move %q: want 4 or 5 characters like e2e4 or e7e8q", s)
	}
	if _, ok := ParseSquare(s[0:2]); !ok {
		return NoMove, fmt.Errorf("move %q: %q is not a square", s, s[0:2])
	}
	if _, ok := ParseSquare(s[2:4]); !ok {
		return NoMove, fmt.Errorf("move %q: %q is not a square", s, s[2:4])
	}
	if len(s) == 5 {
		switch s[4] {
		case 'n', 'b', 'r', 'q':
		case 'N', 'B', 'R', 'Q':
			s = s[:4] + string(rune(s[4]-'A'+'a'))
		default:
			return NoMove, fmt.Errorf("move %q: promotion piece %q is not one of n, b, r, q", s, s[4])
		}
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	fallback := NoMove
	for _, m := range ml.Slice() {
		if m.UCI(chess960) == s {
			return m, nil
		}
		if m.Kind() == Castling && m.UCI(!chess960) == s {
			fallback = m
		}
	}
	if fallback != NoMove {
		return fallback, nil
	}
	return NoMove, fmt.Errorf("move %s in %s: %w", s, p, ErrNoSuchMove)
}
