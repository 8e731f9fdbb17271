//go:build amd64 && !purego

package nnuetrain

import "golang.org/x/sys/cpu"

// useAVX2 selects the AVX2 kernels of rows.go; tests turn it off to run
// the Go loops on the same machine.
var useAVX2 = cpu.X86.HasAVX2 && H%64 == 0

// sumRowsAVX2 adds to h[0:width] the rows p[f*width : f*width+width] for
// the n features f at feats, 64 lanes at a time in eight registers.
//
//go:noescape
func sumRowsAVX2(h, p *float32, feats *uint16, n, width int)

// addToRowsAVX2 adds d[0:width] to rows[f*width : f*width+width] for
// the n features f at feats.
//
//go:noescape
func addToRowsAVX2(rows *float32, feats *uint16, n int, d *float32, width int)
