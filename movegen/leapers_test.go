package movegen

import "testing"

func TestLeaperAttacks(t *testing.T) {
	for s := Square(0); s < 64; s++ {
		if got, want := KnightAttacks(s), slowStep(s, knightSteps); got != want {
			t.Errorf("KnightAttacks(%s) =\n%swant\n%s", s, got, want)
		}
		if got, want := KingAttacks(s), slowStep(s, kingSteps); got != want {
			t.Errorf("KingAttacks(%s) =\n%swant\n%s", s, got, want)
		}
		for _, c := range []Color{White, Black} {
			if got, want := PawnAttacks(c, s), slowAttacks(MakePiece(c, Pawn), s, 0); got != want {
				t.Errorf("PawnAttacks(%s, %s) =\n%swant\n%s", c, s, got, want)
			}
		}
	}
}

// TestBetween checks Between against a walk from a towards b: the squares
// strictly between two squares on a common rank, file or diagonal.
func TestBetween(t *testing.T) {
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			var want Bitboard
			for _, d := range stepDirs {
				var path Bitboard
				for f, r := a.File()+d[0], a.Rank()+d[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+d[0], r+d[1] {
					if NewSquare(f, r) == b {
						want = path
						break
					}
					path |= NewSquare(f, r).Bitboard()
				}
			}
			if got := Between(a, b); got != want {
				t.Fatalf("Between(%s, %s) =\n%swant\n%s", a, b, got, want)
			}
		}
	}
}

// TestAttackersTo checks AttackersTo on every square of the positions of a
// few random games against a scan of the board.
func TestAttackersTo(t *testing.T) {
	rng := testRand(0xA77AC)
	for _, fen := range []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	} {
		p := MustParseFEN(fen)
		for ply := 0; ply < 60; ply++ {
			for s := Square(0); s < 64; s++ {
				want := slowAttackersOf(&p, White, s) | slowAttackersOf(&p, Black, s)
				if got := p.AttackersTo(s, p.Occupied()); got != want {
					t.Fatalf("AttackersTo(%s) in %s =\n%swant\n%s", s, p.String(), got, want)
				}
			}
			var ml MoveList
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			p.MakeMove(ml.Moves[rng.intn(ml.N)])
		}
	}
}

// TestThreats: the squares the side not to move attacks are those the slow
// walk finds an attacker of that side for, along random games.
func TestThreats(t *testing.T) {
	rng := testRand(0x7EA75)
	p := MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	for ply := 0; ply < 80; ply++ {
		var want Bitboard
		for s := Square(0); s < 64; s++ {
			if slowAttackersOf(&p, p.SideToMove()^1, s) != 0 {
				want |= s.Bitboard()
			}
		}
		if got := p.Threats(); got != want {
			t.Fatalf("Threats() in %s =\n%swant\n%s", p.String(), got, want)
		}
		var ml MoveList
		p.GenerateLegal(&ml)
		if ml.N == 0 {
			break
		}
		p.MakeMove(ml.Moves[rng.intn(ml.N)])
	}
}

func TestBitboardString(t *testing.T) {
	b := A1.Bitboard() | H8.Bitboard() | NewSquare(4, 3).Bitboard()
	want := ".......x\n........\n........\n........\n....x...\n........\n........\nx.......\n"
	if got := b.String(); got != want {
		t.Errorf("Bitboard(a1|e4|h8).String() =\n%swant\n%s", got, want)
	}
	if b.Count() != 3 || b.First() != A1 || !b.Several() || !b.Has(H8) || b.Has(H1) {
		t.Errorf("Bitboard(a1|e4|h8): Count %d, First %s, Several %v, Has(h8) %v, Has(h1) %v", b.Count(), b.First(), b.Several(), b.Has(H8), b.Has(H1))
	}
	if H8.Bitboard().Several() {
		t.Errorf("Bitboard(h8).Several() = true, want false")
	}
	var order []Square
	for c := b; c != 0; {
		order = append(order, c.PopFirst())
	}
	if len(order) != 3 || order[0] != A1 || order[1] != NewSquare(4, 3) || order[2] != H8 {
		t.Errorf("PopFirst order %v, want [a1 e4 h8]", order)
	}
}
