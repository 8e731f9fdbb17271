//go:build amd64 && !purego

package nnue

import "golang.org/x/sys/cpu"

// On amd64 the output layer and the accumulator updates run as AVX2 kernels
// (simd_amd64.s, declared in kernels_simd.go) when the processor and the
// operating system have AVX2: sixteen int16 lanes to an instruction
// instead of the pure-Go path's four to a word. They give the same results
// bit for bit (lanes wrap modulo 2^16, sums are exact), which the tests
// check by running both paths on the same nets and positions. Go does not
// vectorise loops itself, and the output layer was a fifth of the search's
// time.
//
// The kernels work through a row in blocks of 128 lanes, eight 32-byte
// registers, while they last, then sixteen lanes at a time, so any
// positive multiple of 16 lanes works; the tests run them at many widths.

// useSIMD selects the AVX2 kernels, set once here: a processor without
// AVX2 runs the pure-Go path. Tests turn it off to run that path on the
// same machine.
var useSIMD = cpu.X86.HasAVX2
