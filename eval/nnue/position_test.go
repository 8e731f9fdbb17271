package nnue

import (
	"math/rand/v2"
	"testing"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

func TestEvaluatePositionSymmetric(t *testing.T) {
	net := testNet()
	walk(t, func(p *movegen.Position, acc *Accumulator) {
		m := p.Mirrored()
		var macc Accumulator
		macc.Refresh(net, &m)
		if got, want := net.EvaluatePosition(&m, &macc), net.EvaluatePosition(p, acc); got != want {
			t.Fatalf("EvaluatePosition(%q) = %d, want %d as for its mirror %q", m.String(), got, want, p.String())
		}
	})
}

// TestCountMobility checks the network's mobility counts against
// counts made another way: movegen's QueenAttacks (a function of its own,
// not the rook and bishop lookups PieceAttacks combines) and the mobility
// area built square by square.
func TestCountMobility(t *testing.T) {
	count := 0
	walk(t, func(p *movegen.Position, _ *Accumulator) {
		var want Mobility
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
		var got Mobility
		CountMobility(p, &got)
		if got != want {
			t.Fatalf("CountMobility(%q) = %v, want %v", p.String(), got.Features[:got.N], want.Features[:want.N])
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

// TestEvaluatePositionTable: with a mobility table, EvaluatePosition sums
// the table as it counts; that must equal Evaluate on CountMobility's list,
// for both sides to move, on both kernels.
func TestEvaluatePositionTable(t *testing.T) {
	eachPath(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(41, 42))
		w := withRandomTable(rng, randomBucketWeights(rng, false, MaxOutputBuckets), 3*QA*QB)
		net, err := w.Network()
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for _, p := range loadFENs(t, "../../testdata/wac.epd") {
			for _, side := range []bool{false, true} {
				if side {
					if p.InCheck() {
						continue
					}
					p.MakeNullMove() // the other side to move
				}
				var acc Accumulator
				acc.Refresh(net, &p)
				var mob Mobility
				CountMobility(&p, &mob)
				want := eval.ClampEval(eval.Score(net.Evaluate(&acc, p.SideToMove(), &mob, p.Occupied().Count())))
				if got := net.EvaluatePosition(&p, &acc); got != want {
					t.Fatalf("%s: EvaluatePosition = %d, Evaluate on the counted features = %d", p.String(), got, want)
				}
				if mob.N > 0 {
					checked++
				}
			}
		}
		if checked == 0 {
			t.Error("no position with a mobility feature was checked")
		}
	})
}

func TestEvaluatePositionAllocatesNothing(t *testing.T) {
	net := testNet()
	ps := loadFENs(t, "../../testdata/wac.epd")
	accs := make([]Accumulator, len(ps))
	for i := range ps {
		accs[i].Refresh(net, &ps[i])
	}
	i := 0
	allocs := testing.AllocsPerRun(1000, func() {
		net.EvaluatePosition(&ps[i%len(ps)], &accs[i%len(ps)])
		i++
	})
	if allocs != 0 {
		t.Errorf("EvaluatePosition allocates %v times per call, want 0", allocs)
	}
}

func BenchmarkEvaluatePosition(b *testing.B) {
	net := testNet()
	ps := loadFENs(b, "../../testdata/wac.epd")
	accs := make([]Accumulator, len(ps))
	for i := range ps {
		accs[i].Refresh(net, &ps[i])
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		net.EvaluatePosition(&ps[i%len(ps)], &accs[i%len(ps)])
	}
}
