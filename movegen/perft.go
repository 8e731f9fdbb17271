package movegen

import "sync/atomic"

// MaxPerftDepth is the deepest Perft counts, far beyond anything that
// finishes; a deeper request counts this many plies. The perft EPD reader
// (ParsePerftCase) refuses deeper counts, so that no line can be checked
// against a count of fewer plies than it names.
const MaxPerftDepth = 32

// Perft counts the leaf nodes of the legal move tree of p to depth plies
// (at most MaxPerftDepth), the standard test of a move generator. The last
// ply is counted in bulk: the number of legal moves is the number of
// children, so they are not played. It never uses a transposition table,
// and it does not allocate.
func Perft(p *Position, depth int) uint64 {
	nodes, _ := PerftUntil(p, depth, nil)
	return nodes
}

// stopCheckHeight is how far above the leaves PerftUntil looks at its stop
// flag: at these nodes only, which are few enough to cost nothing
// measurable, while the subtree between two looks is small enough to count
// in well under a millisecond.
const stopCheckHeight = 3

// PerftUntil is Perft that gives up as soon as stop (if not nil) is set. It
// reports whether the count is whole: false when stop was set during the
// count, whose result then undercounts.
func PerftUntil(p *Position, depth int, stop *atomic.Bool) (uint64, bool) {
	if depth <= 0 {
		return 1, true
	}
	// Children live in one array indexed by ply rather than in locals of the
	// recursive call, which escape analysis would move to the heap.
	var stack [MaxPerftDepth + 1]Position
	stack[0] = *p
	nodes := perft(&stack, 0, min(depth, MaxPerftDepth), stop)
	return nodes, stop == nil || !stop.Load()
}

func perft(stack *[MaxPerftDepth + 1]Position, ply, depth int, stop *atomic.Bool) uint64 {
	p := &stack[ply]
	var ml MoveList
	if depth == 1 {
		return uint64(p.CountLegal())
	}
	if depth >= stopCheckHeight && stop != nil && stop.Load() {
		return 0
	}
	p.GenerateLegal(&ml)
	child := &stack[ply+1]
	var nodes uint64
	for _, m := range ml.Slice() {
		*child = *p
		child.MakeMove(m)
		nodes += perft(stack, ply+1, depth-1, stop)
	}
	return nodes
}

// DivideEntry is one root move's share of a perft count.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count below each root move, in generation order,
// for finding where two move generators disagree.
func Divide(p *Position, depth int) []DivideEntry {
	var ml MoveList
	p.GenerateLegal(&ml)
	out := make([]DivideEntry, 0, ml.N)
	for _, m := range ml.Slice() {
		child := *p
		child.MakeMove(m)
		out = append(out, DivideEntry{m, Perft(&child, depth-1)})
	}
	return out
}
