//go:build !tune

package search

import (
	"errors"
	"strings"
)

// TuneBuild reports whether this is the tune build, whose tunables are
// variables set through SetTunable (UCI options) rather than constants.
const TuneBuild = false

// SetTunable fails in the normal build, where the tunables are constants.
func SetTunable(name string, v int) error {
	return errors.New("tunables are constants in this build; build with -tags tune to set " + name)
}

// TunableValue returns the value of the tunable called name: in this
// build, always its default.
func TunableValue(name string) (int, bool) {
	for _, t := range tunableTable {
		if strings.EqualFold(t.Name, name) {
			return t.Default, true
		}
	}
	return 0, false
}
