package sliders

import "math/bits"

// Rotated bitboards (Heinz 1997, Hyatt 1999), the baseline of Tannous's Table 1.
// Besides the ordinary occupancy, a rotated-bitboard program keeps three more
// copies of it with the squares renumbered so that every file (the 90° board),
// every A1-H8 diagonal (the NE board) and every A8-H1 diagonal (the NW board)
// lies on consecutive bits, as every rank already does on the ordinary board.
// A line's occupancy is then one shift and one mask away, and indexes a table
// of that line's attacks. Each table entry is stored already mapped back to
// ordinary square numbering, as Crafty does, so the lookup needs no mapping
// at run time. Only the six inner squares of a line are used as the index:
// a line's two end squares block nothing beyond themselves.
//
// Sizes: 4 tables x 64 squares x 64 patterns x 8 bytes = 128 KiB, the same as
// Sightline's direct lookup; the price of the method is elsewhere, in keeping
// the three rotated boards up to date on every move.

// lineKind names one of the four lines through a square.
type lineKind int

const (
	lineRank lineKind = iota // ordinary board, rank by rank
	lineFile                 // 90° board: file f on rotated rank f
	lineNE                   // 45° board: A1-H8 diagonals one after another
	lineNW                   // -45° board: A8-H1 diagonals one after another
)

// diagonalStart[k] is the first rotated bit of the k-th diagonal when the 15
// diagonals, of lengths 1, 2, ..., 8, ..., 2, 1, are laid end to end.
var diagonalStart = [15]int{0, 1, 3, 6, 10, 15, 21, 28, 36, 43, 49, 54, 58, 61, 63}

// rotatedIndex returns the bit that square sq occupies on the board of kind k.
func rotatedIndex(k lineKind, sq int) int {
	f, r := sq&7, sq>>3
	switch k {
	case lineFile: // a 90° turn: a1 -> h1 -> h8 -> a8 -> a1
		return f*8 + 7 - r
	case lineNE: // diagonal number f-r+7, squares in order of file
		return diagonalStart[f-r+7] + f - max(0, f-r)
	case lineNW: // diagonal number f+r, squares in order of file
		return diagonalStart[f+r] + f - max(0, f+r-7)
	}
	return sq
}

// onLine reports whether q lies on the line of kind k through sq.
func onLine(k lineKind, sq, q int) bool {
	f, r, qf, qr := sq&7, sq>>3, q&7, q>>3
	switch k {
	case lineRank:
		return r == qr
	case lineFile:
		return f == qf
	case lineNE:
		return f-r == qf-qr
	}
	return f+r == qf+qr
}

// RotatedBoards is one occupancy in the four orientations: Occ as is, Occ90
// rotated by 90°, OccNE and OccNW rotated by 45° and -45°.
type RotatedBoards struct {
	Occ, Occ90, OccNE, OccNW uint64
}

// rotatedBit[sq] holds square sq alone, in all four orientations, so that
// Set and Clear touch one 32-byte entry. Built at start-up, never written again.
var rotatedBit [64]RotatedBoards

func init() {
	for sq := range 64 {
		rotatedBit[sq] = RotatedBoards{
			Occ:   1 << sq,
			Occ90: 1 << rotatedIndex(lineFile, sq),
			OccNE: 1 << rotatedIndex(lineNE, sq),
			OccNW: 1 << rotatedIndex(lineNW, sq),
		}
	}
}

// Rotate returns the four orientations of occ, built square by square: what a
// program does once per position it sets up, before updating incrementally.
func Rotate(occ uint64) RotatedBoards {
	var b RotatedBoards
	for occ != 0 {
		sq := bits.TrailingZeros64(occ)
		occ &= occ - 1
		b.Set(sq)
	}
	return b
}

// Set adds sq to all four boards; sq must be empty (it toggles).
func (b *RotatedBoards) Set(sq int) { b.Toggle(sq) }

// Clear removes sq from all four boards; sq must be occupied (it toggles).
func (b *RotatedBoards) Clear(sq int) { b.Toggle(sq) }

// Move updates the boards for a piece going from an occupied square to an
// empty one: the two updates a quiet move makes.
func (b *RotatedBoards) Move(from, to int) {
	b.Toggle(from)
	b.Toggle(to)
}

// Toggle flips sq in all four boards: it fills an empty square and empties
// an occupied one, for updates that do both at once (en passant).
func (b *RotatedBoards) Toggle(sq int) {
	r := &rotatedBit[sq&63]
	b.Occ ^= r.Occ
	b.Occ90 ^= r.Occ90
	b.OccNE ^= r.OccNE
	b.OccNW ^= r.OccNW
}

// rotatedDiagonals tells how to pull the inner occupancy of a square's two
// diagonals out of the 45° boards: shift right, and keep six bits. A short
// diagonal has fewer than six inner squares, and the bits past them belong
// to its end square and the next diagonal; its table rows hold the same
// entry whatever those bits are, so no per-diagonal mask is needed. Ranks and
// files need no table: a square's rank starts at bit 8*rank of the ordinary
// board, its file at bit 8*file of the 90° board.
//
// The fields are 32 bits wide because Go folds a 32-bit load of a field into
// one indexed instruction but spends two LEAQs on an 8-bit one.
type rotatedDiagonals struct {
	shiftNE, shiftNW uint32
}

