package movegen

// Direct lookup (Tannous 2007). The paper keeps four hash tables keyed by the
// slider's square and the occupancy of one line masked by that line's mask,
// each entry the whole set of attacked squares, first blocker of either colour
// included. Here each table is a flat array with a row of 64 entries per
// square (squareLines keeps a square's four rows and masks together), where
// the index is the occupancy of the line's six inner squares, in order along
// the line, gathered from the masked occupancy without collisions:
//
//   - rank: its inner squares are already adjacent bits, 8r+1..8r+6, so
//     occ >> (8r+1) & 63 is the index (rankIndex): the occupancy masked to
//     the rank, shifted down, with no multiply. (rankMask[s] is the rank's
//     mask; masking by it first would change nothing the "& 63" keeps.)
//   - diagonals: occ & diagMaskNE[s] (or diagMaskNW[s]) times lineGather. A
//     square at rank r and file t meets the multiplier's bit 57-8r and lands
//     on bit 57+t; every other partial product lands below bit 58 or above
//     bit 63, each on a bit of its own (a diagonal has one square per file),
//     so nothing carries, and ">> 58" leaves the inner files 1..6 in order.
//     One constant serves every diagonal.
//   - file: occ & fileMask[s] shifted to the a-file, times fileGather, moves
//     the square on rank t to bit 57+t in the same way (bit 57-7t of the
//     multiplier; the other products again land outside bits 58..63). The
//     shift is folded into the multiplier, fileGather >> file (fileIndex).
//
// Squares at positions 0 and 7 fall outside the index: they are on the
// board's edge and block nothing beyond themselves. So a lookup costs a mask,
// one multiply (by a constant, or for files by one of eight multipliers), a
// shift and one load; a rank's costs a load of its shift count, the shift,
// an AND and the load. build checks at start-up that no two occupancies of a
// line share an index unless they have the same attacks.
//
// The rank's shift is the one place the index varies its shift by square. A
// multiply costs a queen query more than the shift does, and the query's
// cost is what decides direct lookup against magic, which needs two
// multiplies (docs/paper.md, "The query cost").
//
// Sizes: 4 tables x 64 squares x 64 patterns x 8 bytes = 128 KiB, plus 4 KiB
// of masks and multipliers, against about 840 KiB for fancy magic rook and
// bishop tables.

// squareLines is everything a slider lookup from one square reads: the masks
// of the four lines through the square, the multiplier that gathers its file,
// and the square's row of each of the paper's four tables. The paper's
// rankAttacks[s][occ] is bySquare[s].rankAttacks[index of occ], and so on for
// fileAttacks, diagAttacksNE and diagAttacksNW: the same four tables, keyed by
// the same two things, stored square by square so that one lookup finds the
// masks and rows it needs side by side.
type squareLines struct {
	rankMask, fileMask, diagMaskNE, diagMaskNW Bitboard

	// fileGather is the constant fileGather >> file: it gathers the file
	// where it stands, with no shift to the a-file first (see fileIndex).
	fileGather uint64

	// rankShift is 8*rank+1, the bit of the rank's first inner square.
	rankShift uint64

	// Padding to 64 bytes: a record is then 33 cache lines long, and since
	// the 64 records are one large, page-aligned allocation, every row
	// starts on a cache line.
	_ [2]uint64

	rankAttacks, fileAttacks, diagAttacksNE, diagAttacksNW [64]Bitboard
}

// bySquare[s] points to square s's lines, all 64 of them in one array built
// once in init and only read afterwards. A lookup starts from this pointer
// because from it every mask and entry is one load at a constant
// displacement. Given &array[s] instead, Go recomputes the address with two
// LEAQs for every row it reads (amd64 cannot add two registers and a
// displacement in one LEAQ), and with separate global tables it adds an
// address computation for every table a query reads.
//
// The array has an entry for every value of a Square (a uint8), so that
// bySquare[s] needs neither a bounds check nor a mask; entries 64 to 255 stay
// nil, and a lookup from a square off the board fails loudly.
var bySquare [256]*squareLines

