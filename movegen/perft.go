package movegen

// Perft counts the leaf nodes of the legal move tree of p to depth plies, the
// standard test of a move generator. The last ply is counted in bulk: the
// number of legal moves is the number of children, so they are not played.
// It never uses a transposition table.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	if depth == 1 {
		return uint64(ml.N)
	}
	var nodes uint64
	for _, m := range ml.Slice() {
		child := *p
		child.MakeMove(m)
		nodes += Perft(&child, depth-1)
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
