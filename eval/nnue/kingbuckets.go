package nnue

import (
	"fmt"

	"github.com/sightline-chess/sightline/movegen"
)

// King buckets. A net with king buckets has one set of piece-square
// columns per bucket, and each view reads the set that its own king's
// square picks: a pawn on f2 means one thing beside a king castled on g1
// and another beside one on c1, and a single set of columns can only learn
// their average. The net file carries its map from square to bucket (read
// from the view's side, rank 1 its own back rank, and after the mirror's
// file reversal for a mirrored net), so the engine knows no layout by
// name; the trainer's layouts are KingBucketLayouts.
//
// A view whose king moves into another bucket reads other columns for
// every piece, so Update builds it from scratch (as it does a mirrored
// view whose king crosses the d/e line): with wings4, 7% of the updates
// of `bench` build one view so.

// MaxKingBuckets bounds a net's king buckets: each is PieceSquareInputs
// columns of the Network, 384 KiB at 256 neurons.
const MaxKingBuckets = 8

// KingBucketLayouts are the king bucket maps the trainer knows by name
// (train -king-buckets), each a square's bucket from the view's side,
// a1 first.
var KingBucketLayouts = map[string][64]uint8{
	// wings4: a king on its first two ranks, on the queen's wing (files
	// a-c), in the centre (d-e) or on the king's wing (f-h); and a king
	// that has left them, in the ending or under attack.
	"wings4": wings4(),
	// wings7: wings4 with the king that has left its first two ranks
	// placed in a quarter of the rest: files a-d or e-h, ranks 3-4 or 5-8.
	// It refines wings4 (a net of either trains on as wings7, each bucket
	// starting from the wings4 bucket around it); the kings that cross
	// the new lines are mostly endgame kings, whose views are cheap to
	// build again.
	"wings7": wings7(),
}

func wings4() [64]uint8 {
	var m [64]uint8
	for s := range m {
		file, rank := s%8, s/8
		switch {
		case rank >= 2:
			m[s] = 3
		case file <= 2:
			m[s] = 0
		case file <= 4:
			m[s] = 1
		default:
			m[s] = 2
		}
	}
	return m
}

func wings7() [64]uint8 {
	m := wings4()
	for s := range m {
		file, rank := s%8, s/8
		if rank >= 2 {
			m[s] = uint8(3 + file/4 + 2*(rank/4))
		}
	}
	return m
}

// CheckKingBuckets returns an error unless m (a square's bucket, a1 first)
// numbers its buckets 0..k-1, all of them used, for some k from 2 to
// MaxKingBuckets, and returns k.
func CheckKingBuckets(m []uint8) (int, error) {
	if len(m) != 64 {
		return 0, fmt.Errorf("a king bucket map has %d squares, want 64", len(m))
	}
	var used [256]bool
	k := 0
	for _, b := range m {
		used[b] = true
		k = max(k, int(b)+1)
	}
	if k < 2 || k > MaxKingBuckets {
		return 0, fmt.Errorf("a king bucket map of %d buckets; a net has 2 to %d", k, MaxKingBuckets)
	}
	for b := range k {
		if !used[b] {
			return 0, fmt.Errorf("a king bucket map of %d buckets in which no square picks bucket %d", k, b)
		}
	}
	return k, nil
}

// KingBuckets returns the net's number of king buckets: 1 for a net without.
func (n *Network) KingBuckets() int { return n.kingBuckets }

// perspective is how one view reads the board: the XOR its squares take
// (the mirror's, mirror.go) and its king's bucket. The XOR applies to a
// piece-square feature as to its square, the feature's file being its low
// three bits (PieceFeature).
type perspective struct{ flip, bucket int }

// perspective returns view's perspective in p. A net that is neither
// mirrored nor bucketed has one perspective everywhere, the zero one.
func (n *Network) perspective(p *movegen.Position, view movegen.Color) perspective {
	if !n.kingRelative {
		return perspective{}
	}
	k := p.KingSquare(view)
	flip := 0
	if n.mirrored {
		flip = ViewOrientation(k)
	}
	rel := int(k) ^ flip
	if view == movegen.Black {
		rel ^= 56
	}
	return perspective{flip, int(n.kingBucket[rel&63])}
}

// perspectives returns both views' perspectives in p, White's first.
func (n *Network) perspectives(p *movegen.Position) [2]perspective {
	return [2]perspective{n.perspective(p, movegen.White), n.perspective(p, movegen.Black)}
}