// The gathering multipliers (see above): bit 57-8r for every rank r, and
// bit 57-7r for the a-file square of every rank r.
const (
	lineGather uint64 = 0x0202020202020202
	fileGather uint64 = 0x0204081020408100
)

// fileIndex returns the occupancy of the inner squares of a file. Masking by
// the file's mask and multiplying by fileGather >> file equals shifting the
// board to the a-file, masking by FileA and multiplying by fileGather: the
// masked occupancy and fileGather are both multiples of 2^file, so the two
// products are the same number. This form costs a load where the other costs
// a variable shift, which Go must route through CX, and two 64-bit constants.
func fileIndex(l *squareLines, occ Bitboard) uint64 {
	return uint64(occ&l.fileMask) * l.fileGather >> 58
}

// rankIndex returns the occupancy of the inner squares of a rank: they are
// adjacent bits, so a shift gathers them.
func rankIndex(l *squareLines, occ Bitboard) uint64 { return uint64(occ) >> (l.rankShift & 63) & 63 }

// gatherIndex returns the occupancy of the inner squares of a diagonal,
// given its mask.
func gatherIndex(mask, occ Bitboard) uint64 { return uint64(occ&mask) * lineGather >> 58 }

// The general forms below serve start-up and tests. RookAttacks and
// BishopAttacks spell out each table's index so that they inline without the
// switch.

// parts returns where s's line of kind k keeps its mask and its row of the
// table (initLineTables fills both through these pointers).
func (k lineKind) parts(s Square) (mask *Bitboard, row *[64]Bitboard) {
	l := bySquare[s&63]
	switch k {
	case lineRank:
		return &l.rankMask, &l.rankAttacks
	case lineFile:
		return &l.fileMask, &l.fileAttacks
	case lineNE:
		return &l.diagMaskNE, &l.diagAttacksNE
	default:
		return &l.diagMaskNW, &l.diagAttacksNW
	}
}

// mask returns the mask of s's line of kind k.
func (k lineKind) mask(s Square) Bitboard {
	m, _ := k.parts(s)
	return *m
}

// index returns the table index of occupancy occ for a slider on s.
func (k lineKind) index(s Square, occ Bitboard) uint64 {
	switch k {
	case lineRank:
		return rankIndex(bySquare[s&63], occ)
	case lineFile:
		return fileIndex(bySquare[s&63], occ)
	}
	return gatherIndex(k.mask(s), occ)
}

// lookup returns the squares attacked along s's line of kind k, given the
// whole-board occupancy occ.
func (k lineKind) lookup(s Square, occ Bitboard) Bitboard {
	_, row := k.parts(s)
	return row[k.index(s, occ)]
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

// build fills the table for lines of kind k from the slow ray walk, for every
// subset of every square's line mask. Subsets that differ only on a full
// line's two end squares share an index and, since an edge square never blocks
// anything beyond itself, the same entry; any other sharing would be a
// collision, and build refuses it.
func (k lineKind) build() {
	for s := Square(0); s < 64; s++ {
		var written [64]bool
		maskAt, row := k.parts(s)
		line, mask := lineSquares(k, s), *maskAt
		occ := Bitboard(0)
		for { // every subset of the mask (carry-rippler)
			i := k.index(s, occ)
			att := lineRay(line, s, occ)
			if written[i] && row[i] != att {
				panic("movegen: direct-lookup index collision")
			}
			row[i], written[i] = att, true
			occ = (occ - mask) & mask
			if occ == 0 {
				break
			}
		}
	}
}

// initLineTables allocates the squares' lines, fills their masks and
// multipliers, then builds the four tables.
func initLineTables() {
	all := new([64]squareLines)
	for s := Square(0); s < 64; s++ {
		l := &all[s]
		bySquare[s] = l
		for k := lineRank; k <= lineNW; k++ {
			mask, _ := k.parts(s)
			for _, q := range lineSquares(k, s) {
				*mask |= q.Bitboard()
			}
		}
		l.fileGather = fileGather >> s.File()
		l.rankShift = uint64(8*s.Rank() + 1)
	}
	for k := lineRank; k <= lineNW; k++ {
		k.build()
	}
}
