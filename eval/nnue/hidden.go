//go:build !hidden256

package nnue

// Hidden is the number of first-layer neurons per view: 128 in the default
// build. It is the one number the whole package follows (the rows, the
// AVX2 kernels, the file format); a build with -tags hidden256 makes it
// 256 instead (hidden256.go), to train and try a wider net without editing
// code. Another width is one more such file: any multiple of 16 works
// (features.go checks it at compile time).
//
// A build reads net files of its own width and of any narrower one, which
// Parse widens with neurons that change nothing (docs/nnue.md), so the
// embedded 128-neuron net runs in every build.
const Hidden = 128