// RotatedTables are the four rotated-bitboard attack tables: rank, file (on
// the 90° board), NE and NW diagonals (on the 45° boards), each indexed by
// square<<6 | the line's inner occupancy pattern. With one flat index, a
// lookup is an OR and one load at a constant displacement from the tables'
// pointer; with [sq][pattern], Go computes each table's row address apart.
type RotatedTables struct {
	diagonals     [64]rotatedDiagonals
	rankAttacks   [64 * 64]uint64
	fileAttacks   [64 * 64]uint64
	diagAttacksNE [64 * 64]uint64
	diagAttacksNW [64 * 64]uint64
}

// NewRotatedTables builds the rotated-bitboard tables.
func NewRotatedTables() *RotatedTables {
	t := new(RotatedTables)
	tables := [4]*[64 * 64]uint64{&t.rankAttacks, &t.fileAttacks, &t.diagAttacksNE, &t.diagAttacksNW}
	for k := lineRank; k <= lineNW; k++ {
		for sq := range 64 {
			var line []int // squares of the line, by rotated bit
			first, length := 64, 0
			for q := range 64 {
				if onLine(k, sq, q) {
					line = append(line, q)
					first = min(first, rotatedIndex(k, q))
					length++
				}
			}
			width := max(length-2, 0)
			switch k {
			case lineNE:
				t.diagonals[sq].shiftNE = uint32(first + 1)
			case lineNW:
				t.diagonals[sq].shiftNW = uint32(first + 1)
			default:
				if first != rankOrFileShift(k, sq)-1 || width != 6 {
					panic("sliders: rank or file not where rotatedIndex puts it")
				}
			}
			// All 64 patterns: bits at or past width lie off the line
			// and do not change the entry.
			for pattern := range 64 {
				var occ, lineMask uint64
				for _, q := range line {
					lineMask |= 1 << q
					if bit := rotatedIndex(k, q) - first - 1; bit >= 0 && bit < width && pattern>>bit&1 != 0 {
						occ |= 1 << q
					}
				}
				dirs := &rookDirections
				if k >= lineNE {
					dirs = &bishopDirections
				}
				tables[k][sq<<6|pattern] = slide(sq, occ, dirs) & lineMask
			}
		}
	}
	return t
}

// rankOrFileShift returns where the six inner squares of sq's rank (on the
// ordinary board) or file (on the 90° board) begin.
func rankOrFileShift(k lineKind, sq int) int {
	if k == lineFile {
		return (sq&7)*8 + 1
	}
	return sq&^7 + 1
}

// The lookups below mask every shift count with 63: Go defines a shift by 64
// or more, so without the mask it adds a compare and a conditional move to
// each variable shift, which no C implementation of the method would pay.

// RankAttacks returns the squares a rook on sq attacks along its rank.
func (t *RotatedTables) RankAttacks(sq int, b *RotatedBoards) uint64 {
	sq &= 63
	return t.rankAttacks[sq<<6|int(b.Occ>>(sq&^7+1)&63)]
}

// FileAttacks returns the squares a rook on sq attacks along its file, read
// from the 90° board.
func (t *RotatedTables) FileAttacks(sq int, b *RotatedBoards) uint64 {
	sq &= 63
	return t.fileAttacks[sq<<6|int(b.Occ90>>((sq&7)*8+1)&63)]
}

// DiagAttacksNE returns the squares a bishop on sq attacks along its A1-H8
// diagonal, read from the 45° board.
func (t *RotatedTables) DiagAttacksNE(sq int, b *RotatedBoards) uint64 {
	sq &= 63
	d := &t.diagonals[sq]
	return t.diagAttacksNE[sq<<6|int(b.OccNE>>(d.shiftNE&63)&63)]
}

// DiagAttacksNW returns the squares a bishop on sq attacks along its A8-H1
// diagonal, read from the -45° board.
func (t *RotatedTables) DiagAttacksNW(sq int, b *RotatedBoards) uint64 {
	sq &= 63
	d := &t.diagonals[sq]
	return t.diagAttacksNW[sq<<6|int(b.OccNW>>(d.shiftNW&63)&63)]
}

// RookAttacks returns the squares a rook on sq attacks: rank | file.
func (t *RotatedTables) RookAttacks(sq int, b *RotatedBoards) uint64 {
	return t.RankAttacks(sq, b) | t.FileAttacks(sq, b)
}

// BishopAttacks returns the squares a bishop on sq attacks: NE | NW.
func (t *RotatedTables) BishopAttacks(sq int, b *RotatedBoards) uint64 {
	return t.DiagAttacksNE(sq, b) | t.DiagAttacksNW(sq, b)
}

// QueenAttacks returns the union of all four lookups.
func (t *RotatedTables) QueenAttacks(sq int, b *RotatedBoards) uint64 {
	return t.RookAttacks(sq, b) | t.BishopAttacks(sq, b)
}
