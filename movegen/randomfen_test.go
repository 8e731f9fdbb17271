package movegen

import (
	"strings"
	"testing"
)

// Random positions for the tests that compare the generator with an oracle
// or check its invariants: odd positions that games seldom reach (double
// checks, many pins, lone kings beside promotions, castling rooks anywhere).

// placement is a board under construction: a FEN piece letter or 0 per square.
type placement [64]byte

// scatter puts up to n random pieces of either colour on empty squares,
// keeping pawns off the first and last ranks.
func (b *placement) scatter(rng *testRand, n int) {
	const pieces = "PPPPNBRQppppnbrq"
	for ; n > 0; n-- {
		s := Square(rng.intn(64))
		pc := pieces[rng.intn(len(pieces))]
		if b[s] != 0 || (pc == 'P' || pc == 'p') && (s.Rank() == 0 || s.Rank() == 7) {
			continue
		}
		b[s] = pc
	}
}

// fenBoard returns the FEN's piece-placement field.
func (b *placement) fenBoard() string {
	var out strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			c := b[NewSquare(f, r)]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				out.WriteByte(byte('0' + empty))
				empty = 0
			}
			out.WriteByte(c)
		}
		if empty > 0 {
			out.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			out.WriteByte('/')
		}
	}
	return out.String()
}

// randomSide returns " w " or " b ", the side to move between FEN fields.
func randomSide(rng *testRand) string {
	if rng.intn(2) == 0 {
		return " b "
	}
	return " w "
}

// randomPlacementFEN returns a FEN of random pieces on random squares, with
// castling rights where king and rook allow and an en-passant square where a
// pawn could just have moved two squares. It may be a FEN ParseFEN refuses
// (the side not to move in check); randomPosition skips those.
func randomPlacementFEN(rng *testRand) string {
	var b placement
	if rng.intn(2) == 0 { // kings at home, with rooks, for castling
		b[E1], b[E8] = 'K', 'k'
		for _, s := range []Square{A1, H1, A8, H8} {
			if rng.intn(3) > 0 {
				b[s] = 'R'
				if s.Rank() == 7 {
					b[s] = 'r'
				}
			}
		}
	} else { // kings anywhere: the black king on one of the 63 other squares
		white := Square(rng.intn(64))
		black := Square(rng.intn(63))
		if black >= white {
			black++
		}
		b[white], b[black] = 'K', 'k'
	}
	b.scatter(rng, rng.intn(16))
	side := randomSide(rng)
	castling := ""
	for _, c := range []struct {
		k, r   Square
		kc, rc byte
		letter string
	}{{E1, H1, 'K', 'R', "K"}, {E1, A1, 'K', 'R', "Q"}, {E8, H8, 'k', 'r', "k"}, {E8, A8, 'k', 'r', "q"}} {
		if b[c.k] == c.kc && b[c.r] == c.rc && rng.intn(4) > 0 {
			castling += c.letter
		}
	}
	if castling == "" {
		castling = "-"
	}
	ep := "-"
	if rng.intn(2) == 0 { // make a double push just played, if the board allows
		pawn, rank, dir := byte('p'), 4, 1 // black just pushed to rank 5 when White moves
		if side == " b " {
			pawn, rank, dir = 'P', 3, -1
		}
		f := rng.intn(8)
		s, behind, start := NewSquare(f, rank), NewSquare(f, rank+dir), NewSquare(f, rank+2*dir)
		if b[s] == 0 && b[behind] == 0 && b[start] == 0 {
			b[s] = pawn
			ep = behind.String()
			// Mostly with a pawn ready to take it, or the square is dropped.
			if taker := f + 2*rng.intn(2) - 1; taker >= 0 && taker < 8 && rng.intn(4) > 0 && b[NewSquare(taker, rank)] == 0 {
				b[NewSquare(taker, rank)] = pawn ^ ('p' - 'P')
			}
		}
	}
	return b.fenBoard() + side + castling + " " + ep + " 0 1"
}

// random960FEN returns a random Chess960-style position: each king on its
// back rank between two rooks, Shredder castling letters for some of them,
// and random pieces elsewhere. It may be a FEN ParseFEN refuses.
func random960FEN(rng *testRand) string {
	var b placement
	var castling []byte
	for _, side := range []struct {
		rank             int
		king, rook, file byte
	}{{0, 'K', 'R', 'A'}, {7, 'k', 'r', 'a'}} {
		kf := 1 + rng.intn(6)
		b[NewSquare(kf, side.rank)] = side.king
		for _, rf := range []int{rng.intn(kf), kf + 1 + rng.intn(7-kf)} {
			b[NewSquare(rf, side.rank)] = side.rook
			if rng.intn(4) > 0 {
				castling = append(castling, side.file+byte(rf))
			}
		}
	}
	b.scatter(rng, rng.intn(20))
	side := randomSide(rng)
	if len(castling) == 0 {
		castling = []byte("-")
	}
	return b.fenBoard() + side + string(castling) + " - 0 1"
}

// maxFENTries bounds randomPosition's attempts. About a third of random
// placements leave the side not to move in check; a thousand refusals in a
// row mean the generator is broken.
const maxFENTries = 1000

// randomPosition draws FENs from gen until ParseFEN accepts one, and fails
// the test if it accepts none of maxFENTries.
func randomPosition(t *testing.T, rng *testRand, gen func(*testRand) string) (string, Position) {
	t.Helper()
	for range maxFENTries {
		fen := gen(rng)
		if p, err := ParseFEN(fen); err == nil {
			return fen, p
		}
	}
	t.Fatalf("ParseFEN refused %d random FENs in a row", maxFENTries)
	return "", Position{}
}
