//go:build searchcheck

package search

import (
	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
)

// checks is what the checking build counts in the search, for the tests
// that need to see inside it (singular_test.go); make test runs them with
// -tags searchcheck. The normal build's checks is empty (check_off.go).
type checks struct {
	// singularExts counts singular extensions: one increment per
	// extension, which a node does at most once.
	singularExts uint64
	// badAcc is the first position whose accumulator, when the net
	// evaluated it, differed from a refresh.
	badAcc string
}

// evaluated checks the accumulator the net is about to evaluate pos with
// against a refresh, noting the first that differs in badAcc: a make site
// that forgot its update would leave a stale one behind.
func (c *checks) evaluated(net *nnue.Network, pos *movegen.Position, acc *nnue.Accumulator) {
	var fresh nnue.Accumulator
	fresh.Refresh(net, pos)
	if fresh != *acc && c.badAcc == "" {
		c.badAcc = pos.String()
	}
}

// singularExtension notes one singular extension (negamax.go, step 8b).
func (c *checks) singularExtension() { c.singularExts++ }
