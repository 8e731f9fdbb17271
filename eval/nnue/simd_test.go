package nnue

import (
	"math/rand/v2"
	"testing"
)

// eachPath runs f once for each arithmetic path this machine can run: the
// AVX2 kernels where the processor has them, then the pure-Go path. The
// tests that compare against a reference or a refresh run through it, so
// both paths are held to the same results.
func eachPath(t *testing.T, f func(t *testing.T)) {
	saved := useAVX2
	defer func() { useAVX2 = saved }()
	if saved {
		useAVX2 = true
		t.Run("avx2", f)
	}
	useAVX2 = false
	t.Run("pure Go", f)
}

// eachPathB is eachPath for benchmarks: name/avx2, then name/pure Go.
func eachPathB(b *testing.B, name string, f func(b *testing.B)) {
	saved := useAVX2
	defer func() { useAVX2 = saved }()
	if saved {
		useAVX2 = true
		b.Run(name+"/avx2", f)
	}
	useAVX2 = false
	b.Run(name+"/pure Go", f)
}

// TestViewKernelWrapsAsInt16 feeds the AVX2 view kernel rows of any int16
// values, so that lane sums wrap, and compares it with the same sum done
// lane by lane in int16 and int32.
func TestViewKernelWrapsAsInt16(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 on this machine")
	}
	rng := rand.New(rand.NewPCG(21, 22))
	var rows [MaxMobilityPieces + 1]row
	var w [Hidden]int16
	for trial := range 200 {
		for i := range rows {
			var lanes [Hidden]int16
			for j := range lanes {
				lanes[j] = int16(rng.Uint32())
				if trial%2 == 0 {
					lanes[j] %= 600 // mostly within the clamp's range
				}
			}
			packRow(&rows[i], &lanes)
		}
		for j := range w {
			w[j] = int16(rng.IntN(2*maxOutputWeight+1) - maxOutputWeight)
		}
		n := rng.IntN(MaxMobilityPieces + 1)
		var cols [MaxMobilityPieces]*row
		for i := range n {
			cols[i] = &rows[i+1]
		}
		var want int32
		var h, c [Hidden]int16
		unpackRow(&h, &rows[0])
		for i := range n {
			unpackRow(&c, cols[i])
			for j := range h {
				h[j] += c[j]
			}
		}
		for j, x := range h {
			v := min(max(int32(x), 0), QA)
			want += v * v * int32(w[j])
		}
		if got := viewAVX2(&rows[0], &cols[0], n, &w); got != want {
			t.Fatalf("trial %d, %d columns: viewAVX2 = %d, want %d", trial, n, got, want)
		}
	}
}
