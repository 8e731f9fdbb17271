package movegen

import "math/bits"

// Bitboard is a set of squares, bit i standing for Square(i).
type Bitboard uint64

// Rank and file sets.
const (
	FileA Bitboard = 0x0101010101010101
	FileH Bitboard = FileA << 7
	Rank1 Bitboard = 0xFF
	Rank2 Bitboard = Rank1 << 8
	Rank3 Bitboard = Rank1 << 16
	Rank6 Bitboard = Rank1 << 40
	Rank7 Bitboard = Rank1 << 48
	Rank8 Bitboard = Rank1 << 56
)

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of b; b must not be empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// PopFirst removes the lowest square of *b and returns it; *b must not be empty.
// It takes b's address, which makes Go keep b in memory: a loop popping
// squares off a local then pays a store and a reload per square, on its
// critical path. Hot loops therefore iterate as
//
//	for b := set; b != 0; b &= b - 1 { s := b.First(); ... }
//
// which keeps b in a register.
func (b *Bitboard) PopFirst() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool { return b&s.Bitboard() != 0 }

// Several reports whether b holds more than one square.
func (b Bitboard) Several() bool { return b&(b-1) != 0 }

// String draws b as eight ranks of 'x' and '.', rank 8 first, for test failures.
func (b Bitboard) String() string {
	out := make([]byte, 0, 72)
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			if b.Has(NewSquare(f, r)) {
				out = append(out, 'x')
			} else {
				out = append(out, '.')
			}
		}
		out = append(out, '\n')
	}
	return string(out)
}

// pawnPush moves b one rank forward for c.
func pawnPush(c Color, b Bitboard) Bitboard {
	if c == White {
		return b << 8
	}
	return b >> 8
}

// pawnAttacksSet returns every square attacked by the pawns b of colour c.
func pawnAttacksSet(c Color, b Bitboard) Bitboard {
	if c == White {
		return (b&^FileA)<<7 | (b&^FileH)<<9
	}
	return (b&^FileA)>>9 | (b&^FileH)>>7
}

func leadingZeros(b Bitboard) int { return bits.LeadingZeros64(uint64(b)) }
