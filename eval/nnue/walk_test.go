package nnue

import (
	"math/rand/v2"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// TestDefaultNetLoads: the embedded net has a name and mobility inputs; a
// build that embeds none (the width variants) has no DefaultNet.
func TestDefaultNetLoads(t *testing.T) {
	n := DefaultNet()
	if defaultNetFile == nil {
		if n != nil {
			t.Errorf("a build that embeds no net: DefaultNet() = %q, want nil", n.Name())
		}
		return
	}
	if n == nil {
		t.Fatal("DefaultNet() = nil in a build that embeds a net")
	}
	if n.Name() == "" || !n.Mobility() {
		t.Errorf("the embedded net: name %q, mobility %v; want a name and mobility inputs", n.Name(), n.Mobility())
	}
}

// walk plays random games from the perft suites (Chess960 ones included),
// keeping the accumulator up to date move by move as the search does, and
// calls check on every position with it. It fails unless the games went
// through every kind of move that changes the board unusually. The net is
// testNet: the embedded one, or the build's random one where none is.
func walk(t *testing.T, check func(p *movegen.Position, acc *Accumulator)) {
	t.Helper()
	walkNet(t, testNet(), check)
}

// walkNet is walk with net.
func walkNet(t *testing.T, net *Network, check func(p *movegen.Position, acc *Accumulator)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(31, 32))
	starts := append(loadFENs(t, "../../testdata/perftsuite.epd"), loadFENs(t, "../../testdata/fischer.epd")...)
	plies := 120
	if testing.Short() {
		plies = 30
	}
	var ml movegen.MoveList
	seen := map[string]int{}
	for _, start := range starts {
		p := start
		var acc Accumulator
		acc.Refresh(net, &p)
		for range plies {
			check(&p, &acc)
			ml.N = 0
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			// Prefer the unusual moves, so that each kind comes up often.
			m := ml.Moves[rng.IntN(ml.N)]
			for _, x := range ml.Slice() {
				if x.Kind() != movegen.Normal && rng.IntN(2) == 0 {
					m = x
				}
			}
			switch {
			case m.Kind() == movegen.Castling && m.To() > m.From():
				seen["castling on the h-side"]++
			case m.Kind() == movegen.Castling:
				seen["castling on the a-side"]++
			case m.Kind() == movegen.EnPassant:
				seen["en passant"]++
			case m.Kind() == movegen.Promotion && p.PieceOn(m.To()) != movegen.NoPiece:
				seen["capturing promotion"]++
			case m.Kind() == movegen.Promotion:
				seen["promotion"]++
			}
			child := p
			child.MakeMove(m)
			var next Accumulator
			next.Update(net, &acc, &p, &child)
			p, acc = child, next
		}
	}
	for _, kind := range []string{"castling on the h-side", "castling on the a-side", "en passant", "promotion", "capturing promotion"} {
		if seen[kind] == 0 {
			t.Errorf("the random games played no %s: the test does not test it", kind)
		}
	}
}

// TestIncrementalMatchesRefresh follows the walk's games, every kind of
// move (Chess960 castling, en passant, promotions) among them, on both
// arithmetic paths.
func TestIncrementalMatchesRefresh(t *testing.T) {
	eachPath(t, testIncrementalMatchesRefresh)
}

func testIncrementalMatchesRefresh(t *testing.T) {
	net := testNet()
	walk(t, func(p *movegen.Position, acc *Accumulator) {
		var fresh Accumulator
		fresh.Refresh(net, p)
		if *acc != fresh {
			t.Fatalf("%q: the accumulator updated move by move differs from a refresh", p.String())
		}
	})
}

func TestDefaultNetMatchesItsFile(t *testing.T) {
	eachPath(t, testDefaultNetMatchesItsFile)
}

// testDefaultNetMatchesItsFile checks the embedded net (testNet: in a build
// that embeds none, the random net written at its width) as the engine runs
// it (accumulators updated move by move) against the reference computed on
// the file's weights at the file's own width, on a sample of the walk's
// positions. Were it narrower than the build, that would be the widened net
// against the narrow one it was read from.
func testDefaultNetMatchesItsFile(t *testing.T) {
	w, err := Parse(testNetFile())
	if err != nil {
		t.Fatal(err)
	}
	hidden := Hidden
	if w.WidenedFrom != 0 {
		hidden = w.WidenedFrom
	}
	net := testNet()
	rng := rand.New(rand.NewPCG(33, 34))
	checked := 0
	walk(t, func(p *movegen.Position, acc *Accumulator) {
		if rng.IntN(8) != 0 {
			return
		}
		checked++
		m := randomMobility(rng)
		pieces := p.Occupied().Count()
		for _, stm := range []movegen.Color{movegen.White, movegen.Black} {
			if got, want := net.Evaluate(acc, stm, &m, pieces),
				referenceEvaluate(w, hidden, stm, activeFeatures(w, p, &m, true), pieces); got != want {
				t.Fatalf("%q, %v to move: net %s (%d hidden neurons, run at %d) = %d, its reference %d",
					p.String(), stm, net.Name(), hidden, Hidden, got, want)
			}
		}
	})
	if checked < 1000 {
		t.Errorf("checked %d positions, want 1000 or more", checked)
	}
}

// loadFENs reads the positions of an EPD file (movegen.ReadEPDFile: the
// perft suite's ";D1 ..." tail and WAC's "bm ..." are not the position).
func loadFENs(tb testing.TB, path string) []movegen.Position {
	tb.Helper()
	es, err := movegen.ReadEPDFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	if len(es) < 100 {
		tb.Fatalf("%s: read %d positions, want at least 100", path, len(es))
	}
	return movegen.Positions(es)
}
