package nnue

// Go's compiler does not vectorise, so the first layer's int16 arithmetic
// is done four lanes at a time in uint64 words (SWAR): a row of Hidden
// int16 values is Words uint64, neuron 4w+k in bits 16k..16k+15 of word w.
// Lane k is defined by shifts, not by memory layout, so the results are the
// same on little- and big-endian machines. Each lane adds and subtracts
// modulo 2^16 exactly as Go's int16 does (the carry out of a lane's top bit
// is cut off by handling that bit apart), so a lane loop equals a plain
// int16 loop bit for bit; TestLanesMatchInt16 checks it.

// Words is the number of uint64 words in a row of Hidden int16 lanes.
const Words = Hidden / 4

// row is Hidden int16 values packed four to a word.
type row [Words]uint64

// laneTop holds the top (sign) bit of each of a word's four lanes.
const laneTop = 0x8000_8000_8000_8000

// addLanes adds y to x lane by lane, modulo 2^16 per lane: the low 15 bits
// add without carrying into the next lane, then the top bits are xored in.
func addLanes(x, y uint64) uint64 {
	return ((x &^ laneTop) + (y &^ laneTop)) ^ ((x ^ y) & laneTop)
}

// subLanes subtracts y from x lane by lane, modulo 2^16 per lane: setting
// each lane's top bit first keeps a borrow from crossing into the next lane.
func subLanes(x, y uint64) uint64 {
	return ((x | laneTop) - (y &^ laneTop)) ^ ((x ^ ^y) & laneTop)
}

// lane returns lane k (0..3) of w as an int16.
func lane(w uint64, k uint) int16 { return int16(w >> (16 * k)) }

// packRow packs Hidden int16 values into a row.
func packRow(dst *row, src *[Hidden]int16) {
	for w := range dst {
		dst[w] = uint64(uint16(src[4*w])) | uint64(uint16(src[4*w+1]))<<16 |
			uint64(uint16(src[4*w+2]))<<32 | uint64(uint16(src[4*w+3]))<<48
	}
}

// addRow sets dst to dst + a.
func addRow(dst, a *row) {
	for w := range dst {
		dst[w] = addLanes(dst[w], a[w])
	}
}

// subRow sets dst to dst - s.
func subRow(dst, s *row) {
	for w := range dst {
		dst[w] = subLanes(dst[w], s[w])
	}
}

// addSubRow sets dst to src + a - s: a quiet move in one pass.
//
//lint:ignore U1000 simd_amd64.s and simd_arm64.s jump here when useSIMD is off.
func addSubRow(dst, src, a, s *row) {
	for w := range dst {
		dst[w] = subLanes(addLanes(src[w], a[w]), s[w])
	}
}

// addSubSubRow sets dst to src + a - s1 - s2: a capture in one pass.
//
//lint:ignore U1000 simd_amd64.s and simd_arm64.s jump here when useSIMD is off.
func addSubSubRow(dst, src, a, s1, s2 *row) {
	for w := range dst {
		dst[w] = subLanes(subLanes(addLanes(src[w], a[w]), s1[w]), s2[w])
	}
}
