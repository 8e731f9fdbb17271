package movegen

import "testing"

// paperCase pairs one flat table, named by its line kind, with its
// paper-faithful map.
type paperCase struct {
	name  string
	kind  lineKind
	paper map[Bitboard]map[Bitboard]Bitboard
}

func paperCases() []paperCase {
	m := PaperTables()
	return []paperCase{
		{"rankAttacks", lineRank, m.RankAttacks},
		{"fileAttacks", lineFile, m.FileAttacks},
		{"diagAttacksNE", lineNE, m.DiagAttacksNE},
		{"diagAttacksNW", lineNW, m.DiagAttacksNW},
	}
}

// TestPaperMapKeys checks that the maps are keyed as the paper keys them: the
// 64 single-square bitboards outside, every subset of the square's line mask
// (own square included) inside. Since the maps walk their own lines, this
// also checks the masks of lines.go.
func TestPaperMapKeys(t *testing.T) {
	for _, c := range paperCases() {
		if len(c.paper) != 64 {
			t.Errorf("%s: %d square keys, want 64", c.name, len(c.paper))
		}
		for s := Square(0); s < 64; s++ {
			inner, ok := c.paper[s.Bitboard()]
			if !ok {
				t.Errorf("%s: no entry for square %s", c.name, s)
				continue
			}
			mask := c.kind.mask(s)
			if !mask.Has(s) {
				t.Errorf("%s mask of %s lacks the square itself:\n%s", c.name, s, mask)
			}
			if want := 1 << mask.Count(); len(inner) != want {
				t.Errorf("%s[%s]: %d occupancy keys, want 2^%d = %d", c.name, s, len(inner), mask.Count(), want)
			}
			var union Bitboard
			for occ := range inner {
				if occ&^mask != 0 {
					t.Errorf("%s[%s]: key outside the line mask:\n%s", c.name, s, occ)
				}
				union |= occ
			}
			if union != mask {
				t.Errorf("%s[%s]: keys cover\n%swant the mask\n%s", c.name, s, union, mask)
			}
		}
	}
}

// TestFlatTablesEqualPaperMaps compares every entry: each square, every
// occupancy of its line (all 2^n subsets), all four tables. Squares off the
// line are added too, to check that the flat index ignores them.
func TestFlatTablesEqualPaperMaps(t *testing.T) {
	rng := testRand(0x9A9E5)
	n := 0
	for _, c := range paperCases() {
		for s := Square(0); s < 64; s++ {
			inner := c.paper[s.Bitboard()]
			mask := c.kind.mask(s)
			occ := Bitboard(0)
			for { // every subset of the mask (carry-rippler)
				want, ok := inner[occ]
				if !ok {
					t.Fatalf("%s[%s][%#x]: no entry in the paper map", c.name, s, uint64(occ))
				}
				if got := c.kind.lookup(s, occ); got != want {
					t.Fatalf("%s.lookup(%s, %#x) =\n%swant (paper map)\n%s", c.name, s, uint64(occ), got, want)
				}
				noise := Bitboard(rng.next()) &^ mask
				if got := c.kind.lookup(s, occ|noise); got != want {
					t.Fatalf("%s.lookup(%s, %#x) with off-line squares %#x =\n%swant\n%s", c.name, s, uint64(occ), uint64(noise), got, want)
				}
				n++
				occ = (occ - mask) & mask
				if occ == 0 {
					break
				}
			}
		}
	}
	// 4 * 64 * 256 for ranks and files, 2 * 5124 for the diagonals.
	if want := 2*64*256 + 2*5124; n != want {
		t.Errorf("compared %d entries, want %d", n, want)
	}
}

// TestSliderAttacksEqualPaperMaps checks the exported slider functions
// against the unions of paper-map lookups, and both against a square-by-square
// walk, on random whole-board occupancies of every density.
func TestSliderAttacksEqualPaperMaps(t *testing.T) {
	m := PaperTables()
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
			occ &= Bitboard(rng.next() & rng.next())
		case 3:
			occ |= Bitboard(rng.next())
		}
		for s := Square(0); s < 64; s++ {
			o := occ | s.Bitboard() // the slider stands on its square
			checks := []struct {
				name             string
				got, paper, slow Bitboard
			}{
				{"RookAttacks", RookAttacks(s, o), m.RookAttacks(s, o), slowRook(s, o)},
				{"BishopAttacks", BishopAttacks(s, o), m.BishopAttacks(s, o), slowBishop(s, o)},
				{"QueenAttacks", QueenAttacks(s, o), m.QueenAttacks(s, o), slowRook(s, o) | slowBishop(s, o)},
			}
			for _, c := range checks {
				if c.got != c.paper || c.got != c.slow {
					t.Fatalf("%s(%s, %#x) =\n%spaper maps\n%sslow walk\n%s", c.name, s, uint64(o), c.got, c.paper, c.slow)
				}
			}
		}
	}
}
