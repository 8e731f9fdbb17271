//go:build hidden512

package nnue

import _ "embed" // the default net ships inside the binary

// Hidden is the number of first-layer neurons per view: 512 in this build
// (-tags hidden512), 256 in the default one (hidden.go has the whole
// story). Its net, g11x, beat g10w at equal nodes but not on the clock,
// where the width costs speed (docs/nnue-log.md, "Round 3, generation
// 11"); the build is here to train and play it.
const Hidden = 512

// defaultNetFile is the best 512-neuron net, since narrower builds cannot
// run it. docs/nnue-log.md has its recipe.
//
//go:embed nets/g11x-512-mob-b8.nnue
var defaultNetFile []byte
