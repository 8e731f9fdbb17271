//go:build !amd64 || purego

package nnuetrain

// Without AVX2 kernels the first layer runs as the Go loops of rows.go.
var useAVX2 = false

func sumRowsAVX2(h, p *float32, feats *uint16, n, width int) { panic("nnuetrain: no AVX2 kernels") }

func addToRowsAVX2(rows *float32, feats *uint16, n int, d *float32, width int) {
	panic("nnuetrain: no AVX2 kernels")
}
