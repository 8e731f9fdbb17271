//go:build searchcheck

package search

import (
	"math/rand/v2"
	"testing"

	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
)

// TestNetAccumulatorsInSearch searches with the network while every
// accumulator the search evaluates is checked against a refresh (which the
// checking build does, check_on.go): a make
// site that forgot its update (root, null move, main search, quiescence)
// would leave a stale one behind. A horizontally mirrored net of random
// weights searches too: its accumulators are rebuilt, view by view, when a
// king crosses the d/e line.
func TestNetAccumulatorsInSearch(t *testing.T) {
	fens := []string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
		"rnbqkb1r/pp1p1ppp/4pn2/2pP4/8/2N5/PPP1PPPP/R1BQKBNR w KQkq c6 0 4",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	}
	depth := 7
	if testing.Short() {
		depth = 5
	}
	s := New(8)
	for _, net := range []*nnue.Network{nnue.DefaultNet(), randomMirroredNet(t)} {
		for _, fen := range fens {
			pos := movegen.MustParseFEN(fen)
			res := s.Search(pos, nil, Limits{Depth: depth}, Options{Net: net}, nil)
			if res.Best == movegen.NoMove {
				t.Fatalf("%s: no move", fen)
			}
			if bad := s.workers[0].check.badAcc; bad != "" {
				t.Fatalf("searching %s with net %s: the accumulator of %q differs from a refresh", fen, net.Name(), bad)
			}
		}
	}
}

// randomMirroredNet returns a horizontally mirrored net with mobility
// inputs and small random weights.
func randomMirroredNet(t *testing.T) *nnue.Network {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	w := &nnue.Weights{Mobility: true, Mirrored: true, Scale: 200, Name: "random-mirrored",
		Feature: make([][nnue.Hidden]int16, nnue.MaxInputs), Output: make([][2][nnue.Hidden]int16, 1), OutputBias: make([]int32, 1)}
	for i := range w.Feature {
		for j := range w.Feature[i] {
			w.Feature[i][j] = int16(rng.IntN(61) - 30)
		}
	}
	for v := range w.Output[0] {
		for j := range w.Output[0][v] {
			w.Output[0][v][j] = int16(rng.IntN(201) - 100)
		}
	}
	n, err := w.Network()
	if err != nil {
		t.Fatal(err)
	}
	return n
}
