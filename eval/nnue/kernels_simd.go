//go:build (amd64 || arm64) && !purego

package nnue

import "github.com/sightline-chess/sightline/movegen"

// The kernels where assembly has them: AVX2 on amd64 (simd_amd64.s), NEON
// on arm64 (simd_arm64.s). Each takes the SIMD path when useSIMD, which the
// platform's file sets once at start-up (simd_amd64.go: whether the
// processor has AVX2; simd_arm64.go: always), and the pure-Go path of
// lanes.go and network.go otherwise: the row kernels test it at their
// assembly entry and jump to the Go function with the same arguments,
// outputSum at its top. So the callers (Update, Evaluate) have one path on
// every platform, the choice is made here alone, and it costs no call: the
// caller calls the assembly as it did when it tested the processor itself,
// and the test of a variable that never changes after init is predicted
// every time.

// addSub sets dst to src + a - s: a quiet move in one pass.
//
//go:noescape
func addSub(dst, src, a, s *row)

// addSubSub sets dst to src + a - s1 - s2: a capture in one pass.
//
//go:noescape
func addSubSub(dst, src, a, s1, s2 *row)

// zeroRow is the row addRowKernel subtracts.
var zeroRow row

// addRowKernel sets dst to dst + a through the addSub kernel (less a row
// of zeros): a refresh's thirty-odd row additions, each in several times
// fewer instructions than lanes.go's addRow (refreshView's share of
// bench 7 fell from 12% to 2% with AVX2).
func addRowKernel(dst, a *row) { addSub(dst, dst, a, &zeroRow) }

// The row kernels' bodies at any width, lanes int16 lanes (a positive
// multiple of 16) to a row, for the tests (simd_test.go).
//
//go:noescape
func addSubSIMD(dst, src, a, s *uint64, lanes int)

//go:noescape
func addSubSubSIMD(dst, src, a, s1, s2 *uint64, lanes int)

// viewSIMD returns Σ ⌊clamp(x, 0, QA)²/2⌋ × w over the lanes x of h plus
// the n rows of table numbered cols[0..n-1] (h itself is left as it is);
// h, each row and w have lanes int16 lanes. Rows by number, not by
// pointer: the net's mobility features are the numbers, so the caller
// builds no list of pointers per evaluation.
//
//go:noescape
func viewSIMD(h, table *uint64, cols *uint16, n int, w *int16, lanes int) int64

// outputSum returns the output layer's sum over the views us and them in
// output bucket b (network.go). The SIMD path adds the mobility columns
// (unbiased: the kernel's lanes wrap as int16 does) in registers, and the
// activation and output sum follow there too. The kernel takes the
// columns by number from the first mobility column on: White's view
// numbers them as they are stored, Black's swaps the colour blocks.
func (n *Network) outputSum(acc *Accumulator, us, them movegen.Color, mob *Mobility, b int) int64 {
	if !useSIMD {
		return n.outputSumLanes(acc, us, them, mob, b)
	}
	k := 0
	if n.mobility {
		k = mob.N
	}
	var swapped [MaxMobilityPieces]uint16
	for i, f := range mob.Features[:k] {
		swapped[i] = uint16(MobilityFeature(movegen.Black, f) - PieceSquareInputs)
	}
	cols := [2]*uint16{movegen.White: &mob.Features[0], movegen.Black: &swapped[0]}
	columns := &n.mobilityWeights[0][0]
	return viewSIMD(&acc.v[us][0], columns, cols[us], k, &n.outputWeights16[b][0][0], Hidden) +
		viewSIMD(&acc.v[them][0], columns, cols[them], k, &n.outputWeights16[b][1][0], Hidden)
}
