package sliders_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
	"github.com/sightline-chess/sightline/movegen/sliders"
)

// attackFuncs are the package's three methods in the plain (square,
// occupancy) form, each checked against movegen's direct lookup.
type attackFuncs struct {
	name                string
	rook, bishop, queen func(sq int, occ uint64) uint64
}

func methods() []attackFuncs {
	rt := sliders.NewRotatedTables()
	mg := sliders.NewMagic()
	rot := func(f func(*sliders.RotatedTables, int, *sliders.RotatedBoards) uint64) func(int, uint64) uint64 {
		return func(sq int, occ uint64) uint64 {
			b := sliders.Rotate(occ)
			return f(rt, sq, &b)
		}
	}
	return []attackFuncs{
		{"classical", sliders.ClassicalRookAttacks, sliders.ClassicalBishopAttacks, sliders.ClassicalQueenAttacks},
		{"rotated", rot((*sliders.RotatedTables).RookAttacks), rot((*sliders.RotatedTables).BishopAttacks), rot((*sliders.RotatedTables).QueenAttacks)},
		{"magic", mg.RookAttacks, mg.BishopAttacks, mg.QueenAttacks},
	}
}

// check compares one method's three answers with movegen's for one case.
func check(t *testing.T, m attackFuncs, sq int, occ uint64) {
	t.Helper()
	s, o := movegen.Square(sq), movegen.Bitboard(occ)
	if got, want := m.rook(sq, occ), uint64(movegen.RookAttacks(s, o)); got != want {
		t.Fatalf("%s RookAttacks(%v, %#x) = %#x, want %#x", m.name, s, occ, got, want)
	}
	if got, want := m.bishop(sq, occ), uint64(movegen.BishopAttacks(s, o)); got != want {
		t.Fatalf("%s BishopAttacks(%v, %#x) = %#x, want %#x", m.name, s, occ, got, want)
	}
	if got, want := m.queen(sq, occ), uint64(movegen.QueenAttacks(s, o)); got != want {
		t.Fatalf("%s QueenAttacks(%v, %#x) = %#x, want %#x", m.name, s, occ, got, want)
	}
}

// TestAgainstMovegen checks every method for every square and every
// occupancy of each of the four lines through it, then for random boards.
func TestAgainstMovegen(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, m := range methods() {
		t.Run(m.name, func(t *testing.T) {
			for sq := range 64 {
				for _, line := range linesThrough(sq) {
					for occ := uint64(0); ; { // every subset of the line
						check(t, m, sq, occ)
						if occ = (occ - line) & line; occ == 0 {
							break
						}
					}
				}
			}
			for range 20000 {
				check(t, m, rng.IntN(64), rng.Uint64()&rng.Uint64())
			}
		})
	}
}

// linesThrough returns the rank, file and two diagonals through sq, sq included.
func linesThrough(sq int) [4]uint64 {
	var lines [4]uint64
	f, r := sq&7, sq>>3
	for q := range 64 {
		qf, qr := q&7, q>>3
		for i, on := range [4]bool{qr == r, qf == f, qf-qr == f-r, qf+qr == f+r} {
			if on {
				lines[i] |= 1 << q
			}
		}
	}
	return lines
}

// TestRotatedIncremental plays random piece moves, captures, drops and
// removals on RotatedBoards and checks after each that the incrementally
// updated boards equal the occupancy rotated afresh.
func TestRotatedIncremental(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for game := range 200 {
		occ := rng.Uint64() & rng.Uint64()
		b := sliders.Rotate(occ)
		for step := range 100 {
			from, to := rng.IntN(64), rng.IntN(64)
			switch {
			case occ>>from&1 == 1 && occ>>to&1 == 0: // quiet move
				b.Move(from, to)
				occ ^= 1<<from | 1<<to
			case occ>>from&1 == 1 && from != to: // capture: the target stays occupied
				b.Clear(from)
				occ &^= 1 << from
			case occ>>to&1 == 0: // a piece appears (promotion square, set-up)
				b.Set(to)
				occ |= 1 << to
			}
			if want := sliders.Rotate(occ); b != want {
				t.Fatalf("game %d step %d: incremental boards %+v, want Rotate(%#x) = %+v", game, step, b, occ, want)
			}
		}
	}
}

// TestRotateIsRotation checks that each rotated board is a permutation of the
// squares: a full board stays full and single squares map one to one.
func TestRotateIsRotation(t *testing.T) {
	full := sliders.Rotate(^uint64(0))
	if full.Occ90 != ^uint64(0) || full.OccNE != ^uint64(0) || full.OccNW != ^uint64(0) {
		t.Fatalf("Rotate(full board) = %+v, want every board full", full)
	}
	var seen sliders.RotatedBoards
	for sq := range 64 {
		b := sliders.Rotate(1 << sq)
		if b.Occ90&seen.Occ90 != 0 || b.OccNE&seen.OccNE != 0 || b.OccNW&seen.OccNW != 0 {
			t.Fatalf("Rotate(square %d) = %+v shares a bit with an earlier square", sq, b)
		}
		seen.Occ90 |= b.Occ90
		seen.OccNE |= b.OccNE
		seen.OccNW |= b.OccNW
	}
}

// TestFindMagics checks that the committed magic numbers are what the seeded
// search finds, so that anyone can regenerate them, and that other seeds give
// working magics too: the search, not one lucky table, is relied on.
func TestFindMagics(t *testing.T) {
	if testing.Short() {
		t.Skip("the magic search takes about a second")
	}
	rook, bishop := sliders.FindMagics(sliders.MagicSeed)
	if rook != sliders.RookMagics() || bishop != sliders.BishopMagics() {
		t.Fatalf("FindMagics(%#x) differs from the committed magic numbers", uint64(sliders.MagicSeed))
	}
	rook, bishop = sliders.FindMagics(42)
	m, ok := sliders.NewMagicFrom(&rook, &bishop)
	if !ok {
		t.Fatalf("NewMagicFrom(FindMagics(42)) failed")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 5000 {
		sq, occ := rng.IntN(64), rng.Uint64()&rng.Uint64()
		if got, want := m.QueenAttacks(sq, occ), uint64(movegen.QueenAttacks(movegen.Square(sq), movegen.Bitboard(occ))); got != want {
			t.Fatalf("magics of seed 42: QueenAttacks(%d, %#x) = %#x, want %#x", sq, occ, got, want)
		}
	}
	rook[0] = 1 // multiplies every occupancy onto index 0
	if _, ok := sliders.NewMagicFrom(&rook, &bishop); ok {
		t.Errorf("NewMagicFrom accepted the magic 1 for a1")
	}
}

// BenchmarkNewMagic measures the start-up cost of the magic tables.
func BenchmarkNewMagic(b *testing.B) {
	for range b.N {
		sliders.NewMagic()
	}
}

// BenchmarkNewRotatedTables measures the start-up cost of the rotated tables.
func BenchmarkNewRotatedTables(b *testing.B) {
	for range b.N {
		sliders.NewRotatedTables()
	}
}
