package nnue

import "github.com/sightline-chess/sightline/movegen"

// Accumulator holds, for each view (indexed by colour), the first layer's
// sums over the piece-square features: bias plus the columns of every
// piece on the board. The search keeps one per ply and builds each from
// its parent's (Update), so a move costs a few row additions instead of
// thirty.
type Accumulator struct {
	v [2]row
	// persp is each view's perspective (kingbuckets.go), which its sums
	// were built in: always the zero one for a net that is neither
	// mirrored nor bucketed.
	persp [2]perspective
}

// Refresh computes a from scratch for position p.
func (a *Accumulator) Refresh(n *Network, p *movegen.Position) {
	for view := movegen.White; view <= movegen.Black; view++ {
		a.refreshView(n, p, view, n.perspective(p, view))
	}
}

// refreshView computes view's sums from scratch for position p in
// perspective persp: each feature XORed with its flip (mirror.go), read
// from its king bucket's columns (kingbuckets.go).
func (a *Accumulator) refreshView(n *Network, p *movegen.Position, view movegen.Color, persp perspective) {
	a.persp[view] = persp
	a.v[view] = n.featureBias
	w := &n.psqWeights[persp.bucket]
	for b := p.Occupied(); b != 0; b &= b - 1 {
		s := b.First()
		addRowKernel(&a.v[view], &w[PieceFeature(view, p.PieceOn(s), s)^persp.flip])
	}
}

// maxChanged bounds the pieces one move adds or removes: castling moves two
// pieces (two off, two on); a capture with promotion takes two off, puts one on.
const maxChanged = 2

// Update sets a to the accumulator of after, given parent, the accumulator
// of before, where after is before with one move (or a null move) played.
// The changed pieces are found by comparing the two boards, so every kind
// of move, Chess960 castling included, needs no case of its own: a square
// whose piece changed shows in the difference of a type's or a colour's
// squares (a knight taking a knight leaves the knights' squares as they
// were, not the colours'; a Chess960 king and rook trading squares leave
// the colours', not the types'), and only those few squares are read.
// With a mirrored or king-bucketed net, the changed pieces are read in
// each view's perspective, and a view whose king crossed the d/e line or
// entered another bucket is then built from scratch (kingbuckets.go).
// a and parent may not be the same.
func (a *Accumulator) Update(n *Network, parent *Accumulator, before, after *movegen.Position) {
	changed := (before.ColorBB(movegen.White) ^ after.ColorBB(movegen.White)) |
		(before.ColorBB(movegen.Black) ^ after.ColorBB(movegen.Black))
	for t := movegen.Pawn; t <= movegen.King; t++ {
		changed |= before.TypeBB(t) ^ after.TypeBB(t)
	}
	// The changed pieces' columns, in each view's numbering.
	var added, removed [2][maxChanged]int
	na, nr := 0, 0
	for b := changed; b != 0; b &= b - 1 {
		s := b.First()
		if pc := before.PieceOn(s); pc != movegen.NoPiece && nr < maxChanged {
			removed[movegen.White][nr] = PieceFeature(movegen.White, pc, s)
			removed[movegen.Black][nr] = PieceFeature(movegen.Black, pc, s)
			nr++
		}
		if pc := after.PieceOn(s); pc != movegen.NoPiece && na < maxChanged {
			added[movegen.White][na] = PieceFeature(movegen.White, pc, s)
			added[movegen.Black][na] = PieceFeature(movegen.Black, pc, s)
			na++
		}
	}
	// Each view's perspective is its parent's unless a king moved (its
	// squares before and after are then among the changed ones).
	persp := parent.persp
	if n.kingRelative && changed&(before.TypeBB(movegen.King)|after.TypeBB(movegen.King)) != 0 {
		persp = n.perspectives(after)
	}
	if n.mirrored {
		orientChanges(&persp, &added, &removed, na, nr)
	}
	a.persp = persp
	for view := movegen.White; view <= movegen.Black; view++ {
		if persp[view] != parent.persp[view] {
			// The view's king entered another bucket or orientation:
			// every one of its features moved.
			a.refreshView(n, after, view, persp[view])
			continue
		}
		w := &n.psqWeights[persp[view].bucket]
		src, dst := &parent.v[view], &a.v[view]
		add, rem := &added[view], &removed[view]
		switch {
		case na == 1 && nr == 1:
			addSub(dst, src, &w[add[0]], &w[rem[0]])
		case na == 1 && nr == 2:
			addSubSub(dst, src, &w[add[0]], &w[rem[0]], &w[rem[1]])
		case na == 2 && nr == 2: // castling
			addSub(dst, src, &w[add[0]], &w[rem[0]])
			addSub(dst, dst, &w[add[1]], &w[rem[1]])
		default: // a null move
			*dst = *src
			for i := range na {
				addRow(dst, &w[add[i]])
			}
			for i := range nr {
				subRow(dst, &w[rem[i]])
			}
		}
	}
}
