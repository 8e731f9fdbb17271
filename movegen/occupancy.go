//go:build !rotated

package movegen

// occupancy is what the slider lookups read: here the plain occupied set.
// A build with rotated bitboards replaces it by the occupied set plus its
// three rotations, kept up to date square by square, which is why move
// generation asks for the occupancy through these few functions instead of
// using a Bitboard directly. In this build they all inline to bit operations.
type occupancy Bitboard

// rotatedBoards holds the incrementally updated rotated occupancies in a
// rotated-bitboard build. Direct lookup needs none: it is empty and free.
type rotatedBoards struct{}

func (rotatedBoards) toggle(Square) {}

// occupancy returns the position's occupancy for slider lookups.
func (p *Position) occupancy() occupancy { return occupancy(p.Occupied()) }

// occupancyOf turns any set of squares into an occupancy.
func occupancyOf(b Bitboard) occupancy { return occupancy(b) }

// without and with return o with one square emptied or filled.
func (o occupancy) without(s Square) occupancy { return o &^ occupancy(s.Bitboard()) }
func (o occupancy) with(s Square) occupancy    { return o | occupancy(s.Bitboard()) }

// bitboard returns the occupied squares.
func (o occupancy) bitboard() Bitboard { return Bitboard(o) }

func rookAttacksOn(s Square, o occupancy) Bitboard   { return RookAttacks(s, Bitboard(o)) }
func bishopAttacksOn(s Square, o occupancy) Bitboard { return BishopAttacks(s, Bitboard(o)) }
