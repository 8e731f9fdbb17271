//go:build tune

package search

import (
	"fmt"
	"strings"
)

// TuneBuild reports whether this is the tune build, whose tunables are
// variables set through SetTunable (UCI options) rather than constants.
const TuneBuild = true

// SetTunable sets the tunable called name (without regard to case) to v,
// within its range, and rebuilds the tables derived from the tunables. It
// must not run during a search: the engine refuses the option while one
// runs.
func SetTunable(name string, v int) error {
	for i, t := range tunableTable {
		if !strings.EqualFold(t.Name, name) {
			continue
		}
		if v < t.Min || v > t.Max {
			return fmt.Errorf("%s: %d is outside %d..%d", t.Name, v, t.Min, t.Max)
		}
		*tunableVars[i] = v
		rebuildDerived()
		return nil
	}
	return fmt.Errorf("no tunable %q", name)
}

// TunableValue returns the current value of the tunable called name.
func TunableValue(name string) (int, bool) {
	for i, t := range tunableTable {
		if strings.EqualFold(t.Name, name) {
			return *tunableVars[i], true
		}
	}
	return 0, false
}

// rebuildDerived rebuilds every table computed from tunables at start-up.
func rebuildDerived() {
	lmrReductions = buildLMR()
	stabilityScale = buildStabilityScale()
}
