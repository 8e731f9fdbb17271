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
		a.v[view] = n.featureBias
		for b := p.Occupied(); b != 0; b &= b - 1 {
			s := b.First()
			addRow(&a.v[view], &n.featureWeights[PieceFeature(view, p.PieceOn(s), s)])
		}
	}
}

// maxChanged bounds the pieces one move adds or removes: castling moves two
// pieces (two off, two on); a capture with promotion takes two off, puts one on.
const maxChanged = 2

// Update sets a to the accumulator of after, given parent, the accumulator
// of before, where after is before with one move (or a null move) played.
// The changed pieces are found by comparing the two boards' piece sets, so
// every kind of move, Chess960 castling included, needs no case of its own.
// a and parent may not be the same.
func (a *Accumulator) Update(n *Network, parent *Accumulator, before, after *movegen.Position) {
	var added, removed [maxChanged]movegen.Piece
	var addSq, remSq [maxChanged]movegen.Square
	na, nr := 0, 0
	for c := movegen.White; c <= movegen.Black; c++ {
		for t := movegen.Pawn; t <= movegen.King; t++ {
			was, is := before.Pieces(c, t), after.Pieces(c, t)
			if was == is {
				continue
			}
			pc := movegen.MakePiece(c, t)
			for b := is &^ was; b != 0 && na < maxChanged; b &= b - 1 {
				added[na], addSq[na] = pc, b.First()
				na++
			}
			for b := was &^ is; b != 0 && nr < maxChanged; b &= b - 1 {
				removed[nr], remSq[nr] = pc, b.First()
				nr++
			}
		}
	}
	w := &n.featureWeights
	for view := movegen.White; view <= movegen.Black; view++ {
		src, dst := &parent.v[view], &a.v[view]
		switch {
		case na == 1 && nr == 1 && useAVX2:
			addSubAVX2(&dst[0], &src[0],
				&w[PieceFeature(view, added[0], addSq[0])][0],
				&w[PieceFeature(view, removed[0], remSq[0])][0], Hidden)
		case na == 1 && nr == 2 && useAVX2:
			addSubSubAVX2(&dst[0], &src[0],
				&w[PieceFeature(view, added[0], addSq[0])][0],
				&w[PieceFeature(view, removed[0], remSq[0])][0],
				&w[PieceFeature(view, removed[1], remSq[1])][0], Hidden)
		case na == 1 && nr == 1:
			addSubRow(dst, src,
				&w[PieceFeature(view, added[0], addSq[0])],
				&w[PieceFeature(view, removed[0], remSq[0])])
		case na == 1 && nr == 2:
			addSubSubRow(dst, src,
				&w[PieceFeature(view, added[0], addSq[0])],
				&w[PieceFeature(view, removed[0], remSq[0])],
				&w[PieceFeature(view, removed[1], remSq[1])])
		default: // castling, a null move
			*dst = *src
			for i := range na {
				addRow(dst, &w[PieceFeature(view, added[i], addSq[i])])
			}
			for i := range nr {
				subRow(dst, &w[PieceFeature(view, removed[i], remSq[i])])
			}
		}
	}
}
