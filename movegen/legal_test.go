package movegen

import "testing"

// checkIsLegal asks IsLegal about every one of the 65536 move values in p
// and fails the test where its answer differs from GenerateLegal's list:
// the generator is the definition of a legal move, and the search trusts
// IsLegal with moves from other positions (hash moves, killers).
func checkIsLegal(t *testing.T, p *Position, where string) {
	t.Helper()
	var ml MoveList
	p.GenerateLegal(&ml)
	var listed [1 << 16]bool
	for _, m := range ml.Slice() {
		listed[m] = true
	}
	bad := 0
	for v := range 1 << 16 {
		m := Move(v)
		if got, want := p.IsLegal(m), listed[m]; got != want {
			t.Errorf("IsLegal(%v, kind %d) in %s = %v, want %v (%s)", m, m.Kind()>>14, p, got, want, where)
			if bad++; bad == 10 {
				t.FailNow()
			}
		}
	}
}

// TestIsLegalEqualsGenerator compares IsLegal with the generator on the
// perft suites' positions, on random playouts from them and on random
// placements (double checks, pins, en passant beside the king, Chess960
// castling), for every 16-bit move value.
func TestIsLegalEqualsGenerator(t *testing.T) {
	plies, stride, boards := 12, 1, 600
	if testing.Short() {
		plies, stride, boards = 4, 8, 60
	}
	rng := testRand(0x1E6A1)
	positions := 0
	for _, file := range []string{"cpw_perft.epd", "perftsuite.epd", "fischer.epd"} {
		cases := readPerftSuite(t, file)
		for i := 0; i < len(cases); i += stride * (1 + 9*b2i(file == "fischer.epd")) {
			p := MustParseFEN(cases[i].FEN)
			for ply := 0; ; ply++ {
				checkIsLegal(t, &p, "a playout from "+cases[i].FEN)
				positions++
				var ml MoveList
				p.GenerateLegal(&ml)
				if ml.N == 0 || ply == plies {
					break
				}
				p.MakeMove(ml.Moves[rng.intn(ml.N)])
			}
		}
	}
	for n := range boards {
		gen := randomPlacementFEN
		if n%2 == 1 {
			gen = random960FEN
		}
		fen, p := randomPosition(t, &rng, gen)
		for ply := 0; ; ply++ {
			checkIsLegal(t, &p, "from random placement "+fen)
			positions++
			var ml MoveList
			p.GenerateLegal(&ml)
			if ml.N == 0 || ply == 3 {
				break
			}
			p.MakeMove(ml.Moves[rng.intn(ml.N)])
		}
	}
	t.Logf("IsLegal agrees with the generator on all 65536 moves in %d positions", positions)
}
