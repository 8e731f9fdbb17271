package engine

import (
	"fmt"
	"strconv"

	"github.com/sightline-chess/sightline/search"
)

// tunableSpecs returns the search's tunables as spin options, named as in
// search/tunables.go, in the tune build (go build -tags tune), where an
// SPSA tuner such as OpenBench or cmd/spsa sets them; none in the normal
// build, where they are constants and a GUI has no business with them.
func tunableSpecs() []OptionSpec {
	if !search.TuneBuild {
		return nil
	}
	ts := search.Tunables()
	specs := make([]OptionSpec, len(ts))
	for i, t := range ts {
		specs[i] = OptionSpec{Name: t.Name, Kind: Spin, Default: strconv.Itoa(t.Default), Min: t.Min, Max: t.Max}
	}
	return specs
}

// setTunableLocked sets a tunable's option: a value outside its range is
// refused, as for every spin option, and so is any value while a job runs,
// whose threads read the tunables (and the tables built from them) without
// a lock.
func (e *Engine) setTunableLocked(spec OptionSpec, value string) error {
	n, err := spec.parseSpin(value)
	if err != nil {
		return err
	}
	if e.busyLocked() {
		return fmt.Errorf("option %s: %w", spec.Name, busy(e.run))
	}
	return search.SetTunable(spec.Name, n)
}
