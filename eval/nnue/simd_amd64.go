//go:build amd64 && !purego

package nnue

import "golang.org/x/sys/cpu"

// On amd64 the output layer and the accumulator updates run as AVX2 kernels
// (simd_amd64.s) when the processor and the operating system have AVX2:
// sixteen int16 lanes to an instruction instead of the pure-Go path's four
// to a word. They give the same results bit for bit (lanes wrap modulo
// 2^16, sums are exact int32), which the tests check by running both paths
// on the same nets and positions. Go does not vectorise loops itself, and
// the output layer was a fifth of the search's time.

// useAVX2 selects the AVX2 kernels; tests turn it off to run the pure-Go
// path on the same machine.
var useAVX2 = cpu.X86.HasAVX2

// The kernels hold a row in eight 32-byte registers.
const _ = uint(Hidden - 128)
const _ = uint(128 - Hidden)

// viewAVX2 returns Σ clamp(x, 0, QA)² × w over the lanes x of h plus the
// n rows cols[0..n-1] (h itself is left as it is).
//
//go:noescape
func viewAVX2(h *row, cols **row, n int, w *[Hidden]int16) int32

// addSubAVX2 sets dst to src + a - s.
//
//go:noescape
func addSubAVX2(dst, src, a, s *row)

// addSubSubAVX2 sets dst to src + a - s1 - s2.
//
//go:noescape
func addSubSubAVX2(dst, src, a, s1, s2 *row)
