package movegen

// Direct lookup (Tannous 2007). The paper keeps four hash tables keyed by the
// slider's square and the occupancy of one line masked by that line's mask,
// each entry the whole set of attacked squares, first blocker of either colour
// included. Here each table is a flat array [square][index], where the index
// is the occupancy of the line's six inner squares, in order along the line,
// gathered from the masked occupancy without collisions:
//
//   - ranks and diagonals: occ & rankMask[s] (or diagMaskNE[s], diagMaskNW[s])
//     times lineGather. A square at rank r and file t meets the multiplier's
//     bit 57-8r and lands on bit 57+t; every other partial product lands
//     below bit 58 or above bit 63, each on a bit of its own (a rank or a
//     diagonal has one square per file), so nothing carries, and ">> 58"
//     leaves the inner files 1..6 in order. One constant serves all of them.
//   - file: occ & fileMask[s] shifted to the a-file, times fileGather, moves
//     the square on rank t to bit 57+t in the same way (bit 57-7t of the
//     multiplier; the other products again land outside bits 58..63).
//
// Squares at positions 0 and 7 fall outside the index: they are on the
// board's edge and block nothing beyond themselves. So a lookup costs a mask,
// one multiply by a constant, a shift and one load, and reads no per-square
// multiplier. build checks at start-up that no two occupancies of
// a line share an index unless they have the same attacks.
//
// Sizes: 4 tables x 64 squares x 64 patterns x 8 bytes = 128 KiB, against about
// 840 KiB for fancy magic rook and bishop tables.

// lineTable is one of the paper's four tables in flat form.
type lineTable struct {
	attacks [64][64]Bitboard // [slider square][inner occupancy of the line]
	kind    lineKind
}

// The paper's four tables, built once in init and only read afterwards.
var (
	rankAttacks   = lineTable{kind: lineRank}
	fileAttacks   = lineTable{kind: lineFile}
	diagAttacksNE = lineTable{kind: lineNE}
	diagAttacksNW = lineTable{kind: lineNW}
)

// The gathering multipliers (see above): bit 57-8r for every rank r, and
// bit 57-7r for the a-file square of every rank r.
const (
	lineGather uint64 = 0x0202020202020202
	fileGather uint64 = 0x0204081020408100
)

// fileIndex returns the occupancy of the inner squares of s's file. Shifting
// the board to the a-file and masking by FileA equals masking by fileMask[s]
// and shifting, with one load fewer.
func fileIndex(s Square, occ Bitboard) uint64 {
	return uint64(occ>>(s&7)&FileA) * fileGather >> 58
}

// gatherIndex returns the occupancy of the inner squares of a rank or a
// diagonal, given its mask.
func gatherIndex(mask, occ Bitboard) uint64 { return uint64(occ&mask) * lineGather >> 58 }

// index returns the table index of occupancy occ for a slider on s.
func (t *lineTable) index(s Square, occ Bitboard) uint64 {
	switch t.kind {
	case lineRank:
		return gatherIndex(rankMask[s&63], occ)
	case lineFile:
		return fileIndex(s, occ)
	case lineNE:
		return gatherIndex(diagMaskNE[s&63], occ)
	default:
		return gatherIndex(diagMaskNW[s&63], occ)
	}
}

// lookup returns the squares attacked along this table's line from s, given
// the whole-board occupancy occ. It is the general form, for start-up and
// tests; RookAttacks and BishopAttacks spell out each table's index so that it
// inlines without the switch.
func (t *lineTable) lookup(s Square, occ Bitboard) Bitboard {
	return t.attacks[s&63][t.index(s, occ)]
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

// build fills the table from the slow ray walk, for every subset of every
// square's line mask. Subsets that differ only on a full line's two end squares
// share an index and, since an edge square never blocks anything beyond
// itself, the same entry; any other sharing would be a collision, and build
// refuses it.
func (t *lineTable) build(mask *[64]Bitboard) {
	var written [64][64]bool
	for s := Square(0); s < 64; s++ {
		line := lineSquares(t.kind, s)
		occ := Bitboard(0)
		for { // every subset of the mask (carry-rippler)
			i := t.index(s, occ)
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
	rankAttacks.build(&rankMask)
	fileAttacks.build(&fileMask)
	diagAttacksNE.build(&diagMaskNE)
	diagAttacksNW.build(&diagMaskNW)
}
