//go:build !hidden128 && !hidden512

package nnue

import _ "embed" // the default net ships inside the binary

// Hidden is the number of first-layer neurons per view: 256 in the default
// build. It is the one number the whole package follows (the rows, the
// SIMD kernels, the file format); a build with -tags hidden128 makes it
// 128 instead (hidden128.go), the width of generations 1-10, and one with
// -tags hidden512 makes it 512 (hidden512.go), to train and try a narrower
// or wider net without editing code. Another width is one more such file:
// any multiple of 16 works (features.go checks it at compile time).
//
// A build reads net files of its own width and of any narrower one, which
// Parse widens with neurons that change nothing (docs/nnue.md), so every
// 128-neuron net runs in this build and scores as it did.
const Hidden = 256

// defaultNetFile is the network the engine ships with, so that it works
// with no file beside it; it is this width's, since a build refuses a net
// wider than itself. docs/nnue-log.md has its recipe: data, training
// command, losses.
//
//go:embed nets/g23a-256-mob-kb7-b8.nnue
var defaultNetFile []byte
