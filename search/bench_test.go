package search

import (
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// BenchmarkSearch searches a middlegame to a fixed depth from a cleared
// table; nodes/op and allocs/op are the numbers to watch.
func BenchmarkSearch(b *testing.B) {
	pos := movegen.MustParseFEN("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10")
	s := New(16)
	b.ReportAllocs()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		s.Clear()
		nodes += s.Search(pos, nil, Limits{Depth: 10}, Options{Threads: 1}, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nps")
}
