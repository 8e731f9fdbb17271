//go:build !amd64 || purego

package nnue

// Other platforms (arm64 among them), and amd64 built with -tags purego,
// run the pure-Go path, whose results
// the amd64 kernels equal bit for bit (simd_amd64.go).

var useAVX2 = false

func viewAVX2(h, table *uint64, cols *uint16, n int, w *int16, lanes int) int64 {
	panic("nnue: no AVX2 kernels")
}
func addSubAVX2(dst, src, a, s *uint64, lanes int)         { panic("nnue: no AVX2 kernels") }
func addSubSubAVX2(dst, src, a, s1, s2 *uint64, lanes int) { panic("nnue: no AVX2 kernels") }
