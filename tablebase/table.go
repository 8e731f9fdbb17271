package tablebase

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/sightline-chess/sightline/movegen"
)

// The first four bytes of every WDL and DTZ file.
var (
	wdlMagic = [4]byte{0x71, 0xe8, 0x23, 0x5d}
	dtzMagic = [4]byte{0xd7, 0x66, 0x0c, 0xa5}
)

// Layout flags of a file (byte 4).
const (
	layoutSplit    = 1 // WDL: one subtable per side to move
	layoutHasPawns = 2 // one subtable per file (a-d) of the leading pawn
)

// Flags of a subtable.
const (
	flagSTM         = 1   // DTZ: the table holds Black to move (of the table's colours)
	flagMapped      = 2   // DTZ: values go through a map per WDL outcome
	flagWinPlies    = 4   // DTZ: wins counted in plies, not moves
	flagLossPlies   = 8   // DTZ: losses counted in plies
	flagWideDTZ     = 16  // DTZ: the map holds 16-bit values
	flagSingleValue = 128 // every position has the same value
)

// errCorrupt is what a header that cannot be a table's gives.
var errCorrupt = errors.New("corrupt table")

// table is one opened file: its bytes and the description of each subtable.
type table struct {
	data      []byte
	name      string
	key       materialKey // the material as named: White is the name's first side
	dtz       bool
	hasPawns  bool
	symmetric bool
	unique    int
	nfiles    int
	nsides    int
	sub       [4][2]subtable // [file of the leading pawn][side to move]
}

// subtable is one compressed sequence of values (pairs data): how positions
// are numbered and how the numbers are decoded.
type subtable struct {
	flags  uint8
	single uint16 // the value of every position, when flags has flagSingleValue

	// The pieces in encoding order, as nibbles: colour bit 8 (set for the
	// table's Black), type 1-6 in the low bits.
	pieces  [maxPieces]uint8
	npieces int
	lens    [maxPieces]int // sizes of the groups encoded together
	ngroups int
	factors [maxPieces + 1]uint64
	size    uint64 // positions numbered

	blockSize   uint64
	span        uint64
	blocks      uint64
	minSymLen   uint
	lowestSym   int      // offset of the lowest symbol of each length
	base        []uint64 // 64-bit left-aligned lowest codes per length
	symLen      []uint8  // values per symbol, less one
	btree       int      // offset of the symbol tree, 3 bytes a symbol
	sparseIndex int
	sparseSize  uint64
	blockLens   int
	blockLensN  uint64
	dataStart   int

	mapStart int // DTZ map
	byWDL    [4]int
}

func (t *table) byteAt(off int) byte {
	if off >= 0 && off < len(t.data) {
		return t.data[off]
	}
	return 0
}

func (t *table) u16(off int) uint16 {
	return uint16(t.byteAt(off)) | uint16(t.byteAt(off+1))<<8
}

// need checks that n bytes at off lie inside the file.
func (t *table) need(off, n int) error {
	if off < 0 || n < 0 || off > len(t.data) || n > len(t.data)-off {
		return fmt.Errorf("%w: truncated (%d bytes, needs %d)", errCorrupt, len(t.data), off+n)
	}
	return nil
}

