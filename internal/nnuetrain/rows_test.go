package nnuetrain

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The AVX2 kernels give the Go loops' floats bit for bit, repeated
// features included.
func TestRowKernelsMatchGo(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2 kernels on this machine or build")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	p := make([]float32, 50*H)
	for i := range p {
		p[i] = float32(rng.NormFloat64())
	}
	for _, feats := range [][]uint16{{7}, {0, 49, 3, 3, 12}, {5, 9, 9, 9, 40, 41, 42, 1, 0, 48}} {
		var a, b, d [H]float32
		for j := range a {
			a[j] = float32(rng.NormFloat64())
			d[j] = float32(rng.NormFloat64()) / 3
		}
		b = a
		sumRows(&a, p, feats)
		sumRowsGo(&b, p, feats)
		if a != b {
			t.Errorf("sumRows(%v): the kernel's sums differ from the loop's", feats)
		}
		g1, g2 := slices.Clone(p), slices.Clone(p)
		addToRows(g1, feats, &d)
		addToRowsGo(g2, feats, &d)
		if !slices.Equal(g1, g2) {
			t.Errorf("addToRows(%v): the kernel's rows differ from the loop's", feats)
		}
	}
}
