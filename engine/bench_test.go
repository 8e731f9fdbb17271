package engine

import (
	"testing"
	"time"
)

// The bench's node counts: the engine's fingerprint. A change to the search,
// the evaluation, move generation or the bench itself that alters them must
// update them here and say "Bench: N" (the BenchDepth count) in its commit
// message, so that no change to what the engine does goes unnoticed.
const (
	benchFingerprint = 4704592 // at BenchDepth
	// shortBenchDepth and its count stand in for the full bench under
	// -short (the race detector's run, make test-race), where the full
	// bench would take minutes.
	shortBenchDepth       = 7
	shortBenchFingerprint = 246766
)

// TestBenchFingerprint runs the bench at its normal depth (a few seconds of
// CPU) and checks the node count; under -short it checks the count of a
// shallower bench instead.
func TestBenchFingerprint(t *testing.T) {
	depth, want := BenchDepth, uint64(benchFingerprint)
	if testing.Short() {
		depth, want = shortBenchDepth, shortBenchFingerprint
	}
	r := Bench(depth, nil)
	t.Logf("bench %d: %v in %v", depth, r, r.Elapsed.Round(time.Millisecond))
	if r.Nodes != want {
		t.Errorf("Bench(%d) = %d nodes, want %d: if the change is meant, update the fingerprint here and quote \"Bench: N\" in the commit message", depth, r.Nodes, want)
	}
}
