package engine

import (
	"testing"
	"time"

	"github.com/sightline-chess/sightline/eval/nnue"
)

// The bench's node counts: the engine's fingerprint. A change to the search,
// the evaluation, move generation or the bench itself that alters them must
// update them here and say "Bench: N" (the BenchDepth count) in its commit
// message, so that no change to what the engine does goes unnoticed.
//
// The engine evaluates with the embedded net by default, so Bench's count is
// the net's; the hand-written evaluation, still an option, has a count of its
// own, checked too. The counts are the default build's (256 hidden neurons,
// g23a embedded); a build of another width embeds another net.
const (
	benchHidden                 = 256
	benchFingerprint            = 2483825 // at BenchDepth, the embedded net
	handWrittenBenchFingerprint = 3256848 // at BenchDepth, the hand-written evaluation
	// shortBenchDepth and its counts stand in for the full bench under
	// -short (the race detector's run, make test-race), where the full
	// bench would take minutes.
	shortBenchDepth                  = 7
	shortBenchFingerprint            = 252394
	shortHandWrittenBenchFingerprint = 239839
)

// TestBenchFingerprint runs the bench at its normal depth (a few seconds of
// CPU) with each evaluation and checks the node counts; under -short it
// checks the counts of a shallower bench instead.
func TestBenchFingerprint(t *testing.T) {
	if nnue.Hidden != benchHidden {
		t.Skipf("the fingerprints are those of the %d-neuron build, this one has %d", benchHidden, nnue.Hidden)
	}
	depth, want, wantHandWritten := BenchDepth, uint64(benchFingerprint), uint64(handWrittenBenchFingerprint)
	if testing.Short() {
		depth, want, wantHandWritten = shortBenchDepth, shortBenchFingerprint, shortHandWrittenBenchFingerprint
	}
	r := Bench(depth, nil)
	t.Logf("bench %d: %v in %v", depth, r, r.Elapsed.Round(time.Millisecond))
	if r.Nodes != want {
		t.Errorf("Bench(%d) = %d nodes, want %d: if the change is meant, update the fingerprint here and quote \"Bench: N\" in the commit message", depth, r.Nodes, want)
	}
	r = BenchNet(depth, nil, nil)
	t.Logf("bench %d, hand-written: %v in %v", depth, r, r.Elapsed.Round(time.Millisecond))
	if r.Nodes != wantHandWritten {
		t.Errorf("BenchNet(%d, nil) = %d nodes, want %d: if the change to the hand-written evaluation's search is meant, update the count here", depth, r.Nodes, wantHandWritten)
	}
}
