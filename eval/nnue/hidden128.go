//go:build hidden128

package nnue

// Hidden is the number of first-layer neurons per view: 128 in this build
// (-tags hidden128), 256 in the default one (hidden.go has the whole
// story). It runs and trains nets of that width, the width of generations
// 1-10.
const Hidden = 128

// defaultNetFile is empty: this build embeds no net (nets.go,
// ErrNoEmbeddedNet), since no build ships this width; its tests write
// random nets of it. Its net comes from a file of at most this width
// (EvalFile, -net FILE). Without one the engine searches with the
// hand-written evaluation and says "UseNNUE needs EvalFile" (an info string
// before each go and bench, and in "d"), `sightline bench` benches the
// hand-written evaluation with a note, and `datagen -nnue` is refused.
var defaultNetFile []byte
