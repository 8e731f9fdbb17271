package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// coefficientPositions returns a few thousand varied positions: the WAC
// and perft suites, Chess960 starts, and random playouts from them that
// reach promotions, bare kings and every phase, with both sides to move.
func coefficientPositions(t *testing.T) []movegen.Position {
	var ps []movegen.Position
	for _, path := range []string{"../testdata/wac.epd", "../testdata/perftsuite.epd", "../testdata/fischer.epd"} {
		ps = append(ps, loadFENs(t, path)...)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	starts := loadFENs(t, "../testdata/perftsuite.epd")
	var ml movegen.MoveList
	for _, start := range starts {
		p := start
		for i := 0; i < 120; i++ {
			ml.N = 0
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			p.MakeMove(ml.Moves[rng.IntN(ml.N)])
			if i%4 == 0 {
				ps = append(ps, p)
			}
		}
	}
	return ps
}

func TestCoefficientsReproduceEvaluate(t *testing.T) {
	w := CurrentWeights()
	var buf []Coef
	seen := map[uint16]bool{}
	ps := coefficientPositions(t)
	if len(ps) < 2000 {
		t.Fatalf("%d positions, want at least 2000", len(ps))
	}
	danger := 0
	for i := range ps {
		p := &ps[i]
		co, score := ExtractCoefficients(p, buf)
		buf = co.Coefs
		if want := Evaluate(p); score != want {
			t.Fatalf("ExtractCoefficients(%q) scored %d, want Evaluate's %d", p.String(), score, want)
		}
		if got, want := co.EvaluateWith(&w), Evaluate(p); got != want {
			t.Fatalf("EvaluateWith(current weights) of %q = %d, want Evaluate's %d", p.String(), got, want)
		}
		for _, c := range co.Coefs {
			seen[c.Pair] = true
		}
		if co.KingUnits != [2]int32{} {
			danger++
		}
	}
	// Every kind of term showed up, so each hook was checked against a
	// nonzero weight somewhere.
	for _, pair := range []int{pairMaterial + 5, pairKnightMobility, pairBishopMobility + 7, pairRookMobility + 5,
		pairQueenMobility + 10, pairKingMobility + 3, pairBlockedPawn, pairIsolatedPawn, pairDoubledPawn,
		pairPassedPawn + 5, pairPassedEnemyKing, pairPassedOwnKing, pairKingDangerEG, pairKingShieldNear,
		pairKingShieldFar, pairKingOpenFile, pairBishopPair, pairRookOpenFile, pairRookSemiOpenFile, pairTempo} {
		if !seen[uint16(pair)] {
			t.Errorf("weight pair %d never had a coefficient in %d positions", pair, len(ps))
		}
	}
	if danger == 0 {
		t.Errorf("no position had king danger units")
	}
}

func TestWeightGroupsCoverEveryPair(t *testing.T) {
	covered := make([]int, NumPairs)
	for _, g := range WeightGroups() {
		if len(g.MG) != len(g.EG) {
			t.Errorf("group %s/%s: %d middlegame values, %d endgame", g.MGName, g.EGName, len(g.MG), len(g.EG))
		}
		for i := range g.MG {
			covered[g.Start+i]++
		}
	}
	for i, n := range covered {
		if n != 1 {
			t.Errorf("pair %d is in %d weight groups, want 1", i, n)
		}
	}
}

// The tuner changes one weight and expects the score to move by the
// coefficient times the change: a linear model, checked here on one weight of
// each half.
func TestEvaluateWithIsLinear(t *testing.T) {
	p := movegen.MustParseFEN("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5")
	co, _ := ExtractCoefficients(&p, nil)
	w := CurrentWeights()
	base := co.EvaluateWith(&w)
	w.MG[pairMaterial+int(movegen.Pawn)] += 24 // phase is 24 here: all middlegame
	if got, want := co.EvaluateWith(&w), base; got != want {
		t.Errorf("equal pawns: a pawn's value moved the score from %d to %d", want, got)
	}
	w.MG[pairTempo] += 24
	if got, want := co.EvaluateWith(&w), base+24; got != want {
		t.Errorf("tempo +24 in the middlegame: score %d, want %d", got, want)
	}
}
