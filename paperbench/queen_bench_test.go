package paperbench

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
	"github.com/sightline-chess/sightline/movegen/sliders"
)

// The queen-attack benchmark of docs/paper.md: one query per op, cycling
// through pre-generated random (square, occupancy) pairs so that no method
// gets to look up the same entry over and over.

// queryCount is the number of pre-generated queries, a power of two.
const queryCount = 1 << 12

// queries holds the benchmark's questions in separate arrays, so that a
// method that needs no rotated boards does not stream them through its cache.
type queries struct {
	square [queryCount]movegen.Square
	occ    [queryCount]movegen.Bitboard
	rot    [queryCount]sliders.RotatedBoards // occ rotated, as the paper precomputed
}

// newQueries draws boards of 2 to 32 pieces on distinct squares, the queen
// standing on one of them, as in a game.
func newQueries() *queries { return newQueriesOf(2, 32) }

// newQueriesOf draws boards of lo to hi pieces, the queen on one of them.
func newQueriesOf(lo, hi int) *queries {
	rng := rand.New(rand.NewPCG(11, 12))
	q := new(queries)
	for i := range queryCount {
		perm := rng.Perm(64)[:lo+rng.IntN(hi-lo+1)]
		var occ movegen.Bitboard
		for _, s := range perm {
			occ |= movegen.Square(s).Bitboard()
		}
		q.square[i], q.occ[i], q.rot[i] = movegen.Square(perm[0]), occ, sliders.Rotate(uint64(occ))
	}
	return q
}

// benchSink keeps the compiler from dropping the lookups.
var benchSink uint64

// cpuTimer reports, beside Go's wall-clock ns/op, the benchmark thread's CPU
// time per op ("cpu-ns/op"): on a shared machine the wall clock also counts
// the time the thread spent descheduled. Call the returned func after the loop.
func cpuTimer(b *testing.B) (stop func()) {
	runtime.LockOSThread()
	start := CPUClock.now()
	return func() {
		elapsed := CPUClock.now() - start
		runtime.UnlockOSThread()
		if threadCPUTimeWorks() {
			b.ReportMetric(float64(elapsed.Nanoseconds())/float64(b.N), "cpu-ns/op")
		}
	}
}

func BenchmarkQueenAttacks(b *testing.B) {
	q := newQueries()
	maps := newPaperMaps()
	magic := sliders.NewMagic()
	rotated := sliders.NewRotatedTables()
	b.Run("flat", func(b *testing.B) {
		var sink movegen.Bitboard
		defer cpuTimer(b)()
		for i := range b.N {
			j := i & (queryCount - 1)
			sink ^= movegen.QueenAttacks(q.square[j], q.occ[j])
		}
		benchSink = uint64(sink)
	})
	// movegen.QueenAttacks is too big for Go to inline; the move generator
	// calls RookAttacks and BishopAttacks, which inline. This shows both.
	// Magic's QueenAttacks inlines; rotated is called as rook | bishop, which
	// inline, so that every table method is timed inlined.
	b.Run("flat-inlined", func(b *testing.B) { flatInlinedQueens(b, q) })
	b.Run("maps", func(b *testing.B) {
		var sink movegen.Bitboard
		defer cpuTimer(b)()
		for i := range b.N {
			j := i & (queryCount - 1)
			sink ^= maps.rookAttacks(q.square[j], q.occ[j]) | maps.bishopAttacks(q.square[j], q.occ[j])
		}
		benchSink = uint64(sink)
	})
	b.Run("magic", func(b *testing.B) { magicQueens(b, q, magic) })
	b.Run("rotated", func(b *testing.B) {
		var sink uint64
		defer cpuTimer(b)()
		for i := range b.N {
			j := i & (queryCount - 1)
			sink ^= rotated.RookAttacks(int(q.square[j]), &q.rot[j]) | rotated.BishopAttacks(int(q.square[j]), &q.rot[j])
		}
		benchSink = sink
	})
	b.Run("classical", func(b *testing.B) {
		var sink uint64
		defer cpuTimer(b)()
		for i := range b.N {
			j := i & (queryCount - 1)
			sink ^= sliders.ClassicalQueenAttacks(int(q.square[j]), uint64(q.occ[j]))
		}
		benchSink = sink
	})
}

