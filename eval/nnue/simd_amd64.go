//go:build amd64 && !purego

package nnue

import "golang.org/x/sys/cpu"

// On amd64 the output layer and the accumulator updates run as AVX2 kernels
// (simd_amd64.s) when the processor and the operating system have AVX2:
// sixteen int16 lanes to an instruction instead of the pure-Go path's four
// to a word. They give the same results bit for bit (lanes wrap modulo
// 2^16, sums are exact), which the tests check by running both paths on
// the same nets and positions. Go does not vectorise loops itself, and the
// output layer was a fifth of the search's time.
//
// The kernels take a row as a pointer to its first word and its number of
// lanes, any positive multiple of 16 (the callers pass Hidden): they work
// through it in blocks of 128 lanes, eight 32-byte registers, while they
// last, then sixteen lanes at a time. The tests run them at many widths
// in any build.

// useAVX2 selects the AVX2 kernels; tests turn it off to run the pure-Go
// path on the same machine.
var useAVX2 = cpu.X86.HasAVX2

// viewAVX2 returns Σ ⌊clamp(x, 0, QA)²/2⌋ × w over the lanes x of h plus
// the n rows of table numbered cols[0..n-1] (h itself is left as it is);
// h, each row and w have lanes int16 lanes. Rows by number, not by
// pointer: the net's mobility features are the numbers, so the caller
// builds no list of pointers per evaluation.
//
//go:noescape
func viewAVX2(h, table *uint64, cols *uint16, n int, w *int16, lanes int) int64

// addSubAVX2 sets dst to src + a - s, rows of lanes int16 lanes.
//
//go:noescape
func addSubAVX2(dst, src, a, s *uint64, lanes int)

// addSubSubAVX2 sets dst to src + a - s1 - s2, rows of lanes int16 lanes.
//
//go:noescape
func addSubSubAVX2(dst, src, a, s1, s2 *uint64, lanes int)
