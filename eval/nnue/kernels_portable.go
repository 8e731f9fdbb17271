//go:build !(amd64 || arm64) || purego

package nnue

import "github.com/sightline-chess/sightline/movegen"

// The kernels where there is no assembly for them (every platform but
// amd64 and arm64), and everywhere under -tags purego: the pure-Go path
// of lanes.go and network.go, which the assembly kernels equal bit for
// bit. Each is a plain call the compiler inlines, so this build pays
// nothing for the platform files' one shape.

// useSIMD is false: there are no SIMD kernels to choose. The tests read it
// (eachPath) to run the paths a build has.
var useSIMD = false

// addSub sets dst to src + a - s: a quiet move in one pass.
func addSub(dst, src, a, s *row) { addSubRow(dst, src, a, s) }

// addSubSub sets dst to src + a - s1 - s2: a capture in one pass.
func addSubSub(dst, src, a, s1, s2 *row) { addSubSubRow(dst, src, a, s1, s2) }

// addRowKernel sets dst to dst + a.
func addRowKernel(dst, a *row) { addRow(dst, a) }

// outputSum returns the output layer's sum over both views (network.go).
func (n *Network) outputSum(acc *Accumulator, us, them movegen.Color, mob *Mobility, b int) int64 {
	return n.outputSumLanes(acc, us, them, mob, b)
}
