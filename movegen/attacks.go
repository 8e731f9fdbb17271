package movegen

// Direct lookup (Tannous 2007). The paper keeps four hash tables keyed by the
// slider's square and the occupancy of one line masked by that line's mask,
// each entry the whole set of attacked squares, first blocker of either colour
// included. Here each table is a flat array: the masked occupancy is turned into
// a collision-free 6-bit index by one multiply and one shift, and the entry is
// read with one load. The multiply moves the square at position t along the
// line (its file, or its rank for a file) to bit 57+t; every partial product
// lands on a bit of its own, so nothing carries, and the shift keeps the bits
// of positions 1..6. Positions 0 and 7 fall outside, but a square there is on
// the board's edge and blocks nothing beyond itself.
//
// Sizes: 4 tables x 64 squares x 64 patterns x 8 bytes = 128 KiB, against about
// 840 KiB for fancy magic rook and bishop tables.

// lineTable is one of the paper's four tables in flat form.
type lineTable struct {
	index   [64]lineIndex
	attacks [64][64]Bitboard // [slider square][inner occupancy pattern]
}

// lineIndex holds what turns a masked occupancy into a table index. Mask and
// multiplier sit side by side so that one cache line serves both.
type lineIndex struct {
	mask Bitboard
	mult uint64
}

// The paper's four tables, built once in init and only read afterwards.
var (
	rankAttacks   lineTable
	fileAttacks   lineTable
	diagAttacksNE lineTable
	diagAttacksNW lineTable
)

// lookup returns the squares attacked along this table's line from s, given
// the whole-board occupancy occ.
func (t *lineTable) lookup(s Square, occ Bitboard) Bitboard {
	s &= 63
	ix := t.index[s]
	return t.attacks[s][uint64(occ&ix.mask)*ix.mult>>58]
}

// QueenAttacks returns the squares a queen on s attacks with occupancy occ:
// the union of the rook's and the bishop's.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return RookAttacks(s, occ) | BishopAttacks(s, occ)
}

// lineRay walks line (the squares of one line, in order) from s both ways,
// adding each square and stopping after the first occupied one. It is the slow
// reference the tables (and the paper's maps) are built from.
func lineRay(line []Square, s Square, occ Bitboard) Bitboard {
	at := 0
	for i, q := range line {
		if q == s {
			at = i
		}
	}
	var att Bitboard
	for i := at + 1; i < len(line); i++ {
		att |= line[i].Bitboard()
		if occ.Has(line[i]) {
			break
		}
	}
	for i := at - 1; i >= 0; i-- {
		att |= line[i].Bitboard()
		if occ.Has(line[i]) {
			break
		}
	}
	return att
}

// lineMultiplier returns the multiplier that moves the square at position t
// of the line to bit 57+t, so that the inner positions 1..6 land on bits 58..63.
func lineMultiplier(k lineKind, s Square) uint64 {
	var m uint64
	for _, q := range lineSquares(k, s) {
		m |= 1 << (57 + linePosition(k, q) - int(q))
	}
	return m
}

// build fills the table from the slow ray walk, for every subset of every
// square's line mask. Subsets that differ only on a full line's two end squares
// share an index and, since an edge square never blocks anything beyond
// itself, the same entry; any other sharing would be a collision, and build
// refuses it.
func (t *lineTable) build(k lineKind, mask *[64]Bitboard) {
	var written [64][64]bool
	for s := Square(0); s < 64; s++ {
		t.index[s] = lineIndex{mask: mask[s], mult: lineMultiplier(k, s)}
		line := lineSquares(k, s)
		occ := Bitboard(0)
		for { // every subset of the mask (carry-rippler)
			i := uint64(occ) * t.index[s].mult >> 58
			att := lineRay(line, s, occ)
			if written[s][i] && t.attacks[s][i] != att {
				panic("movegen: direct-lookup index collision")
			}
			t.attacks[s][i], written[s][i] = att, true
			occ = (occ - mask[s]) & mask[s]
			if occ == 0 {
				break
			}
		}
	}
}

func initLineTables() {
	rankAttacks.build(lineRank, &rankMask)
	fileAttacks.build(lineFile, &fileMask)
	diagAttacksNE.build(lineNE, &diagMaskNE)
	diagAttacksNW.build(lineNW, &diagMaskNW)
}
