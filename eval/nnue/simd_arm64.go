//go:build arm64 && !purego

package nnue

// On arm64 the output layer and the accumulator updates run as NEON kernels
// (simd_arm64.s, declared in kernels_simd.go): eight int16 lanes to an
// instruction instead of the pure-Go path's four to a word, with the
// activation's clamp, square and multiply-add done in registers that Go's
// SWAR lanes can only do one lane at a time. They give the same results
// bit for bit as the pure-Go path and the AVX2 kernels, which the tests
// check on random rows at many widths and by running both paths on the
// same nets and positions.

// useSIMD selects the NEON kernels. Every arm64 processor has NEON
// (Advanced SIMD is part of ARMv8-A, which Go requires), so it is on;
// tests turn it off to run the pure-Go path on the same machine.
var useSIMD = true
