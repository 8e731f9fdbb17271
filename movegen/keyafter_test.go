package movegen

import "testing"

// TestKeyAfter: KeyAfter gives the key MakeMove makes for every move it
// promises to be exact for (a normal move that leaves the castling rights
// and leaves no en-passant square), on random positions and on the
// positions along random games from the start, where captures, double
// pushes and lost castling rights are common. For the others it is only a
// hint, but it must not panic.
func TestKeyAfter(t *testing.T) {
	rng := testRand(0x6b65_7961_6674_6572)
	exact := 0
	check := func(p *Position) {
		var ml MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Moves[:ml.N] {
			guess := p.KeyAfter(m)
			after := *p
			after.MakeMove(m)
			if m.Kind() == Normal && after.Castling() == p.Castling() && after.EPSquare() == NoSquare {
				exact++
				if guess != after.Key() {
					t.Fatalf("%s: KeyAfter(%s) = %#x, MakeMove's key %#x", p, m, guess, after.Key())
				}
			}
		}
	}
	for range 300 {
		_, p := randomPosition(t, &rng, randomPlacementFEN)
		check(&p)
	}
	for range 40 {
		p, _ := ParseFEN(StartFEN)
		for range 120 {
			check(&p)
			var ml MoveList
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			p.MakeMove(ml.Moves[rng.intn(ml.N)])
		}
	}
	if exact < 10000 {
		t.Errorf("only %d moves checked exactly", exact)
	}
}
