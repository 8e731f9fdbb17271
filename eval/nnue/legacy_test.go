package nnue

import (
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// legacyFile writes w as a file of QB 64, as nets were written before QB
// was 256: its output weights must lie within ±127.
func legacyFile(w *Weights) []byte {
	b := w.marshal()
	binary.LittleEndian.PutUint16(b[14:], legacyQB)
	binary.LittleEndian.PutUint64(b[56:], fileHash(b))
	return b
}

// legacyEvaluate is what a build of QB 64 made of the net w (weights of
// that QB): Σ a² × w exactly, without the half square's rounding.
func legacyEvaluate(w *Weights, stm movegen.Color, active [2][]int, pieces int) int32 {
	h, b := referenceHidden(w, Hidden, stm, active, pieces)
	var sum int64
	for v := range h {
		for j, x := range h[v] {
			a := min(max(int64(x), 0), QA)
			sum += a * a * int64(w.Output[b][v][j])
		}
	}
	return int32((sum/QA + int64(w.OutputBias[b])) * int64(w.Scale) / (QA * legacyQB))
}

func TestParseScalesLegacyQB(t *testing.T) {
	eachPath(t, testParseScalesLegacyQB)
}

// testParseScalesLegacyQB reads nets written with QB 64: their output
// weights and biases come back four times larger, and they score every
// position as a QB 64 build did, but for the rounding of odd squares
// (a centipawn at most on these nets).
func testParseScalesLegacyQB(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, buckets := range []int{1, MaxOutputBuckets} {
		w := randomBucketWeights(rng, true, buckets)
		for b := range w.Output {
			for v := range w.Output[b] {
				for j := range w.Output[b][v] {
					w.Output[b][v][j] = int16(rng.IntN(255) - 127)
				}
			}
		}
		w.Output[0][0][0], w.Output[0][1][1] = 127, -127
		scaled, err := Parse(legacyFile(w))
		if err != nil {
			t.Fatalf("%d buckets: Parse of a QB 64 net: %v", buckets, err)
		}
		for b := range w.Output {
			for v := range w.Output[b] {
				for j, x := range w.Output[b][v] {
					if got := scaled.Output[b][v][j]; got != 4*x {
						t.Fatalf("%d buckets: output weight [%d][%d][%d] %d read as %d, want %d", buckets, b, v, j, x, got, 4*x)
					}
				}
			}
			if got, want := scaled.OutputBias[b], 4*w.OutputBias[b]; got != want {
				t.Errorf("%d buckets: output bias %d read as %d, want %d", buckets, w.OutputBias[b], got, want)
			}
		}
		net, err := scaled.Network()
		if err != nil {
			t.Fatal(err)
		}
		worst := 0
		evalTestFENs(t, rng, net, true, func(_ string, stm movegen.Color, got int32, active [2][]int, pieces int) {
			want := legacyEvaluate(w, stm, active, pieces)
			worst = max(worst, int(got-want), int(want-got))
		})
		if worst > 1 {
			t.Errorf("%d buckets: the QB 64 net read and scaled is up to %d cp from what a QB 64 build made of it, want 1 at most", buckets, worst)
		}
	}
}

func TestParseRefusesLegacyOutOfRange(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	w := randomWeights(rng, true)
	for j := range w.Output[0][0] {
		w.Output[0][0][j] = 0
		w.Output[0][1][j] = 0
	}
	w.Output[0][1][7] = 128
	if _, err := Parse(legacyFile(w)); err == nil || !strings.Contains(err.Error(), "output weight 128 is outside ±127") {
		t.Errorf("a QB 64 net with an output weight of 128: Parse = %v, want an error that names it", err)
	}
	w.Output[0][1][7] = 0
	w.OutputBias[0] = 1 << 30
	if _, err := Parse(legacyFile(w)); err == nil || !strings.Contains(err.Error(), "output bias") {
		t.Errorf("a QB 64 net with an output bias of 2^30: Parse = %v, want an error that names it", err)
	}
}
