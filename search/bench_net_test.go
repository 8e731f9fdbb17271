package search

import (
	"testing"

	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
)

// BenchmarkSearchNet is BenchmarkSearch evaluating with the embedded net.
func BenchmarkSearchNet(b *testing.B) {
	pos := movegen.MustParseFEN("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10")
	s := New(16)
	net := nnue.DefaultNet()
	b.ReportAllocs()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		s.Clear()
		nodes += s.Search(pos, nil, Limits{Depth: 11}, Options{Threads: 1, Net: net}, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nps")
}
