//go:build hidden256

package nnue

// Hidden is the number of first-layer neurons per view: 256 in this build
// (-tags hidden256), 128 in the default one (hidden.go has the whole
// story). The embedded 128-neuron net is widened on load and evaluates
// exactly as it does at 128.
const Hidden = 256
