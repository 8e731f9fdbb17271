package movegen

// Slow, obviously correct reference code for the tests: attacks found by
// stepping square by square, sharing nothing with the tables under test.

// stepDirs are the (file, rank) steps of the sliders: rook first, then bishop.
var stepDirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}}

// slowSlide walks from s in each of dirs, adding squares up to and including
// the first occupied one.
func slowSlide(s Square, occ Bitboard, dirs [][2]int) Bitboard {
	var att Bitboard
	for _, d := range dirs {
		for f, r := s.File()+d[0], s.Rank()+d[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+d[0], r+d[1] {
			q := NewSquare(f, r)
			att |= q.Bitboard()
			if occ.Has(q) {
				break
			}
		}
	}
	return att
}

func slowRook(s Square, occ Bitboard) Bitboard   { return slowSlide(s, occ, stepDirs[:4]) }
func slowBishop(s Square, occ Bitboard) Bitboard { return slowSlide(s, occ, stepDirs[4:]) }

// slowStep returns the squares one step of each (df, dr) away from s.
func slowStep(s Square, steps [][2]int) Bitboard {
	var att Bitboard
	for _, d := range steps {
		if f, r := s.File()+d[0], s.Rank()+d[1]; f >= 0 && f < 8 && r >= 0 && r < 8 {
			att |= NewSquare(f, r).Bitboard()
		}
	}
	return att
}

var (
	knightSteps = [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingSteps   = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}}
)

// slowAttacks returns the squares the piece pc on s attacks with occupancy occ.
func slowAttacks(pc Piece, s Square, occ Bitboard) Bitboard {
	switch pc.Type() {
	case Pawn:
		if pc.Color() == White {
			return slowStep(s, [][2]int{{-1, 1}, {1, 1}})
		}
		return slowStep(s, [][2]int{{-1, -1}, {1, -1}})
	case Knight:
		return slowStep(s, knightSteps)
	case Bishop:
		return slowBishop(s, occ)
	case Rook:
		return slowRook(s, occ)
	case Queen:
		return slowRook(s, occ) | slowBishop(s, occ)
	case King:
		return slowStep(s, kingSteps)
	}
	return 0
}

// slowAttackersOf returns c's pieces that attack s in p, found from the board
// array alone.
func slowAttackersOf(p *Position, c Color, s Square) Bitboard {
	occ := p.Occupied()
	var out Bitboard
	for q := Square(0); q < 64; q++ {
		if pc := p.PieceOn(q); pc != NoPiece && pc.Color() == c && slowAttacks(pc, q, occ).Has(s) {
			out |= q.Bitboard()
		}
	}
	return out
}

// slowCheckers returns the enemy pieces attacking the king of the side to move.
func slowCheckers(p *Position) Bitboard {
	us := p.SideToMove()
	var ksq Square = NoSquare
	for q := Square(0); q < 64; q++ {
		if p.PieceOn(q) == MakePiece(us, King) {
			ksq = q
		}
	}
	return slowAttackersOf(p, us.Other(), ksq)
}

// testRand is a small seeded generator (xorshift64*) so that every random
// test sees the same sequence on every run.
type testRand uint64

func (r *testRand) next() uint64 {
	x := uint64(*r)
	x ^= x >> 12
	x ^= x << 25
	x ^= x >> 27
	*r = testRand(x)
	return x * 0x2545F4914F6CDD1D
}

// intn returns a number in [0, n).
func (r *testRand) intn(n int) int { return int(r.next() % uint64(n)) }
