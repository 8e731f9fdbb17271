package movegen

import (
	"strings"
	"testing"
)

// Invariants checked in every position of random playouts, standard and
// Chess960: the incremental key equals a fresh one, the checkers are those a
// slow scan finds, FEN round-trips, the noisy and quiet generators split the
// legal moves, every move re-parses from its UCI string, and copy-make leaves
// the parent untouched.

// canonical clears the rook squares of castling rights not held: the
// Position keeps them stale after a right is lost (they mean nothing then),
// while ParseFEN leaves them zero.
func canonical(p Position) Position {
	for i := range p.castleRook {
		if p.castling&(1<<i) == 0 {
			p.castleRook[i] = 0
		}
	}
	return p
}

// isNoisy reports whether m belongs to GenerateNoisy: a capture (en passant
// included) or a promotion to a queen.
func isNoisy(p *Position, m Move) bool {
	switch m.Kind() {
	case EnPassant:
		return true
	case Castling:
		return false
	case Promotion:
		if m.Promotion() == Queen {
			return true
		}
	}
	return p.PieceOn(m.To()) != NoPiece
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// positionKey identifies a position for repetition purposes: the FEN without
// its two counters.
func positionKey(p *Position) string {
	f := strings.Fields(p.String())
	return strings.Join(f[:4], " ")
}

// invariantChecker carries what the checks share across positions: the key
// each position was seen with, to catch two keys for one position or one key
// for two positions.
type invariantChecker struct {
	t       *testing.T
	keyOf   map[string]uint64
	whoseOf map[uint64]string
}

func (c *invariantChecker) check(p *Position, chess960 bool, history []string) {
	t := c.t
	t.Helper()
	fen := p.String()
	where := func() string { return fen + " (after " + strings.Join(history, " ") + ")" }

	// Zobrist: incremental equals fresh, and one position has one key.
	if got, want := p.Key(), p.computeKey(); got != want {
		t.Fatalf("Key() = %#x, want %#x (fresh) in %s", got, want, where())
	}
	pk := positionKey(p)
	if k, ok := c.keyOf[pk]; ok && k != p.Key() {
		t.Fatalf("position %s has two keys, %#x and %#x", pk, k, p.Key())
	}
	if other, ok := c.whoseOf[p.Key()]; ok && other != pk {
		t.Fatalf("key %#x for two positions: %s and %s", p.Key(), other, pk)
	}
	c.keyOf[pk], c.whoseOf[p.Key()] = p.Key(), pk

	// Checkers.
	if got, want := p.Checkers(), slowCheckers(p); got != want {
		t.Fatalf("Checkers() =\n%swant\n%sin %s", got, want, where())
	}
	if p.InCheck() != (p.Checkers() != 0) {
		t.Fatalf("InCheck() = %v with checkers %#x in %s", p.InCheck(), uint64(p.Checkers()), where())
	}

	// FEN round trip.
	q, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q) of a played position: %v (after %s)", fen, err, strings.Join(history, " "))
	}
	if canonical(q) != canonical(*p) {
		t.Fatalf("ParseFEN(%q) differs from the position it was written from (after %s)", fen, strings.Join(history, " "))
	}
	if q.String() != fen {
		t.Fatalf("ParseFEN(%q).String() = %q", fen, q.String())
	}

	// Noisy + quiet = legal, without overlap, each on its side.
	var legal, noisy, quiet MoveList
	p.GenerateLegal(&legal)
	p.GenerateNoisy(&noisy)
	p.GenerateQuiet(&quiet)
	count := make(map[Move]int, legal.N)
	for _, m := range legal.Slice() {
		count[m]++
		if count[m] > 1 {
			t.Fatalf("GenerateLegal lists %s twice in %s", m.UCI(chess960), where())
		}
	}
	for _, part := range []struct {
		name  string
		ml    *MoveList
		noisy bool
	}{{"GenerateNoisy", &noisy, true}, {"GenerateQuiet", &quiet, false}} {
		for _, m := range part.ml.Slice() {
			if count[m] != 1 {
				t.Fatalf("%s gives %s, which GenerateLegal gives %d times, in %s", part.name, m.UCI(chess960), count[m], where())
			}
			count[m]++
			if isNoisy(p, m) != part.noisy {
				t.Fatalf("%s gives %s, noisy = %v, in %s", part.name, m.UCI(chess960), isNoisy(p, m), where())
			}
		}
	}
	if noisy.N+quiet.N != legal.N {
		t.Fatalf("GenerateNoisy gives %d and GenerateQuiet %d moves, GenerateLegal %d, in %s", noisy.N, quiet.N, legal.N, where())
	}

	// UCI strings re-parse to the same move. In Chess960 the standard
	// notation can be ambiguous (king f1, rook h1: f1g1 is both a king step
	// and castling), so there it must hold only for unambiguous strings.
	var uses [2]map[string]int // by notation: standard, Chess960
	for x := range uses {
		uses[x] = make(map[string]int, legal.N)
		for _, m := range legal.Slice() {
			uses[x][m.UCI(x == 1)]++
		}
	}
	saved := *p
	for _, m := range legal.Slice() {
		for _, x := range []bool{false, true} {
			s := m.UCI(x)
			if n := uses[b2i(x)][s]; n > 1 {
				if x || !chess960 {
					t.Fatalf("%d legal moves share the UCI string %s (chess960 %v) in %s", n, s, x, where())
				}
				continue
			}
			if got, err := p.ParseMove(s, x); err != nil || got != m {
				t.Fatalf("ParseMove(%q, %v) = %s, %v; want %s in %s", s, x, got.UCI(x), err, s, where())
			}
		}

		// Copy-make: the child changes, the parent does not; the mover's
		// king is safe afterwards and the child's key is right.
		child := *p
		child.MakeMove(m)
		if *p != saved {
			t.Fatalf("MakeMove(%s) on a copy changed the parent %s", m.UCI(chess960), where())
		}
		us := p.SideToMove()
		if child.SideToMove() != us.Other() {
			t.Fatalf("after %s the side to move is still %s in %s", m.UCI(chess960), us, where())
		}
		if a := slowAttackersOf(&child, us.Other(), child.KingSquare(us)); a != 0 {
			t.Fatalf("%s leaves the king attacked by\n%sin %s", m.UCI(chess960), a, where())
		}
		if got, want := child.Key(), child.computeKey(); got != want {
			t.Fatalf("after %s Key() = %#x, want %#x (fresh) in %s", m.UCI(chess960), got, want, where())
		}
	}

	// A null move keeps the key right too.
	if !p.InCheck() {
		n := *p
		n.MakeNullMove()
		if got, want := n.Key(), n.computeKey(); got != want {
			t.Fatalf("after a null move Key() = %#x, want %#x (fresh) in %s", got, want, where())
		}
	}
}

