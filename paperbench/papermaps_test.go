package paperbench

import (
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// paperCase is one of the paper's tables with its line masks.
type paperCase struct {
	name  string
	paper map[movegen.Bitboard]map[movegen.Bitboard]movegen.Bitboard
	mask  *[64]movegen.Bitboard
}

func paperCases() []paperCase {
	m := newPaperMaps()
	return []paperCase{
		{"rankAttacks", m.rankAttacks, &m.rankMask},
		{"fileAttacks", m.fileAttacks, &m.fileMask},
		{"diagAttacksNE", m.diagAttacksNE, &m.diagMaskNE},
		{"diagAttacksNW", m.diagAttacksNW, &m.diagMaskNW},
	}
}

// TestPaperMapKeys checks that the maps are keyed as the paper keys them: the
// 64 single-square bitboards outside, every subset of the square's line mask
// (own square included) inside. The masks are checked against the board's
// coordinates through linesThrough. (TestAttacksEqualMovegen compares the
// answers with movegen's, for every occupancy of every line.)
func TestPaperMapKeys(t *testing.T) {
	for i, c := range paperCases() {
		if len(c.paper) != 64 {
			t.Errorf("%s: %d square keys, want 64", c.name, len(c.paper))
		}
		for s := movegen.Square(0); s < 64; s++ {
			inner, ok := c.paper[s.Bitboard()]
			if !ok {
				t.Errorf("%s: no entry for square %s", c.name, s)
				continue
			}
			mask := c.mask[s]
			if want := linesThrough(s)[i]; mask != want {
				t.Errorf("%s mask of %s =\n%swant\n%s", c.name, s, mask, want)
			}
			if want := 1 << mask.Count(); len(inner) != want {
				t.Errorf("%s[%s]: %d occupancy keys, want 2^%d = %d", c.name, s, len(inner), mask.Count(), want)
			}
			var union movegen.Bitboard
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
