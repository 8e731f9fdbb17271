package nnue

import (
	"fmt"
	"sync"
)

// ErrNoEmbeddedNet is DefaultNet's reason for nil: the width variants
// (-tags hidden128, hidden512) embed no net, so that git carries no net of
// a width no build ships. Such a build evaluates with a net only from a
// file of at most its width.
var ErrNoEmbeddedNet = fmt.Errorf("this build embeds no net of its width, %d hidden neurons", Hidden)

// defaultNet parses defaultNetFile, the embedded net's bytes, which are
// declared beside Hidden (hidden.go, hidden128.go, hidden512.go): the
// default width ships its best net; the others none.
var defaultNet = sync.OnceValue(func() *Network {
	if defaultNetFile == nil {
		return nil
	}
	n, err := Load(defaultNetFile)
	if err != nil {
		// A build with a broken embedded net is a programmer's slip; a test
		// loads it, so it never ships.
		panic(fmt.Sprintf("nnue: the embedded net: %v", err))
	}
	return n
})

// DefaultNet returns the embedded network, parsed once; read-only. It is
// nil in a build that embeds none (ErrNoEmbeddedNet): a caller then
// evaluates with the hand-written evaluation and says so, or refuses with
// that error, and never dereferences it.
func DefaultNet() *Network { return defaultNet() }
