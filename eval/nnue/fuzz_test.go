package nnue

import (
	"math/rand/v2"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// FuzzParse feeds the net-file reader arbitrary bytes: it must refuse them
// with an error or give a net that evaluates a position, never panic.
func FuzzParse(f *testing.F) {
	f.Add(testNetFile())
	f.Add(testNetFile()[:64])
	rng := rand.New(rand.NewPCG(5, 6))
	for _, mobility := range []bool{false, true} {
		b, err := randomBucketWeights(rng, mobility, MaxOutputBuckets).MarshalBinary()
		if err == nil {
			f.Add(b)
		}
	}
	pos := movegen.MustParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	f.Fuzz(func(t *testing.T, data []byte) {
		w, err := Parse(data)
		if err != nil {
			return
		}
		net, err := w.Network()
		if err != nil {
			return
		}
		var acc Accumulator
		acc.Refresh(net, &pos)
		net.EvaluatePosition(&pos, &acc)
	})
}
