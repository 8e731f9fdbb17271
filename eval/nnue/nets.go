package nnue

import (
	_ "embed" // the default net ships inside the binary
	"fmt"
	"sync"
)

// The network the engine ships with, so that it works with no file beside
// it. docs/nnue-log.md has its recipe: data, training command, losses.
//
//go:embed nets/g10a-mob-b8.nnue
var defaultNetFile []byte

var defaultNet = sync.OnceValue(func() *Network {
	n, err := Load(defaultNetFile)
	if err != nil {
		// A build with a broken embedded net is a programmer's slip; a test
		// loads it, so it never ships.
		panic(fmt.Sprintf("nnue: the embedded net: %v", err))
	}
	return n
})

// DefaultNet returns the embedded network, parsed once; read-only.
func DefaultNet() *Network { return defaultNet() }
