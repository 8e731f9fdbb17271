//go:build !searchcheck

package search

import (
	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
)

// checks is what the checking build (-tags searchcheck, check_on.go) counts
// in the search for the tests. In the normal build it is empty and its
// methods do nothing, so the worker carries no test-only state and the
// search pays nothing for it.
type checks struct{}

// singularExtension notes one singular extension (negamax.go, step 8b).
func (*checks) singularExtension() {}

// evaluated checks an accumulator the net is about to evaluate with
// (check_on.go).
func (*checks) evaluated(*nnue.Network, *movegen.Position, *nnue.Accumulator) {}
