package nnue

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

func TestDefaultNetLoads(t *testing.T) {
	n := DefaultNet()
	if n.Name() == "" || !n.Mobility() {
		t.Errorf("the embedded net: name %q, mobility %v; want a name and mobility inputs", n.Name(), n.Mobility())
	}
}

// walk plays random games from the perft suites (Chess960 ones included),
// keeping the accumulator up to date move by move as the search does, and
// calls check on every position with it. It fails unless the games went
// through every kind of move that changes the board unusually.
func walk(t *testing.T, check func(p *movegen.Position, acc *Accumulator)) {
	t.Helper()
	net := DefaultNet()
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

func TestIncrementalMatchesRefresh(t *testing.T) {
	net := DefaultNet()
	walk(t, func(p *movegen.Position, acc *Accumulator) {
		var fresh Accumulator
		fresh.Refresh(net, p)
		if *acc != fresh {
			t.Fatalf("%q: the accumulator updated move by move differs from a refresh", p.String())
		}
	})
}

func TestEvaluatePositionSymmetric(t *testing.T) {
	net := DefaultNet()
	walk(t, func(p *movegen.Position, acc *Accumulator) {
		m := p.Mirrored()
		var macc Accumulator
		macc.Refresh(net, &m)
		if got, want := EvaluatePosition(net, &m, &macc), EvaluatePosition(net, p, acc); got != want {
			t.Fatalf("EvaluatePosition(%q) = %d, want %d as for its mirror %q", m.String(), got, want, p.String())
		}
	})
}

// TestMobilityFeaturesCount checks the network's mobility counts against
// counts made another way: movegen's QueenAttacks (a function of its own,
// not the rook and bishop lookups PieceAttacks combines) and the mobility
// area built square by square.
func TestMobilityFeaturesCount(t *testing.T) {
	count := 0
	walk(t, func(p *movegen.Position, _ *Accumulator) {
		var want Mobility
		occ := p.Occupied()
		for c := movegen.White; c <= movegen.Black; c++ {
			var area movegen.Bitboard
			for s := movegen.Square(0); s < 64; s++ {
				pc := p.PieceOn(s)
				if pc != movegen.NoPiece && pc.Color() == c {
					continue
				}
				// Enemy pawns attacking s stand one rank toward c's side of them.
				attacked := false
				for b := p.Pieces(c.Other(), movegen.Pawn); b != 0; b &= b - 1 {
					ps := b.First()
					dr := s.Rank() - ps.Rank()
					if c.Other() == movegen.Black {
						dr = -dr
					}
					if dr == 1 && (s.File()-ps.File() == 1 || ps.File()-s.File() == 1) {
						attacked = true
					}
				}
				if !attacked {
					area |= s.Bitboard()
				}
			}
			for t := movegen.Knight; t <= movegen.Queen; t++ {
				for b := p.Pieces(c, t); b != 0; b &= b - 1 {
					s := b.First()
					var att movegen.Bitboard
					switch t {
					case movegen.Knight:
						att = movegen.KnightAttacks(s)
					case movegen.Bishop:
						att = movegen.BishopAttacks(s, occ)
					case movegen.Rook:
						att = movegen.RookAttacks(s, occ)
					case movegen.Queen:
						att = movegen.QueenAttacks(s, occ)
					}
					want.Add(c, t, (att & area).Count())
				}
			}
		}
		var got Mobility
		MobilityFeatures(p, &got)
		if got != want {
			t.Fatalf("MobilityFeatures(%q) = %v, want %v", p.String(), got.Features[:got.N], want.Features[:want.N])
		}
		count += got.N
	})
	if count == 0 {
		t.Error("no mobility feature was checked")
	}
}

func TestEvaluatePositionAllocatesNothing(t *testing.T) {
	net := DefaultNet()
	ps := loadFENs(t, "../../testdata/wac.epd")
	accs := make([]Accumulator, len(ps))
	for i := range ps {
		accs[i].Refresh(net, &ps[i])
	}
	i := 0
	allocs := testing.AllocsPerRun(1000, func() {
		EvaluatePosition(net, &ps[i%len(ps)], &accs[i%len(ps)])
		i++
	})
	if allocs != 0 {
		t.Errorf("EvaluatePosition allocates %v times per call, want 0", allocs)
	}
}

func BenchmarkEvaluatePosition(b *testing.B) {
	net := DefaultNet()
	ps := loadFENs(b, "../../testdata/wac.epd")
	accs := make([]Accumulator, len(ps))
	for i := range ps {
		accs[i].Refresh(net, &ps[i])
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		EvaluatePosition(net, &ps[i%len(ps)], &accs[i%len(ps)])
	}
}

// loadFENs reads the positions of an EPD file: the first four fields of each
// line (the perft suite's ";D1 ..." tail and WAC's "bm ..." are ignored).
func loadFENs(tb testing.TB, path string) []movegen.Position {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var ps []movegen.Position
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(strings.SplitN(sc.Text(), ";", 2)[0])
		if len(fields) < 4 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		fen := strings.Join(fields[:4], " ")
		p, err := movegen.ParseFEN(fen)
		if err != nil {
			tb.Fatalf("%s: ParseFEN(%q): %v", path, fen, err)
		}
		ps = append(ps, p)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if len(ps) < 100 {
		tb.Fatalf("%s: read %d positions, want at least 100", path, len(ps))
	}
	return ps
}
