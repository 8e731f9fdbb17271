package nnue

import "github.com/sightline-chess/sightline/movegen"

// Accumulator holds, for each view (indexed by colour), the first layer's
// sums over the piece-square features: bias plus the columns of every
// piece on the board. The search keeps one per ply and builds each from
// its parent's (Update), so a move costs a few row additions instead of
// thirty.
type Accumulator struct {
	v [2]row
}

// Refresh computes a from scratch for position p.
func (a *Accumulator) Refresh(n *Network, p *movegen.Position) {
	for view := movegen.White; view <= movegen.Black; view++ {
		a.refreshView(n, p, view, n.orientation(p, view))
	}
}

// refreshView computes view's sums from scratch for position p, each
// feature XORed with flip (the view's orientation, mirror.go).
func (a *Accumulator) refreshView(n *Network, p *movegen.Position, view movegen.Color, flip int) {
	a.v[view] = n.featureBias
	for b := p.Occupied(); b != 0; b &= b - 1 {
		s := b.First()
		addRow(&a.v[view], &n.featureWeights[PieceFeature(view, p.PieceOn(s), s)^flip])
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
// With a mirrored net, the changed pieces are read in each view's
// orientation, and a view whose king crossed the d/e line is then built
// from scratch (mirror.go).
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
	if n.mirrored {
		orientChanges(n, after, &added, &removed, na, nr)
	}
	w := &n.featureWeights
	for view := movegen.White; view <= movegen.Black; view++ {
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
	if n.mirrored {
		a.refreshCrossed(n, before, after)
	}
}
