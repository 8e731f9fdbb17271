package tablebase

import "encoding/binary"

// value returns the value a subtable stores for position number idx: the
// sparse index points near its block, the block lengths lead to the block,
// and the block's Huffman codes, each standing for a run of values, are
// skipped until the one holding idx, which the symbol tree then expands.
// Every offset is checked: a damaged file gives ok == false, not a panic.
func (t *table) value(d *subtable, idx uint64) (v uint16, ok bool) {
	if d.flags&flagSingleValue != 0 {
		return d.single, true
	}
	if idx >= d.size {
		return 0, false
	}
	main := idx / d.span
	entry := d.sparseIndex + 6*int(main)
	if entry+6 > len(t.data) {
		return 0, false
	}
	block := uint64(binary.LittleEndian.Uint32(t.data[entry:]))
	lit := int64(idx%d.span) - int64(d.span/2) + int64(binary.LittleEndian.Uint16(t.data[entry+4:]))

	// Walk from the block the sparse index names to the one holding idx.
	if lit < 0 {
		for lit < 0 {
			if block == 0 {
				return 0, false
			}
			block--
			lit += int64(t.u16(d.blockLens+2*int(block))) + 1
		}
	} else {
		for {
			if block >= d.blockLensN {
				return 0, false
			}
			n := int64(t.u16(d.blockLens+2*int(block))) + 1
			if lit < n {
				break
			}
			lit -= n
			block++
		}
	}
	if block >= d.blocks {
		return 0, false
	}

	// Read codes from the block; 4 bytes past its end may be read ahead.
	pos := d.dataStart + int(block*d.blockSize)
	end := pos + int(d.blockSize) + 4
	buf := t.be32(pos)<<32 | t.be32(pos+4)
	pos += 8
	bits := uint(64)
	var sym int
	for {
		l := 0
		for buf < d.base[l] {
			l++
			if l == len(d.base) {
				return 0, false
			}
		}
		sym = int((buf-d.base[l])>>(64-uint(l)-d.minSymLen)) + int(t.u16(d.lowestSym+2*l))
		if sym >= len(d.symLen) {
			return 0, false
		}
		if lit < int64(d.symLen[sym])+1 {
			break
		}
		lit -= int64(d.symLen[sym]) + 1
		n := uint(l) + d.minSymLen
		if n > bits {
			return 0, false
		}
		buf <<= n
		bits -= n
		if bits <= 32 {
			if pos+4 > end {
				return 0, false
			}
			bits += 32
			buf |= t.be32(pos) << (64 - bits)
			pos += 4
		}
	}

	// Expand the symbol down its tree to the value at lit.
	for d.symLen[sym] != 0 {
		left, right := t.symbol(d, sym)
		if left >= len(d.symLen) || right >= len(d.symLen) {
			return 0, false
		}
		if lit < int64(d.symLen[left])+1 {
			sym = left
		} else {
			lit -= int64(d.symLen[left]) + 1
			sym = right
		}
	}
	left, _ := t.symbol(d, sym)
	return uint16(left), true
}

// be32 reads a big-endian 32-bit word, zeros past the end of the file.
func (t *table) be32(off int) uint64 {
	return uint64(t.byteAt(off))<<24 | uint64(t.byteAt(off+1))<<16 | uint64(t.byteAt(off+2))<<8 | uint64(t.byteAt(off+3))
}

// dtzValue maps a raw DTZ table value through the table's map for the
// outcome w (index: win, loss, cursed win, blessed loss).
func (t *table) dtzValue(d *subtable, w int, raw uint16) (uint16, bool) {
	if d.flags&flagMapped == 0 {
		return raw, true
	}
	if d.flags&flagWideDTZ != 0 {
		off := d.mapStart + 2*(d.byWDL[w]+int(raw))
		if off < 0 || off+2 > len(t.data) {
			return 0, false
		}
		return t.u16(off), true
	}
	off := d.mapStart + d.byWDL[w] + int(raw)
	if off < 0 || off >= len(t.data) {
		return 0, false
	}
	return uint16(t.data[off]), true
}