func TestPlayoutInvariants(t *testing.T) {
	type start struct {
		fen      string
		chess960 bool
	}
	var starts []start
	for _, file := range []string{"cpw_perft.epd", "perftsuite.epd", "fischer.epd"} {
		for _, c := range readPerftSuite(t, file) {
			starts = append(starts, start{c.FEN, c.Chess960 || file == "fischer.epd"})
		}
	}
	plies, stride := 40, 1
	if testing.Short() {
		plies, stride = 20, 8
	}
	c := &invariantChecker{t: t, keyOf: map[string]uint64{}, whoseOf: map[uint64]string{}}
	rng := testRand(0x1AFA)
	positions := 0
	for i := 0; i < len(starts); i += stride {
		s := starts[i]
		p := MustParseFEN(s.fen)
		history := []string{"(" + s.fen + ")"}
		for ply := 0; ; ply++ {
			c.check(&p, s.chess960, history)
			positions++
			var ml MoveList
			p.GenerateLegal(&ml)
			if ml.N == 0 || ply == plies {
				break
			}
			m := ml.Moves[rng.intn(ml.N)]
			history = append(history, m.UCI(s.chess960))
			p.MakeMove(m)
		}
	}
	t.Logf("invariants hold in %d positions from %d starts", positions, (len(starts)+stride-1)/stride)
}

// TestRandomPlacementInvariants runs the invariant checks, and colour-flip
// symmetry of perft, on random standard and Chess960 placements: odd castling
// geometry, pins and checks the suites' games rarely show.
func TestRandomPlacementInvariants(t *testing.T) {
	boards := 3000
	if testing.Short() {
		boards = 300
	}
	c := &invariantChecker{t: t, keyOf: map[string]uint64{}, whoseOf: map[uint64]string{}}
	rng := testRand(0x960)
	var seen featureCount
	positions := 0
	for n := range boards {
		chess960 := n%2 == 1
		gen := randomPlacementFEN
		if chess960 {
			gen = random960FEN
		}
		fen, p := randomPosition(t, &rng, gen)
		m := p.Mirrored()
		if got, want := Perft(&m, 3), Perft(&p, 3); got != want {
			t.Fatalf("Perft(%q, 3) = %d, but %d for its mirror %q", fen, want, got, m.String())
		}
		history := []string{"(" + fen + ")"}
		for ply := 0; ; ply++ {
			c.check(&p, chess960, history)
			positions++
			var ml MoveList
			p.GenerateLegal(&ml)
			seen.count(&p, &ml)
			if ml.N == 0 || ply == 6 {
				break
			}
			mv := ml.Moves[rng.intn(ml.N)]
			history = append(history, mv.UCI(chess960))
			p.MakeMove(mv)
		}
	}
	t.Logf("invariants hold in %d positions from %d random placements; %s", positions, boards, seen)
	seen.require(t, featureCount{check: 1000, doubleCheck: 50, mate: 30, enPassant: 100, castling: 2000, promotion: 1000})
}
