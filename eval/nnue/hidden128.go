//go:build hidden128

package nnue

import _ "embed" // the default net ships inside the binary

// Hidden is the number of first-layer neurons per view: 128 in this build
// (-tags hidden128), 256 in the default one (hidden.go has the whole
// story). It runs the narrow nets faster, and trains them.
const Hidden = 128

// defaultNetFile is the best 128-neuron net, since this build cannot run
// the default build's 256-neuron one. docs/nnue-log.md has its recipe.
//
//go:embed nets/g10a-mob-b8.nnue
var defaultNetFile []byte
