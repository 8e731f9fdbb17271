package engine

import (
	"strconv"

	"github.com/sightline-chess/sightline/search"
)

// tunableOptions returns the search's tunables as spin options, named as in
// search/tunables.go, in the tune build (go build -tags tune), where an
// SPSA tuner such as OpenBench or cmd/spsa sets them; none in the normal
// build, where they are constants and a GUI has no business with them. A
// value outside a tunable's range is refused, as for every spin option, and
// so is any value while a job runs, whose threads read the tunables (and
// the tables built from them) without a lock. A value is set only once the
// last search's helper threads have stopped, as the hash table is resized:
// they may still be searching when the search's outcome has been reported.
func tunableOptions() []OptionSpec {
	if !search.TuneBuild {
		return nil
	}
	ts := search.Tunables()
	opts := make([]OptionSpec, len(ts))
	for i, t := range ts {
		opts[i] = OptionSpec{Name: t.Name, Kind: Spin, Default: strconv.Itoa(t.Default), Min: t.Min, Max: t.Max, idle: true,
			apply: func(e *Engine, v optionValue) (string, error) {
				e.searcher.WaitHelpers()
				return "", search.SetTunable(t.Name, v.num)
			}}
	}
	return opts
}
