package search

import (
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"strings"
	"sync/atomic"
	"unsafe"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

// ttEntry is one transposition-table slot: two 64-bit words written and read
// atomically, the first holding key XOR data. A reader that sees one word from
// one write and the other from another gets a key that does not match, so
// Lazy SMP threads share the table without locks and never trust a torn entry.
type ttEntry struct {
	check atomic.Uint64 // key ^ data
	data  atomic.Uint64
}

// ttBucketSize entries share one index: 4*16 bytes = one cache line.
const ttBucketSize = 4

type ttBucket [ttBucketSize]ttEntry

// ttData is an unpacked entry:
// bits 0-15 move, 16-31 score, 32-47 static eval, 48-55 depth, 56-57 bound,
// 58-62 generation, 63 the PV flag.
type ttData struct {
	move  movegen.Move
	score eval.Score
	eval  eval.Score
	depth int
	bound Bound
	// pv: the position was searched as a PV node, now or by an earlier
	// search that stored it (the "TT-PV" of Stockfish). Such positions
	// matter to the result, so the search reduces less in them.
	pv bool
}

const (
	ttBoundNone Bound = 3 // an empty slot; real bounds are Exact, Lower, Upper
	ttGenBits         = 5
	ttGenMask         = 1<<ttGenBits - 1
	ttPVBit           = 63
)

func packTT(m movegen.Move, score, ev eval.Score, depth int, b Bound, pv bool, gen uint8) uint64 {
	if depth < 0 {
		depth = 0
	}
	return uint64(m) | uint64(uint16(int16(score)))<<16 | uint64(uint16(int16(ev)))<<32 |
		uint64(uint8(depth))<<48 | uint64(b)<<56 | uint64(gen&ttGenMask)<<58 | uint64(boolToInt(pv))<<ttPVBit
}

func unpackTT(d uint64) ttData {
	return ttData{
		move:  movegen.Move(d),
		score: eval.Score(int16(d >> 16)),
		eval:  eval.Score(int16(d >> 32)),
		depth: int(uint8(d >> 48)),
		bound: Bound(d >> 56 & 3),
		pv:    d>>ttPVBit != 0,
	}
}

func ttGen(d uint64) uint8 { return uint8(d>>58) & ttGenMask }

// TT is the transposition table: a fixed array of buckets sized in megabytes,
// shared by all search threads. Its methods are safe for concurrent use;
// Resize and Clear must not run during a search.
type TT struct {
	buckets []ttBucket
	free    func() // gives buckets' memory back, where it was not the Go heap's
	gen     uint8  // bumped once per search, before threads start
}

// NewTT returns a table of about mb megabytes (at least one bucket).
func NewTT(mb int) *TT {
	t := &TT{}
	t.Resize(mb)
	// A table mapped apart from the Go heap (allocBuckets) is unmapped
	// when its TT is collected; nothing else holds its buckets.
	runtime.SetFinalizer(t, func(t *TT) {
		if t.free != nil {
			t.free()
		}
	})
	return t
}

// Resize replaces the table with an empty one of about mb megabytes. A size
// the runtime cannot allocate at all (more than the address space, or than
// int counts on a 32-bit machine) returns an error and keeps the old table.
// A size it can reserve but the machine cannot back is not caught here: Go
// dies of that without a chance to recover, so the engine caps the Hash
// option by the memory the process may use before calling this.
func (t *TT) Resize(mb int) (err error) {
	mb = max(mb, 1)
	// In 64 bits, so that mb<<20 cannot wrap on a 32-bit machine.
	if uint64(mb) > math.MaxUint64>>20 || uint64(mb)<<20/uint64(ttBucketBytes) > math.MaxInt {
		return fmt.Errorf("a %d MB table is more than this machine can address", mb)
	}
	buckets, free, err := allocBuckets(max(int(uint64(mb)<<20/uint64(ttBucketBytes)), 1))
	if err != nil {
		return fmt.Errorf("a %d MB table cannot be allocated: %w", mb, err)
	}
	if t.free != nil {
		t.free()
	}
	t.buckets, t.free = buckets, free
	return nil
}

// makeBuckets is make([]ttBucket, n) with the runtime's panic for a length
// it cannot allocate ("makeslice: len out of range", past the address
// space) turned into an error: the size comes from the user.
func makeBuckets(n int) (b []ttBucket, err error) {
	defer func() {
		if r := recover(); r != nil {
			re, ok := r.(runtime.Error)
			if !ok || !strings.Contains(re.Error(), "makeslice") {
				panic(r)
			}
			err = re
		}
	}()
	return make([]ttBucket, n), nil
}

// heapBuckets is makeBuckets in allocBuckets' form (ttalloc_*.go), with
// no function to free them: the collector does.
func heapBuckets(n int) ([]ttBucket, func(), error) {
	b, err := makeBuckets(n)
	return b, nil, err
}

// ttBucketBytes is the size in bytes of one bucket.
const ttBucketBytes = int(unsafe.Sizeof(ttBucket{}))

// Clear empties every slot.
// Not during a search: it writes without atomics, which is much faster.
func (t *TT) Clear() {
	clear(t.buckets)
	t.gen = 0
}

// NewSearch ages the table so that entries from earlier searches are the
// first to be replaced.
func (t *TT) NewSearch() { t.gen = (t.gen + 1) & ttGenMask }

// bucket returns the bucket of key: the high bits of key*len, which spreads
// keys over any table length, not just powers of two.
func (t *TT) bucket(key uint64) *ttBucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

// Prefetch starts bringing key's bucket into the cache. The search calls it
// as soon as a move is made, so that the child's Probe, after the
// accumulator update and the node's first checks, finds the bucket there:
// the table is far larger than the caches, and under pprof the probe's
// loads, waiting for memory, are among the search's costliest lines.
// bench runs 8% faster with it, the same nodes.
func (t *TT) Prefetch(key uint64) { prefetch(unsafe.Pointer(t.bucket(key))) }

// Probe returns the entry for key and whether one was found. Mate scores come
// back relative to the node at ply (see scoreFromTT).
func (t *TT) Probe(key uint64, ply int) (ttData, bool) {
	b := t.bucket(key)
	for i := range b {
		d := b[i].data.Load()
		if b[i].check.Load()^d == key && d != 0 {
			e := unpackTT(d)
			if e.bound == ttBoundNone {
				return ttData{}, false
			}
			e.score = scoreFromTT(e.score, ply)
			return e, true
		}
	}
	return ttData{}, false
}

// Store records a search result for key. It replaces, in order of
// preference: the slot of the same key, an empty slot, or the slot whose
// entry is shallowest and oldest. An existing deeper result for the same key
// survives a shallow non-exact one, and a known best move is kept when the
// new result has none.
func (t *TT) Store(key uint64, ply int, m movegen.Move, score, ev eval.Score, depth int, bnd Bound, pv bool) {
	b := t.bucket(key)
	victim := &b[0]
	worst := 1 << 30
	for i := range b {
		e := &b[i]
		d := e.data.Load()
		if d == 0 || e.check.Load()^d == key {
			if d != 0 {
				old := unpackTT(d)
				if m == movegen.NoMove {
					m = old.move
				}
				if bnd != Exact && ttGen(d) == t.gen && old.depth > depth+ttKeepDeeper {
					return
				}
			}
			victim = e
			break
		}
		// Worth of a slot: its depth, less a lot if from an older search.
		age := int((t.gen - ttGen(d)) & ttGenMask)
		if v := int(unpackTT(d).depth) - ttAgeWeight*age; v < worst {
			worst, victim = v, e
		}
	}
	d := packTT(m, scoreToTT(score, ply), ev, depth, bnd, pv, t.gen)
	victim.check.Store(key ^ d)
	victim.data.Store(d)
}

const (
	ttKeepDeeper = 3 // a same-key entry this much deeper is kept over a bound
	ttAgeWeight  = 8 // plies of depth one search of age is worth when replacing
)

// HashFull returns how full the table is in per mille, counting entries of
// the current search in the first thousand slots, as UCI's hashfull.
func (t *TT) HashFull() int {
	n, seen := 0, 0
	for i := 0; i < len(t.buckets) && seen < 1000; i++ {
		for j := range t.buckets[i] {
			d := t.buckets[i][j].data.Load()
			if d != 0 && ttGen(d) == t.gen {
				n++
			}
			seen++
		}
	}
	if seen == 0 {
		return 0
	}
	return n * 1000 / seen
}

// scoreToTT turns a mate or tablebase-win score relative to the root into
// one relative to the node at ply, so that a mate found via a transposition
// at another ply keeps its true distance.
func scoreToTT(s eval.Score, ply int) eval.Score {
	switch {
	case s >= tbWinBound:
		return s + eval.Score(ply)
	case s <= -tbWinBound:
		return s - eval.Score(ply)
	}
	return s
}

// scoreFromTT undoes scoreToTT for a node at ply.
func scoreFromTT(s eval.Score, ply int) eval.Score {
	switch {
	case s >= tbWinBound:
		return s - eval.Score(ply)
	case s <= -tbWinBound:
		return s + eval.Score(ply)
	}
	return s
}
