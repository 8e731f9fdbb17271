package sliders

import "math/bits"

// Fancy magic bitboards (Kannan's idea as refined by Romstad and others), the
// method most engines use today and the one the paper names as future work.
// For each square, the occupancy of the squares that can block (the relevant
// mask) is multiplied by a 64-bit magic number and shifted right, leaving an
// index into that square's own slice of one shared table; "fancy" because each
// square's slice has exactly 2^bits entries for its own number of relevant
// squares. A magic is any multiplier under which two occupancies that give
// different attacks never share an index; FindMagics finds them by a seeded
// random search, and NewMagic uses the numbers it found, committed in
// magicnumbers.go.
//
// Sizes: 102,400 rook + 5,248 bishop entries x 8 bytes = 841 KiB, against
// 128 KiB for the direct-lookup and rotated tables.

// Table sizes for fancy magics with exact relevant-bit counts.
const (
	magicRookEntries   = 102400
	magicBishopEntries = 5248
)

// MagicSeed is the seed that FindMagics turned into the committed magic
// numbers (magicnumbers.go); a test checks that it still does.
const MagicSeed = 0x5EED_CAFE_F00D_1234

// magicEntry holds what turns an occupancy into an index for one square.
type magicEntry struct {
	mask   uint64 // relevant occupancy: the squares that can block
	magic  uint64
	offset uint32 // start of the square's slice in Magic.attacks
	// shift is 64 - number of relevant squares. It is 32 bits wide because Go
	// folds a 32-bit load of a field into one indexed instruction but spends
	// two LEAQs on an 8-bit one.
	shift uint32
}

// Magic holds fancy magic tables for rooks and bishops.
type Magic struct {
	rook    [64]magicEntry
	bishop  [64]magicEntry
	attacks [magicRookEntries + magicBishopEntries]uint64
}

// NewMagic fills the tables from the committed magic numbers, which
// FindMagics found once: filling is quick, the search for numbers is not.
func NewMagic() *Magic {
	m, ok := NewMagicFrom(&rookMagics, &bishopMagics)
	if !ok {
		panic("sliders: a committed magic number does not work")
	}
	return m
}

// NewMagicFrom fills the tables from the given magic numbers and reports
// whether every one of them maps the occupancies of its square without
// collision; NewMagic uses the committed ones.
func NewMagicFrom(rook, bishop *[64]uint64) (*Magic, bool) {
	m := new(Magic)
	var s magicSquare
	offset := uint32(0)
	for sq := range 64 {
		s.enumerate(sq, &rookDirections)
		if !s.try(rook[sq], m.attacks[offset:], 1) {
			return nil, false
		}
		m.rook[sq] = magicEntry{mask: s.mask, magic: rook[sq], offset: offset, shift: uint32(s.shift)}
		offset += uint32(len(s.occs))
	}
	for sq := range 64 {
		s.enumerate(sq, &bishopDirections)
		if !s.try(bishop[sq], m.attacks[offset:], 1) {
			return nil, false
		}
		m.bishop[sq] = magicEntry{mask: s.mask, magic: bishop[sq], offset: offset, shift: uint32(s.shift)}
		offset += uint32(len(s.occs))
	}
	return m, true
}

// FindMagics searches magic numbers for every square, drawing candidates from
// a generator seeded by seed: the same seed always gives the same numbers.
func FindMagics(seed uint64) (rook, bishop [64]uint64) {
	rng := splitMix{seed}
	var s magicSquare
	var table [1 << 12]uint64
	search := func(sq int, dirs *[4]direction) uint64 {
		s.enumerate(sq, dirs)
		for attempt := 1; ; attempt++ {
			a, b, c := rng.next(), rng.next(), rng.next()
			magic := a & b & c // few bits set: better odds
			if bits.OnesCount64((s.mask*magic)>>56) < 6 {
				continue // the high byte must see enough of the mask to spread it
			}
			if s.try(magic, table[:], attempt) {
				return magic
			}
		}
	}
	for sq := range 64 {
		rook[sq] = search(sq, &rookDirections)
	}
	for sq := range 64 {
		bishop[sq] = search(sq, &bishopDirections)
	}
	return rook, bishop
}

// magicSquare holds one square's relevant occupancies and their attacks while
// magics are tried on it.
type magicSquare struct {
	mask       uint64
	shift      uint8
	occs, atts []uint64
	// written[i] == attempt marks table[i] as written during this attempt, so
	// that the table need not be cleared between attempts.
	written []int
}

// enumerate lists every subset of sq's relevant mask and its attacks.
func (s *magicSquare) enumerate(sq int, dirs *[4]direction) {
	s.mask = relevantMask(sq, dirs)
	n := bits.OnesCount64(s.mask)
	s.shift = uint8(64 - n)
	s.occs, s.atts = s.occs[:0], s.atts[:0]
	for occ := uint64(0); ; { // every subset of the mask (carry-rippler)
		s.occs = append(s.occs, occ)
		s.atts = append(s.atts, slide(sq, occ, dirs))
		if occ = (occ - s.mask) & s.mask; occ == 0 {
			break
		}
	}
	s.written = make([]int, 1<<n)
}

// try writes the attacks into table under magic's indices and reports whether
// no two occupancies with different attacks collided. attempt must differ
// from the previous call's on the same square.
func (s *magicSquare) try(magic uint64, table []uint64, attempt int) bool {
	for i, occ := range s.occs {
		ix := (occ * magic) >> s.shift
		if s.written[ix] == attempt && table[ix] != s.atts[i] {
			return false
		}
		s.written[ix], table[ix] = attempt, s.atts[i]
	}
	return true
}

// RookAttacks returns the squares a rook on sq attacks with occupancy occ.
// The shift count is masked with 63 because Go defines shifts by 64 or more:
// without the mask it adds a compare and a conditional move to every lookup,
// which no C implementation of the method would pay.
func (m *Magic) RookAttacks(sq int, occ uint64) uint64 {
	e := &m.rook[sq&63]
	return m.attacks[uint64(e.offset)+(occ&e.mask)*e.magic>>(e.shift&63)]
}

// BishopAttacks returns the squares a bishop on sq attacks with occupancy occ.
func (m *Magic) BishopAttacks(sq int, occ uint64) uint64 {
	e := &m.bishop[sq&63]
	return m.attacks[uint64(e.offset)+(occ&e.mask)*e.magic>>(e.shift&63)]
}

// QueenAttacks returns the union of the rook and bishop lookups.
func (m *Magic) QueenAttacks(sq int, occ uint64) uint64 {
	return m.RookAttacks(sq, occ) | m.BishopAttacks(sq, occ)
}

// splitMix is the SplitMix64 generator: tiny, fast, and good enough to
// search magics with.
type splitMix struct{ state uint64 }

func (s *splitMix) next() uint64 {
	s.state += 0x9E3779B97F4A7C15
	z := s.state
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}
