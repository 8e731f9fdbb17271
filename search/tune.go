package search

import "fmt"

// Tunable is one search constant an SPSA tuner may move (tunables.go): its
// name, which is also its UCI option's in the tune build, its default, its
// range, and OpenBench's c_end (the perturbation at the end of a run) and
// r_end (the learning rate at the end).
type Tunable struct {
	Name              string
	Default, Min, Max int
	CEnd, REnd        float64
}

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
