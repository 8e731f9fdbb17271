//go:build hidden512

package nnue

// Hidden is the number of first-layer neurons per view: 512 in this build
// (-tags hidden512), 256 in the default one (hidden.go has the whole
// story). Its first net, g11x, beat g10w at equal nodes but not on the
// clock, where the width costs speed (docs/nnue-log.md, "Round 3,
// generation 11"); the build is here to train and play nets of that width.
const Hidden = 512

// defaultNetFile is empty: this build embeds no net (nets.go,
// ErrNoEmbeddedNet), since no build ships this width; its tests write
// random nets of it. Its net comes from a file of at most this width
// (EvalFile, -net FILE). Without one the engine searches with the
// hand-written evaluation and says "UseNNUE needs EvalFile" (an info string
// before each go and bench, and in "d"), `sightline bench` benches the
// hand-written evaluation with a note, and `datagen -nnue` is refused.
var defaultNetFile []byte
