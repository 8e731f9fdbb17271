package nnue

import (
	"math/rand/v2"
	"testing"
)

// eachPath runs f once for each arithmetic path this build can run on this
// machine: the SIMD kernels where it has them (kernels_simd.go), then the
// pure-Go path. The tests that compare against a reference or a refresh
// run through it, so both paths are held to the same results.
func eachPath(t *testing.T, f func(t *testing.T)) {
	saved := useSIMD
	defer func() { useSIMD = saved }()
	if saved {
		t.Run("simd", f)
	}
	useSIMD = false
	t.Run("pure Go", f)
}

// eachPathB is eachPath for benchmarks: name/simd, then name/pure Go.
func eachPathB(b *testing.B, name string, f func(b *testing.B)) {
	saved := useSIMD
	defer func() { useSIMD = saved }()
	if saved {
		b.Run(name+"/simd", f)
	}
	useSIMD = false
	b.Run(name+"/pure Go", f)
}

// TestRowKernelsMatchLanes checks the row kernels the update calls,
// addSub and addSubSub, against the pure-Go lane loops on random rows of
// Hidden lanes, on each path, with dst a row of its own and dst the same
// row as src (castling's second pass).
func TestRowKernelsMatchLanes(t *testing.T) {
	eachPath(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(25, 26))
		for trial := range 50 {
			var in [4]row
			for i := range in {
				for w := range in[i] {
					in[i][w] = rng.Uint64()
				}
			}
			var want2, want3, got row
			addSubRow(&want2, &in[0], &in[1], &in[2])
			addSubSubRow(&want3, &in[0], &in[1], &in[2], &in[3])
			addSub(&got, &in[0], &in[1], &in[2])
			if got != want2 {
				t.Fatalf("trial %d: addSub differs from addSubRow", trial)
			}
			addSubSub(&got, &in[0], &in[1], &in[2], &in[3])
			if got != want3 {
				t.Fatalf("trial %d: addSubSub differs from addSubSubRow", trial)
			}
			got = in[0]
			addSub(&got, &got, &in[1], &in[2])
			if got != want2 {
				t.Fatalf("trial %d: addSub in place differs from addSubRow", trial)
			}
			got = in[0]
			addSubSub(&got, &got, &in[1], &in[2], &in[3])
			if got != want3 {
				t.Fatalf("trial %d: addSubSub in place differs from addSubSubRow", trial)
			}
		}
	})
}
