package movegen

import "testing"

// onLine reports whether q lies on the line of kind k through s.
func onLine(k lineKind, s, q Square) bool {
	switch k {
	case lineRank:
		return q.Rank() == s.Rank()
	case lineFile:
		return q.File() == s.File()
	case lineNE:
		return q.File()-q.Rank() == s.File()-s.Rank()
	}
	return q.File()+q.Rank() == s.File()+s.Rank()
}

// slowLine walks the line of kind k through s square by square: the attacks
// along that line alone.
func slowLine(k lineKind, s Square, occ Bitboard) Bitboard {
	if k == lineRank || k == lineFile {
		return slowRook(s, occ) & k.mask(s)
	}
	return slowBishop(s, occ) & k.mask(s)
}

// TestLineMasks checks the four masks of every square against the board's
// coordinates: the whole line, the square itself included.
func TestLineMasks(t *testing.T) {
	for k := lineRank; k <= lineNW; k++ {
		for s := Square(0); s < 64; s++ {
			var want Bitboard
			for q := Square(0); q < 64; q++ {
				if onLine(k, s, q) {
					want |= q.Bitboard()
				}
			}
			if got := k.mask(s); got != want {
				t.Errorf("mask of line %d through %s =\n%swant\n%s", k, s, got, want)
			}
		}
	}
}

// TestFlatTablesEqualSlowWalk compares every entry: each square, every
// occupancy of its line (all 2^n subsets), all four tables. Squares off the
// line are added too, to check that the flat index ignores them.
// (paperbench checks the same tables against the paper's own maps.)
func TestFlatTablesEqualSlowWalk(t *testing.T) {
	rng := testRand(0x9A9E5)
	n := 0
	for k := lineRank; k <= lineNW; k++ {
		for s := Square(0); s < 64; s++ {
			mask := k.mask(s)
			occ := Bitboard(0)
			for { // every subset of the mask (carry-rippler)
				want := slowLine(k, s, occ)
				if got := k.lookup(s, occ); got != want {
					t.Fatalf("line %d lookup(%s, %#x) =\n%swant (slow walk)\n%s", k, s, uint64(occ), got, want)
				}
				noise := Bitboard(rng.next()) &^ mask
				if got := k.lookup(s, occ|noise); got != want {
					t.Fatalf("line %d lookup(%s, %#x) with off-line squares %#x =\n%swant\n%s", k, s, uint64(occ), uint64(noise), got, want)
				}
				n++
				occ = (occ - mask) & mask
				if occ == 0 {
					break
				}
			}
		}
	}
	// 2 * 64 * 256 for ranks and files, 2 * 5124 for the diagonals.
	if want := 2*64*256 + 2*5124; n != want {
		t.Errorf("compared %d entries, want %d", n, want)
	}
}

// TestSliderAttacksEqualSlowWalk checks the exported slider functions
// against a square-by-square walk on random whole-board occupancies of every
// density.
func TestSliderAttacksEqualSlowWalk(t *testing.T) {
	rng := testRand(0x51D3)
	boards := 4000
	if testing.Short() {
		boards = 500
	}
	for i := 0; i < boards; i++ {
		// AND-ing or OR-ing random words varies the density from sparse to full.
		occ := Bitboard(rng.next())
		switch i % 4 {
		case 1:
			occ &= Bitboard(rng.next())
		case 2:
			a, b := rng.next(), rng.next()
			occ &= Bitboard(a & b)
		case 3:
			occ |= Bitboard(rng.next())
		}
		for s := Square(0); s < 64; s++ {
			o := occ | s.Bitboard() // the slider stands on its square
			checks := []struct {
				name      string
				got, slow Bitboard
			}{
				{"RookAttacks", RookAttacks(s, o), slowRook(s, o)},
				{"BishopAttacks", BishopAttacks(s, o), slowBishop(s, o)},
				{"QueenAttacks", QueenAttacks(s, o), slowRook(s, o) | slowBishop(s, o)},
			}
			for _, c := range checks {
				if c.got != c.slow {
					t.Fatalf("%s(%s, %#x) =\n%swant (slow walk)\n%s", c.name, s, uint64(o), c.got, c.slow)
				}
			}
		}
	}
}

// TestLineGeometry checks LineThrough, Between and the empty-board rays,
// which move generation (and paperbench) take pins and checks from.
func TestLineGeometry(t *testing.T) {
	for a := Square(0); a < 64; a++ {
		if got, want := RookRays(a), slowRook(a, 0); got != want {
			t.Errorf("RookRays(%s) =\n%swant\n%s", a, got, want)
		}
		if got, want := BishopRays(a), slowBishop(a, 0); got != want {
			t.Errorf("BishopRays(%s) =\n%swant\n%s", a, got, want)
		}
		for b := Square(0); b < 64; b++ {
			var line, between Bitboard
			for k := lineRank; k <= lineNW; k++ {
				if a != b && onLine(k, a, b) {
					line = k.mask(a)
					between = slowLine(k, a, b.Bitboard()) & slowLine(k, b, a.Bitboard())
				}
			}
			if got := LineThrough(a, b); got != line {
				t.Errorf("LineThrough(%s, %s) =\n%swant\n%s", a, b, got, line)
			}
			if got := Between(a, b); got != between {
				t.Errorf("Between(%s, %s) =\n%swant\n%s", a, b, got, between)
			}
		}
	}
}
