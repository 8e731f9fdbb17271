package search

import (
	"errors"
	"fmt"
	"strings"
)

// Tunable is one search constant an SPSA tuner may move (tunables.go): its
// name, which is also its UCI option's in the tune build, its default, its
// range, and OpenBench's c_end (the perturbation at the end of a run) and
// r_end (the learning rate at the end).
type Tunable struct {
	Name              string
	Default, Min, Max int
	CEnd, REnd        float64
}

// This file is both builds' code for the tunables; what differs between
// them is generated from tunables.go (TuneBuild and tunableVars, in
// tunables_tune.go and tunables_const.go), so nothing here is written twice.

// Tunables returns every tunable with its default and range, in
// tunables.go's order. Both builds have the table; only the tune build can
// change the values (SetTunable).
func Tunables() []Tunable {
	t := tunableTable
	return t[:]
}

// SPSA returns the tunable as a line of OpenBench's SPSA input,
// "name, int, default, min, max, c_end, r_end".
func (t Tunable) SPSA() string {
	return fmt.Sprintf("%s, int, %d, %d, %d, %g, %g", t.Name, t.Default, t.Min, t.Max, t.CEnd, t.REnd)
}

// tunableIndex returns the index in tunableTable of the tunable called
// name, without regard to case (as UCI option names are matched).
func tunableIndex(name string) (int, bool) {
	for i, t := range tunableTable {
		if strings.EqualFold(t.Name, name) {
			return i, true
		}
	}
	return 0, false
}

// SetTunable sets the tunable called name (without regard to case) to v,
// within its range, and rebuilds the tables derived from the tunables. It
// must not run during a search: the engine refuses the option while one
// runs. The normal build, where the tunables are constants, refuses it.
func SetTunable(name string, v int) error {
	if !TuneBuild {
		return errors.New("tunables are constants in this build; build with -tags tune to set " + name)
	}
	i, ok := tunableIndex(name)
	if !ok {
		return fmt.Errorf("no tunable %q", name)
	}
	if t := tunableTable[i]; v < t.Min || v > t.Max {
		return fmt.Errorf("%s: %d is outside %d..%d", t.Name, v, t.Min, t.Max)
	}
	*tunableVars[i] = v
	rebuildDerived()
	return nil
}

// TunableValue returns the current value of the tunable called name: in
// the normal build, always its default.
func TunableValue(name string) (int, bool) {
	i, ok := tunableIndex(name)
	if !ok {
		return 0, false
	}
	if !TuneBuild {
		return tunableTable[i].Default, true
	}
	return *tunableVars[i], true
}

// rebuildDerived rebuilds every table computed from tunables at start-up
// (only the tune build's SetTunable reaches it).
func rebuildDerived() {
	lmrReductions = buildLMR()
	stabilityScale = buildStabilityScale()
}
