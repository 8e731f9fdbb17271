package nnue

import "testing"

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
