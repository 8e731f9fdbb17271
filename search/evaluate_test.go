package search

import (
	"testing"

	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
)

// TestNetSearchDiffers checks that Options.Net reaches the evaluation: a
// search with the net must not be the hand-written search node for node.
func TestNetSearchDiffers(t *testing.T) {
	pos := movegen.MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	hand := New(8).Search(pos, nil, Limits{Depth: 6}, Options{}, nil)
	net := New(8).Search(pos, nil, Limits{Depth: 6}, Options{Net: nnue.DefaultNet()}, nil)
	if hand.Nodes == net.Nodes && hand.Score == net.Score {
		t.Errorf("the search with the net searched %d nodes and scored %d, as without: is the net used?", net.Nodes, net.Score)
	}
}

// TestNetWithThreads searches with the network on two threads: they share
// the read-only net and keep their own accumulators (make test-race runs
// it under the race detector).
func TestNetWithThreads(t *testing.T) {
	pos := movegen.MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	s := New(8)
	res := s.Search(pos, nil, Limits{Depth: 7}, Options{Threads: 2, Net: nnue.DefaultNet()}, nil)
	if !isLegal(pos.String(), res.Best) {
		t.Errorf("two threads with the net played %v, not a legal move", res.Best)
	}
}
