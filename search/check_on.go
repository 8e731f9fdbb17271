//go:build searchcheck

package search

// checks is what the checking build counts in the search, for the tests
// that need to see inside it (singular_test.go); make test runs them with
// -tags searchcheck. The normal build's checks is empty (check_off.go).
type checks struct {
	// singularExts counts singular extensions: one increment per
	// extension, which a node does at most once.
	singularExts uint64
}

// singularExtension notes one singular extension (negamax.go, step 8b).
func (c *checks) singularExtension() { c.singularExts++ }
