package movegen

import "testing"

// The search calls these at every node, so they must not allocate.
func TestNoAllocations(t *testing.T) {
	for _, fen := range []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	} {
		p := MustParseFEN(fen)
		var ml MoveList
		p.GenerateLegal(&ml)
		moves := ml
		checks := []struct {
			name string
			f    func()
		}{
			{"GenerateLegal", func() { ml.N = 0; p.GenerateLegal(&ml) }},
			{"GenerateNoisy", func() { ml.N = 0; p.GenerateNoisy(&ml) }},
			{"GenerateQuiet", func() { ml.N = 0; p.GenerateQuiet(&ml) }},
			{"MakeMove", func() {
				for _, m := range moves.Slice() {
					child := p
					child.MakeMove(m)
				}
			}},
			{"MakeNullMove", func() { child := p; child.MakeNullMove() }},
			{"IsLegal", func() {
				for v := range 1 << 16 {
					p.IsLegal(Move(v))
				}
			}},
			{"Perft", func() { Perft(&p, 3) }},
		}
		for _, c := range checks {
			if n := testing.AllocsPerRun(10, c.f); n != 0 {
				t.Errorf("%s in %s: %v allocations per run, want 0", c.name, fen, n)
			}
		}
	}
}
