//go:build !rotated

package movegen

// Occupancy is the occupied set as the slider lookups read it. In this build
// it is just the Bitboard. A build with rotated bitboards (tag "rotated",
// for the whole-engine comparison in docs/paper.md) replaces it by the
// occupied set plus its three rotations, kept up to date square by square;
// that is why move generation, SEE and mobility ask for slider attacks through
// an Occupancy rather than a Bitboard. Here RookAttacks and BishopAttacks
// inline to the same bit operations and table loads as the functions of those
// names; QueenAttacks, their union, is over Go's inlining budget and costs a
// call, so hot code asks for the rook's and the bishop's attacks apart.
type Occupancy Bitboard

// rotatedBoards holds the incrementally updated rotated occupancies in a
// rotated-bitboard build. Direct lookup needs none: here it is empty and free.
type rotatedBoards struct{}

func (*rotatedBoards) toggle(Square) {}

// Occupancy returns the position's occupancy for slider lookups.
func (p *Position) Occupancy() Occupancy { return Occupancy(p.Occupied()) }

// OccupancyOf turns any set of squares into an Occupancy.
func OccupancyOf(b Bitboard) Occupancy { return Occupancy(b) }

// Without returns o with the occupied square s emptied.
func (o Occupancy) Without(s Square) Occupancy { return o &^ Occupancy(s.Bitboard()) }

// With returns o with the empty square s filled.
func (o Occupancy) With(s Square) Occupancy { return o | Occupancy(s.Bitboard()) }

// Bitboard returns the occupied squares.
func (o Occupancy) Bitboard() Bitboard { return Bitboard(o) }

// RookAttacks returns the squares a rook on s attacks in o.
func (o Occupancy) RookAttacks(s Square) Bitboard { return RookAttacks(s, Bitboard(o)) }

// BishopAttacks returns the squares a bishop on s attacks in o.
func (o Occupancy) BishopAttacks(s Square) Bitboard { return BishopAttacks(s, Bitboard(o)) }

// QueenAttacks returns the squares a queen on s attacks in o.
func (o Occupancy) QueenAttacks(s Square) Bitboard { return QueenAttacks(s, Bitboard(o)) }
