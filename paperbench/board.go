package paperbench

import (
	"math/bits"

	"github.com/sightline-chess/sightline/movegen"
	"github.com/sightline-chess/sightline/movegen/sliders"
)

// board is what the timed move generators read for one position, built once
// before any timing: the paper precomputed "the main board position as well
// as three rotated boards" and gave the same list to both methods.
type board struct {
	pieces [2][movegen.King + 1]movegen.Bitboard // [colour][piece type]
	colour [2]movegen.Bitboard
	occ    sliders.RotatedBoards // the occupancy and its three rotations
	king   [2]movegen.Square
	// castleRook[i] is the rook that castling right 1<<i (WK, WQ, BK, BQ)
	// goes with, or NoSquare when the right is not held.
	castleRook [4]movegen.Square
	side       movegen.Color
	ep         movegen.Square
	// countOnly makes the generator count each set of moves instead of
	// writing the moves out (paperbench -count): everything but the writing,
	// the lookups included, is the same work.
	countOnly bool
	// answers are the slider attacks one generation of this board asks
	// for, in order, as the engine's tables give them: the floor row
	// replays them (replay.go).
	answers []movegen.Bitboard
}

// newBoard copies what move generation needs out of p.
func newBoard(p *movegen.Position) board {
	var b board
	for c := movegen.White; c <= movegen.Black; c++ {
		b.colour[c] = p.ColorBB(c)
		for t := movegen.Pawn; t <= movegen.King; t++ {
			b.pieces[c][t] = p.Pieces(c, t)
		}
		b.king[c] = p.KingSquare(c)
	}
	b.occ = sliders.Rotate(uint64(p.Occupied()))
	b.side, b.ep = p.SideToMove(), p.EPSquare()
	for i := range b.castleRook {
		b.castleRook[i] = movegen.NoSquare
		if p.Castling()&(1<<i) == 0 {
			continue
		}
		// X-FEN's KQkq: the outermost rook of that colour on that wing.
		c := movegen.Color(i / 2)
		ksq := b.king[c]
		rooks := b.pieces[c][movegen.Rook] & (movegen.Rank1 << (8 * ksq.Rank()))
		if i%2 == 0 { // king side: the highest file above the king's
			rooks &= ^movegen.Bitboard(0) << ksq
			if rooks != 0 {
				b.castleRook[i] = movegen.Square(63 - bits.LeadingZeros64(uint64(rooks)))
			}
		} else if rooks &= ksq.Bitboard() - 1; rooks != 0 {
			b.castleRook[i] = rooks.First()
		}
	}
	b.answers = recordAnswers(&b)
	return b
}
