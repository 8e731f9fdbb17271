package search

import (
	"math"
	"testing"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

func TestTTPackRoundTrip(t *testing.T) {
	m := movegen.NewMove(movegen.Square(12), movegen.Square(28))
	for _, tc := range []struct {
		score, ev eval.Score
		depth     int
		bound     Bound
		pv        bool
	}{
		{0, 0, 0, Exact, false},
		{-31990, 250, 17, Lower, true},
		{31990, -900, 127, Upper, true},
		{-1, noEvalSeen, 1, Exact, false},
	} {
		d := packTT(m, tc.score, tc.ev, tc.depth, tc.bound, tc.pv, 5)
		got := unpackTT(d)
		want := ttData{move: m, score: tc.score, eval: tc.ev, depth: tc.depth, bound: tc.bound, pv: tc.pv}
		if got != want || ttGen(d) != 5 {
			t.Errorf("unpackTT(packTT(%+v)) = %+v gen %d, want %+v gen 5", want, got, ttGen(d), want)
		}
	}
}

func TestTTStoreProbe(t *testing.T) {
	tt := NewTT(1)
	tt.NewSearch()
	key := uint64(0x9d39247e33776d41)
	m := movegen.NewMove(movegen.Square(1), movegen.Square(18))
	if _, ok := tt.Probe(key, 0); ok {
		t.Fatalf("Probe on an empty table found an entry")
	}
	// A mate in 5 plies from the root found at ply 3 is stored as mate in 2
	// from that node, and read back at ply 7 as mate in 9 from the root.
	tt.Store(key, 3, m, mateScore-5, 40, 6, Lower, true)
	e, ok := tt.Probe(key, 7)
	if !ok || e.move != m || e.depth != 6 || e.bound != Lower || e.eval != 40 || !e.pv {
		t.Fatalf("Probe = %+v, %v; want move %v depth 6 Lower eval 40 pv", e, ok, m)
	}
	if want := mateScore - 9; e.score != want {
		t.Errorf("Probe(ply 7).score = %d, want %d", e.score, want)
	}
	if _, ok := tt.Probe(key^1, 0); ok {
		t.Errorf("Probe of another key found an entry")
	}
	// A shallower store without a move keeps the best move.
	tt.Store(key, 0, movegen.NoMove, 10, 40, 7, Exact, false)
	if e, _ := tt.Probe(key, 0); e.move != m || e.depth != 7 || e.pv {
		t.Errorf("after a store without a move: %+v, want move %v depth 7, not pv", e, m)
	}
	if hf := tt.HashFull(); hf < 0 || hf > 1000 {
		t.Errorf("HashFull() = %d, want 0..1000", hf)
	}
	tt.Clear()
	if _, ok := tt.Probe(key, 0); ok {
		t.Errorf("Probe after Clear found an entry")
	}
}

func TestHashFull(t *testing.T) {
	tt := NewTT(1)
	tt.NewSearch()
	for i := uint64(1); i < 200000; i++ {
		tt.Store(i*0x9E3779B97F4A7C15, 0, movegen.NoMove, 1, 1, 1, Exact, false)
	}
	if hf := tt.HashFull(); hf < 900 {
		t.Errorf("HashFull() after filling = %d, want >= 900", hf)
	}
	tt.NewSearch()
	if hf := tt.HashFull(); hf != 0 {
		t.Errorf("HashFull() after NewSearch = %d, want 0 (entries of older searches do not count)", hf)
	}
}

// TestTTBucketIsCacheLine checks what the table's speed rests on: one probe
// reads one bucket, and a bucket fills one 64-byte cache line.
func TestTTBucketIsCacheLine(t *testing.T) {
	if ttBucketBytes != 64 {
		t.Errorf("a bucket is %d bytes, want 64 (one cache line)", ttBucketBytes)
	}
}

// Prefetch is only a hint: whatever the key, it neither panics nor changes
// what the table answers.
func TestTTPrefetchChangesNothing(t *testing.T) {
	tt := NewTT(1)
	m := movegen.NewMove(movegen.Square(12), movegen.Square(28))
	tt.Store(0x1234_5678_9abc_def0, 0, m, 40, 10, 7, Exact, false)
	for _, key := range []uint64{0, 1, 0x1234_5678_9abc_def0, 1<<63 | 1, ^uint64(0)} {
		tt.Prefetch(key)
	}
	e, ok := tt.Probe(0x1234_5678_9abc_def0, 0)
	if !ok || e.move != m || e.score != 40 || e.depth != 7 {
		t.Errorf("after prefetches, Probe = %+v, %v; want the stored entry", e, ok)
	}
	if _, ok := tt.Probe(^uint64(0), 0); ok {
		t.Error("a prefetched key that was never stored is found")
	}
}

// TestTTResizeImpossible asks for tables the runtime cannot allocate at all:
// past the address space (the runtime's makeslice panic, recovered) and past
// what a 64-bit count of bytes holds. Each is an error that keeps the old
// table and what it held, as the Hash option promises.
func TestTTResizeImpossible(t *testing.T) {
	for _, mb := range []int{1 << 30, math.MaxInt >> 10, math.MaxInt} {
		tt := NewTT(1)
		tt.NewSearch()
		key := uint64(0x9d39247e33776d41)
		m := movegen.NewMove(movegen.Square(1), movegen.Square(18))
		tt.Store(key, 0, m, 10, 40, 6, Exact, false)
		n := len(tt.buckets)
		if err := tt.Resize(mb); err == nil {
			t.Errorf("Resize(%d) = nil, want an error", mb)
		}
		if len(tt.buckets) != n {
			t.Errorf("after Resize(%d) failed, %d buckets, want the old %d", mb, len(tt.buckets), n)
		}
		if e, ok := tt.Probe(key, 0); !ok || e.move != m {
			t.Errorf("after Resize(%d) failed, Probe = %+v, %v; want the stored entry", mb, e, ok)
		}
	}
}
