package paperbench

import (
	"math/rand/v2"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
	"github.com/sightline-chess/sightline/movegen/sliders"
)

// lookupMethods are the five methods' slider lookups as the move generator
// calls them, for the attack tests and the queen benchmark.
func lookupMethods() []struct {
	name string
	m    sliderMethod
} {
	return []struct {
		name string
		m    sliderMethod
	}{
		{RotatedName, rotatedMethod{sliders.NewRotatedTables()}},
		{PaperMapsName, paperMapsMethod{m: newPaperMaps()}},
		{FlatName, flatMethod{}},
		{MagicName, magicMethod{m: sliders.NewMagic()}},
		{ClassicalName, classicalMethod{}},
	}
}

// linesThrough returns the rank, file and two diagonals through s, s included.
func linesThrough(s movegen.Square) [4]movegen.Bitboard {
	var lines [4]movegen.Bitboard
	for q := movegen.Square(0); q < 64; q++ {
		for i, on := range [4]bool{
			q.Rank() == s.Rank(),
			q.File() == s.File(),
			q.File()-q.Rank() == s.File()-s.Rank(),
			q.File()+q.Rank() == s.File()+s.Rank(),
		} {
			if on {
				lines[i] |= q.Bitboard()
			}
		}
	}
	return lines
}

// TestAttacksEqualMovegen checks every method's rook, bishop and queen
// attacks against movegen's for every square and every occupancy of each of
// the four lines through it (exhaustively), then for random whole boards.
func TestAttacksEqualMovegen(t *testing.T) {
	for _, tc := range lookupMethods() {
		t.Run(tc.name, func(t *testing.T) {
			check := func(s movegen.Square, occ movegen.Bitboard) {
				o := sliders.Rotate(uint64(occ))
				rook, bishop := tc.m.rook(s, &o), tc.m.bishop(s, &o)
				if want := movegen.RookAttacks(s, occ); rook != want {
					t.Fatalf("rook(%v, %#x) = %#x, want %#x", s, uint64(occ), uint64(rook), uint64(want))
				}
				if want := movegen.BishopAttacks(s, occ); bishop != want {
					t.Fatalf("bishop(%v, %#x) = %#x, want %#x", s, uint64(occ), uint64(bishop), uint64(want))
				}
				if want := movegen.QueenAttacks(s, occ); rook|bishop != want {
					t.Fatalf("queen(%v, %#x) = %#x, want %#x", s, uint64(occ), uint64(rook|bishop), uint64(want))
				}
			}
			for s := movegen.Square(0); s < 64; s++ {
				for _, line := range linesThrough(s) {
					for occ := movegen.Bitboard(0); ; { // every subset of the line
						check(s, occ)
						if occ = (occ - line) & line; occ == 0 {
							break
						}
					}
				}
			}
			rng := rand.New(rand.NewPCG(7, 8))
			for range 20000 {
				check(movegen.Square(rng.IntN(64)), movegen.Bitboard(rng.Uint64()&rng.Uint64()))
			}
		})
	}
}

// TestBoardUpdates checks each method's lift and enPassant on random boards:
// the method's own lookups on the updated board must equal movegen's on the
// plain occupancy updated the same way, so a method that forgot one of the
// orientations it reads fails here.
func TestBoardUpdates(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, tc := range lookupMethods() {
		t.Run(tc.name, func(t *testing.T) {
			for range 5000 {
				// As in a game: a (the king, or the capturing pawn) and b
				// (the pawn taken) stand on the board, c is empty.
				sq := rng.Perm(64)
				a, b, c := movegen.Square(sq[0]), movegen.Square(sq[1]), movegen.Square(sq[2])
				occ := movegen.Bitboard(rng.Uint64()&rng.Uint64())&^c.Bitboard() | a.Bitboard() | b.Bitboard()
				src := sliders.Rotate(uint64(occ))
				var lifted, ep sliders.RotatedBoards
				tc.m.lift(&lifted, &src, a)
				tc.m.enPassant(&ep, &src, a, b, c)
				for _, u := range []struct {
					what string
					o    *sliders.RotatedBoards
					want movegen.Bitboard
				}{
					{"lift", &lifted, occ &^ a.Bitboard()},
					{"enPassant", &ep, occ&^(a.Bitboard()|b.Bitboard()) | c.Bitboard()},
				} {
					for s := movegen.Square(0); s < 64; s++ {
						if got, want := tc.m.rook(s, u.o)|tc.m.bishop(s, u.o), movegen.QueenAttacks(s, u.want); got != want {
							t.Fatalf("%s(%#x, %v %v %v): queen on %v attacks %#x, want %#x",
								u.what, uint64(occ), a, b, c, s, uint64(got), uint64(want))
						}
					}
				}
			}
		})
	}
}
