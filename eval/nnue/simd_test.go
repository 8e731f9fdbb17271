//go:build (amd64 || arm64) && !purego

package nnue

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// kernelWidths are the row widths the kernel tests run at: every case of
// their blocks of 128 lanes and steps of 16 (none, one or several of each),
// and the build's own.
var kernelWidths = []int{16, 48, 112, 128, 144, 240, 256, 272, 384, 400, Hidden}

// randomLanes fills x with any int16 values, or mostly ones within the
// activation's range.
func randomLanes(rng *rand.Rand, x []int16, small bool) {
	for j := range x {
		x[j] = int16(rng.Uint32())
		if small {
			x[j] %= 600
		}
	}
}

// packLanes packs int16 lanes four to a word, as packRow does.
func packLanes(x []int16) []uint64 {
	p := make([]uint64, len(x)/4)
	for w := range p {
		p[w] = uint64(uint16(x[4*w])) | uint64(uint16(x[4*w+1]))<<16 |
			uint64(uint16(x[4*w+2]))<<32 | uint64(uint16(x[4*w+3]))<<48
	}
	return p
}

// TestViewKernelWrapsAsInt16 feeds the SIMD view kernel rows of any int16
// values, so that lane sums wrap, at many widths, and compares it with the
// same sum done lane by lane in int16 and int64.
func TestViewKernelWrapsAsInt16(t *testing.T) {
	if !useSIMD {
		t.Skip("no SIMD kernels on this machine")
	}
	rng := rand.New(rand.NewPCG(21, 22))
	for _, lanes := range kernelWidths {
		for trial := range 100 {
			var rows [MaxMobilityPieces + 1][]int16
			var packed [MaxMobilityPieces + 1][]uint64
			for i := range rows {
				rows[i] = make([]int16, lanes)
				randomLanes(rng, rows[i], trial%2 == 0)
				packed[i] = packLanes(rows[i])
			}
			w := make([]int16, lanes)
			for j := range w {
				w[j] = int16(rng.IntN(2*MaxOutputWeight+1) - MaxOutputWeight)
			}
			if trial%10 == 0 {
				// The largest sum there can be, past what an int32 holds
				// from 130 lanes on.
				for j := range w {
					rows[0][j], w[j] = QA, MaxOutputWeight
				}
				packed[0] = packLanes(rows[0])
			}
			n := rng.IntN(MaxMobilityPieces + 1)
			if trial%10 == 0 {
				n = 0
			}
			// The table: rows 1 on, one after another; columns drawn from
			// it by number, some more than once.
			var table []uint64
			for _, r := range packed[1:] {
				table = append(table, r...)
			}
			var cols [MaxMobilityPieces]uint16
			for i := range n {
				cols[i] = uint16(rng.IntN(MaxMobilityPieces))
			}
			var want int64
			for j := range lanes {
				h := rows[0][j]
				for i := range n {
					h += rows[cols[i]+1][j]
				}
				v := min(max(int64(h), 0), QA)
				want += v * v / 2 * int64(w[j])
			}
			if got := viewSIMD(&packed[0][0], &table[0], &cols[0], n, &w[0], lanes); got != want {
				t.Fatalf("%d lanes, trial %d, %d columns: viewSIMD = %d, want %d", lanes, trial, n, got, want)
			}
		}
	}
}

// TestUpdateKernelsWrapAsInt16 checks the SIMD update kernels against plain
// int16 arithmetic at many widths, on values that wrap, and that they write
// no lane past the row.
func TestUpdateKernelsWrapAsInt16(t *testing.T) {
	if !useSIMD {
		t.Skip("no SIMD kernels on this machine")
	}
	rng := rand.New(rand.NewPCG(23, 24))
	for _, lanes := range kernelWidths {
		for trial := range 20 {
			var in [4][]int16
			var packed [4][]uint64
			for i := range in {
				in[i] = make([]int16, lanes)
				randomLanes(rng, in[i], false)
				packed[i] = packLanes(in[i])
			}
			want2, want3 := make([]int16, lanes), make([]int16, lanes)
			for j := range lanes {
				want2[j] = in[0][j] + in[1][j] - in[2][j]
				want3[j] = in[0][j] + in[1][j] - in[2][j] - in[3][j]
			}
			// One word more than the row, which must stay as it is.
			const guard = 0x5a5a_5a5a_5a5a_5a5a
			dst := make([]uint64, lanes/4+1)
			dst[lanes/4] = guard
			addSubSIMD(&dst[0], &packed[0][0], &packed[1][0], &packed[2][0], lanes)
			if got := dst[:lanes/4]; !slices.Equal(got, packLanes(want2)) || dst[lanes/4] != guard {
				t.Fatalf("%d lanes, trial %d: addSubSIMD differs from int16 arithmetic", lanes, trial)
			}
			addSubSubSIMD(&dst[0], &packed[0][0], &packed[1][0], &packed[2][0], &packed[3][0], lanes)
			if got := dst[:lanes/4]; !slices.Equal(got, packLanes(want3)) || dst[lanes/4] != guard {
				t.Fatalf("%d lanes, trial %d: addSubSubSIMD differs from int16 arithmetic", lanes, trial)
			}
		}
	}
}