// BenchmarkQueenByPieces runs the direct-lookup and magic queen queries on
// boards of a fixed number of pieces. It is the evidence for docs/paper.md's
// account of the query cost: direct lookup's time grows with the pieces, and
// so with the table entries the queries reach, while magic's does not move.
// The figures are in docs/paper.md.
func BenchmarkQueenByPieces(b *testing.B) {
	magic := sliders.NewMagic()
	for _, n := range []int{2, 4, 8, 16, 32} {
		q := newQueriesOf(n, n)
		b.Run(fmt.Sprintf("flat-inlined/pieces=%d", n), func(b *testing.B) { flatInlinedQueens(b, q) })
		b.Run(fmt.Sprintf("magic/pieces=%d", n), func(b *testing.B) { magicQueens(b, q, magic) })
	}
}

// BenchmarkQueenBySquares keeps BenchmarkQueenAttacks' random boards but
// puts the queen on only 1, 4, 16 or all 64 squares (evenly spread, each
// added to the board): with fewer squares, direct lookup reads fewer of its
// rows, at most 32 KiB of them for 16 squares.
func BenchmarkQueenBySquares(b *testing.B) {
	magic := sliders.NewMagic()
	for _, k := range []int{1, 4, 16, 64} {
		q := newQueries()
		for i := range q.square {
			q.square[i] = movegen.Square(int(q.square[i]) % k * (64 / k))
			q.occ[i] |= q.square[i].Bitboard()
		}
		b.Run(fmt.Sprintf("flat-inlined/squares=%d", k), func(b *testing.B) { flatInlinedQueens(b, q) })
		b.Run(fmt.Sprintf("magic/squares=%d", k), func(b *testing.B) { magicQueens(b, q, magic) })
	}
}

// flatInlinedQueens times direct-lookup queen queries on q in the form the
// move generator uses, RookAttacks | BishopAttacks, both inlined. It is a
// plain function called from each b.Run closure: a helper that returned the
// closure was itself inlined, and Go then compiled the closure's two lookups
// as calls.
func flatInlinedQueens(b *testing.B, q *queries) {
	var sink movegen.Bitboard
	defer cpuTimer(b)()
	for i := range b.N {
		j := i & (queryCount - 1)
		sink ^= movegen.RookAttacks(q.square[j], q.occ[j]) | movegen.BishopAttacks(q.square[j], q.occ[j])
	}
	benchSink = uint64(sink)
}

// magicQueens times fancy-magic queen queries on q (QueenAttacks inlines).
func magicQueens(b *testing.B, q *queries, magic *sliders.Magic) {
	var sink uint64
	defer cpuTimer(b)()
	for i := range b.N {
		j := i & (queryCount - 1)
		sink ^= magic.QueenAttacks(int(q.square[j]), uint64(q.occ[j]))
	}
	benchSink = sink
}

// BenchmarkGenerate times one position's legal move generation, cycling
// through the ECM positions, with each method's stencilled generator, and
// with the generic one called directly for the flat tables: the price of
// Go's dictionary calls that the stencils avoid.
func BenchmarkGenerate(b *testing.B) {
	positions := readTestEPD(b, "ecm.epd")
	boards := make([]board, len(positions))
	for i := range positions {
		boards[i] = newBoard(&positions[i])
	}
	var ml movegen.MoveList
	for _, m := range Methods() {
		b.Run(m.Key, func(b *testing.B) {
			for i := range b.N {
				ml.N = 0
				m.generate(&boards[i%len(boards)], &ml)
			}
		})
	}
	b.Run("flat-generic", func(b *testing.B) {
		for i := range b.N {
			ml.N = 0
			generateLegal(flatMethod{}, &boards[i%len(boards)], &ml)
		}
	})
}