// parseTable reads the header of a WDL (dtz false) or DTZ file named for
// material key, checking that every region it describes lies in the file.
func parseTable(data []byte, name string, key materialKey, dtz bool) (*table, error) {
	t := &table{data: data, name: name, key: key, dtz: dtz}
	if err := t.need(0, 5); err != nil {
		return nil, err
	}
	magic, kind := wdlMagic, "WDL"
	if dtz {
		magic, kind = dtzMagic, "DTZ"
	}
	if [4]byte(data[:4]) != magic {
		return nil, fmt.Errorf("%w: not a Syzygy %s file", errCorrupt, kind)
	}
	t.hasPawns = key.hasPawns()
	t.symmetric = key == key.mirrored()
	t.unique = key.uniquePieces()
	if t.unique < 2 {
		return nil, fmt.Errorf("%w: material without kings", errCorrupt)
	}
	layout := data[4]
	if (layout&layoutHasPawns != 0) != t.hasPawns || (layout&layoutSplit != 0) == t.symmetric {
		return nil, fmt.Errorf("%w: layout %#x does not fit %s", errCorrupt, layout, name)
	}
	pp := key.count(movegen.White, movegen.Pawn) > 0 && key.count(movegen.Black, movegen.Pawn) > 0
	t.nfiles, t.nsides = 1, 1
	if t.hasPawns {
		t.nfiles = 4
	}
	if !dtz && !t.symmetric {
		t.nsides = 2
	}
	n := key.pieces()

	ptr := 5
	for f := 0; f < t.nfiles; f++ {
		if err := t.need(ptr, 1+boolInt(pp)+n); err != nil {
			return nil, err
		}
		order := [2][2]int{{int(data[ptr] & 0xf), 0xf}, {int(data[ptr] >> 4), 0xf}}
		if pp {
			order[0][1], order[1][1] = int(data[ptr+1]&0xf), int(data[ptr+1]>>4)
		}
		ptr += 1 + boolInt(pp)
		for side := 0; side < t.nsides; side++ {
			d := &t.sub[f][side]
			var counts materialKey
			for i := 0; i < n; i++ {
				nib := data[ptr+i] & 0xf
				if side == 1 {
					nib = data[ptr+i] >> 4
				}
				pt := movegen.PieceType(nib & 7)
				if pt < movegen.Pawn || pt > movegen.King {
					return nil, fmt.Errorf("%w: bad piece %#x", errCorrupt, nib)
				}
				if pt != movegen.King {
					counts += 1 << countShift(movegen.Color(nib>>3), pt)
				}
				d.pieces[i] = nib
			}
			d.npieces = n
			if counts != key && counts != key.mirrored() {
				return nil, fmt.Errorf("%w: pieces do not match %s", errCorrupt, name)
			}
			if (d.pieces[0]&7 == uint8(movegen.Pawn)) != t.hasPawns {
				return nil, fmt.Errorf("%w: leading piece", errCorrupt)
			}
			if err := t.setGroups(d, order[side], f, pp); err != nil {
				return nil, err
			}
		}
		ptr += n
	}
	ptr += ptr & 1

	var err error
	for f := 0; f < t.nfiles; f++ {
		for side := 0; side < t.nsides; side++ {
			if ptr, err = t.parsePairs(&t.sub[f][side], ptr); err != nil {
				return nil, err
			}
		}
	}

	if dtz {
		mapStart := ptr
		for f := 0; f < t.nfiles; f++ {
			d := &t.sub[f][0]
			if d.flags&flagMapped == 0 {
				continue
			}
			d.mapStart = mapStart
			for i := range d.byWDL {
				if d.flags&flagWideDTZ != 0 {
					d.byWDL[i] = (ptr - mapStart + 2) / 2
					ptr += int(t.u16(ptr))*2 + 2
				} else {
					d.byWDL[i] = ptr - mapStart + 1
					ptr += int(t.byteAt(ptr)) + 1
				}
				if err := t.need(ptr, 0); err != nil {
					return nil, err
				}
			}
		}
		ptr += ptr & 1
	}

	for f := 0; f < t.nfiles; f++ {
		for side := 0; side < t.nsides; side++ {
			d := &t.sub[f][side]
			d.sparseIndex = ptr
			ptr += int(d.sparseSize) * 6
			if err := t.need(ptr, 0); err != nil {
				return nil, err
			}
		}
	}
	for f := 0; f < t.nfiles; f++ {
		for side := 0; side < t.nsides; side++ {
			d := &t.sub[f][side]
			d.blockLens = ptr
			ptr += int(d.blockLensN) * 2
			if err := t.need(ptr, 0); err != nil {
				return nil, err
			}
		}
	}
	for f := 0; f < t.nfiles; f++ {
		for side := 0; side < t.nsides; side++ {
			d := &t.sub[f][side]
			ptr = (ptr + 0x3f) &^ 0x3f
			d.dataStart = ptr
			ptr += int(d.blocks * d.blockSize)
			if err := t.need(ptr, 0); err != nil {
				return nil, err
			}
		}
	}
	// The data ends at a multiple of 64 bytes, and the generator appends a
	// 16-byte checksum: a file of another size has a damaged header or
	// something added. (The checksum itself, a CityHash-CRC of the whole
	// file, is not verified: reading every file at Open would take minutes
	// for the larger sets.)
	end := (ptr + 0x3f) &^ 0x3f
	if len(data) != end+16 && len(data) != end {
		return nil, fmt.Errorf("%w: %d bytes, the header describes %d and a checksum", errCorrupt, len(data), end)
	}
	return t, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// setGroups splits the pieces into the groups encoded together and works
// out each group's factor in the position number. order says where the
// leading group (and, with pawns on both sides, the other side's pawns)
// comes among the factors.
func (t *table) setGroups(d *subtable, order [2]int, file int, pp bool) error {
	first := 0
	switch {
	case t.hasPawns:
	case t.unique >= 3:
		first = 3
	default:
		first = 2
	}
	if first > 0 {
		d.lens[0] = first
		d.ngroups = 1
	}
	for i := first; i < d.npieces; {
		j := i + 1
		for j < d.npieces && d.pieces[j] == d.pieces[i] {
			j++
		}
		d.lens[d.ngroups] = j - i
		d.ngroups++
		i = j
	}
	if pp && d.ngroups < 2 {
		return errCorrupt
	}

	free := 64 - d.lens[0]
	next := 1
	if pp {
		free -= d.lens[1]
		next = 2
	}
	idx := uint64(1)
	for k := 0; next < d.ngroups || k == order[0] || k == order[1]; k++ {
		switch {
		case k > 2*maxPieces:
			return fmt.Errorf("%w: group order", errCorrupt)
		case k == order[0]:
			d.factors[0] = idx
			switch {
			case t.hasPawns:
				if d.lens[0] >= maxPieces {
					return errCorrupt
				}
				idx *= leadPawnsSize[d.lens[0]][file]
			case t.unique >= 3:
				idx *= 31332
			default:
				idx *= 462
			}
		case k == order[1]:
			d.factors[1] = idx
			idx *= binomial[48-d.lens[0]][d.lens[1]]
		default:
			if next >= d.ngroups {
				return fmt.Errorf("%w: group order", errCorrupt)
			}
			d.factors[next] = idx
			idx *= binomial[free][d.lens[next]]
			free -= d.lens[next]
			next++
		}
	}
	d.factors[d.ngroups] = idx
	d.size = idx
	return nil
}

// parsePairs reads the header of one subtable's compressed values at ptr
// and returns where the next begins.
func (t *table) parsePairs(d *subtable, ptr int) (int, error) {
	if err := t.need(ptr, 2); err != nil {
		return 0, err
	}
	d.flags = t.data[ptr]
	if d.flags&flagSingleValue != 0 {
		if !t.dtz {
			d.single = uint16(t.data[ptr+1])
		}
		return ptr + 2, nil
	}
	if err := t.need(ptr, 12); err != nil {
		return 0, err
	}
	h := t.data[ptr : ptr+10]
	if h[1] > 10 || h[2] > 31 {
		return 0, fmt.Errorf("%w: block size", errCorrupt)
	}
	d.blockSize = 1 << h[1]
	d.span = 1 << h[2]
	d.sparseSize = (d.size + d.span - 1) / d.span
	d.blocks = uint64(binary.LittleEndian.Uint32(h[4:]))
	d.blockLensN = d.blocks + uint64(h[3])
	maxLen, minLen := h[8], h[9]
	if maxLen > 32 || minLen > 32 || maxLen < minLen {
		return 0, fmt.Errorf("%w: symbol lengths", errCorrupt)
	}
	d.minSymLen = uint(minLen)
	n := int(maxLen-minLen) + 1
	d.lowestSym = ptr + 10
	if err := t.need(d.lowestSym, 2*n+2); err != nil {
		return 0, err
	}
	d.base = make([]uint64, n)
	for i := n - 2; i >= 0; i-- {
		hi, lo := uint64(t.u16(d.lowestSym+2*i)), uint64(t.u16(d.lowestSym+2*i+2))
		if d.base[i+1]+hi < lo {
			return 0, fmt.Errorf("%w: symbol table", errCorrupt)
		}
		d.base[i] = (d.base[i+1] + hi - lo) / 2
		if d.base[i]*2 < d.base[i+1] {
			return 0, fmt.Errorf("%w: symbol table", errCorrupt)
		}
	}
	for i := range d.base {
		shift := 64 - (d.minSymLen + uint(i))
		if shift >= 64 {
			return 0, fmt.Errorf("%w: symbol length 0", errCorrupt)
		}
		d.base[i] <<= shift
	}
	ptr += 10 + 2*n
	nsym := int(t.u16(ptr))
	ptr += 2
	d.btree = ptr
	if err := t.need(ptr, 3*nsym); err != nil {
		return 0, err
	}
	d.symLen = make([]uint8, nsym)
	seen := make([]bool, nsym)
	for s := 0; s < nsym; s++ {
		if err := t.symbolLength(d, s, seen, 64); err != nil {
			return 0, err
		}
	}
	ptr += 3*nsym + nsym&1
	return ptr, nil
}

// symbol returns the two halves of symbol s of the tree: for a leaf, left
// is its value and right is 0xfff; otherwise the two symbols it stands for.
func (t *table) symbol(d *subtable, s int) (left, right int) {
	o := d.btree + 3*s
	b0, b1, b2 := int(t.byteAt(o)), int(t.byteAt(o+1)), int(t.byteAt(o+2))
	return (b1&0xf)<<8 | b0, b2<<4 | b1>>4
}

// symbolLength works out how many values symbol s expands to (less one),
// with its children first; depth guards against a tree with a cycle.
func (t *table) symbolLength(d *subtable, s int, seen []bool, depth int) error {
	if seen[s] {
		return nil
	}
	if depth == 0 {
		return fmt.Errorf("%w: symbol tree", errCorrupt)
	}
	left, right := t.symbol(d, s)
	if right != 0xfff {
		if left >= len(seen) || right >= len(seen) {
			return fmt.Errorf("%w: symbol tree", errCorrupt)
		}
		if err := t.symbolLength(d, left, seen, depth-1); err != nil {
			return err
		}
		if err := t.symbolLength(d, right, seen, depth-1); err != nil {
			return err
		}
		n := int(d.symLen[left]) + int(d.symLen[right]) + 1
		if n > 255 {
			return fmt.Errorf("%w: symbol tree", errCorrupt)
		}
		d.symLen[s] = uint8(n)
	}
	seen[s] = true
	return nil
}
