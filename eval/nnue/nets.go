package nnue

import (
	"fmt"
	"sync"
)

// defaultNet parses defaultNetFile, the embedded net's bytes, which are
// declared beside Hidden (hidden.go, hidden128.go, hidden512.go): each
// width ships the best net of its own.
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
