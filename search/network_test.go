package search

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
)

// networkWalk plays random games from the perft suites (Chess960 ones
// included), preferring castling, en passant and promotions, and calls check
// on every position with its accumulator kept up to date move by move, as
// the search keeps it.
func networkWalk(t *testing.T, check func(p *movegen.Position, acc *nnue.Accumulator)) {
	t.Helper()
	net := nnue.DefaultNet()
	rng := rand.New(rand.NewPCG(31, 32))
	starts := append(loadEPD(t, "../testdata/perftsuite.epd"), loadEPD(t, "../testdata/fischer.epd")...)
	plies := 120
	if testing.Short() {
		plies = 30
	}
	var ml movegen.MoveList
	for _, start := range starts {
		p := start
		var acc nnue.Accumulator
		acc.Refresh(net, &p)
		for range plies {
			check(&p, &acc)
			ml.N = 0
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			m := ml.Moves[rng.IntN(ml.N)]
			for _, x := range ml.Slice() {
				if x.Kind() != movegen.Normal && rng.IntN(2) == 0 {
					m = x
				}
			}
			child := p
			child.MakeMove(m)
			var next nnue.Accumulator
			next.Update(net, &acc, &p, &child)
			p, acc = child, next
		}
	}
}

func TestNetworkEvaluateSymmetric(t *testing.T) {
	net := nnue.DefaultNet()
	networkWalk(t, func(p *movegen.Position, acc *nnue.Accumulator) {
		m := p.Mirrored()
		var macc nnue.Accumulator
		macc.Refresh(net, &m)
		if got, want := NetworkEvaluate(net, &m, &macc), NetworkEvaluate(net, p, acc); got != want {
			t.Fatalf("NetworkEvaluate(%q) = %d, want %d as for its mirror %q", m.String(), got, want, p.String())
		}
	})
}

// TestNetworkMobilityCount checks the network's mobility counts against
// counts made another way: movegen's QueenAttacks (a function of its own,
// not the rook and bishop lookups PieceAttacks combines) and the mobility
// area built square by square.
func TestNetworkMobilityCount(t *testing.T) {
	count := 0
	networkWalk(t, func(p *movegen.Position, _ *nnue.Accumulator) {
		var want nnue.Mobility
		occ := p.Occupied()
		for c := movegen.White; c <= movegen.Black; c++ {
			area := areaBySquare(p, c)
			for pt := movegen.Knight; pt <= movegen.Queen; pt++ {
				for b := p.Pieces(c, pt); b != 0; b &= b - 1 {
					s := b.First()
					var att movegen.Bitboard
					switch pt {
					case movegen.Knight:
						att = movegen.KnightAttacks(s)
					case movegen.Bishop:
						att = movegen.BishopAttacks(s, occ)
					case movegen.Rook:
						att = movegen.RookAttacks(s, occ)
					case movegen.Queen:
						att = movegen.QueenAttacks(s, occ)
					}
					want.Add(c, pt, (att & area).Count())
				}
			}
		}
		var got nnue.Mobility
		NetworkMobility(p, &got)
		if got != want {
			t.Fatalf("NetworkMobility(%q) = %v, want %v", p.String(), got.Features[:got.N], want.Features[:want.N])
		}
		count += got.N
	})
	if count == 0 {
		t.Error("no mobility feature was checked")
	}
}

// areaBySquare is c's mobility area found square by square: every square
// not holding a piece of c's and not attacked by an enemy pawn.
func areaBySquare(p *movegen.Position, c movegen.Color) movegen.Bitboard {
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
	return area
}

func TestNetworkEvaluateAllocatesNothing(t *testing.T) {
	net := nnue.DefaultNet()
	ps := loadEPD(t, "../testdata/wac.epd")
	accs := make([]nnue.Accumulator, len(ps))
	for i := range ps {
		accs[i].Refresh(net, &ps[i])
	}
	i := 0
	allocs := testing.AllocsPerRun(1000, func() {
		NetworkEvaluate(net, &ps[i%len(ps)], &accs[i%len(ps)])
		i++
	})
	if allocs != 0 {
		t.Errorf("NetworkEvaluate allocates %v times per call, want 0", allocs)
	}
}

func BenchmarkNetworkEvaluate(b *testing.B) {
	net := nnue.DefaultNet()
	ps := loadEPD(b, "../testdata/wac.epd")
	accs := make([]nnue.Accumulator, len(ps))
	for i := range ps {
		accs[i].Refresh(net, &ps[i])
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		NetworkEvaluate(net, &ps[i%len(ps)], &accs[i%len(ps)])
	}
}

// loadEPD reads the positions of an EPD file: the first four fields of each
// line (the perft suite's ";D1 ..." tail and WAC's "bm ..." are ignored).
func loadEPD(tb testing.TB, path string) []movegen.Position {
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
		p, err := movegen.ParseFEN(strings.Join(fields[:4], " "))
		if err != nil {
			tb.Fatalf("%s: %v", path, err)
		}
		ps = append(ps, p)
	}
	if err := sc.Err(); err != nil || len(ps) < 100 {
		tb.Fatalf("%s: read %d positions (%v), want at least 100", path, len(ps), err)
	}
	return ps
}
