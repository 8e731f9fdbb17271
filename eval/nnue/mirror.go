package nnue

import "github.com/sightline-chess/sightline/movegen"

// Horizontally mirrored inputs. Chess is the same game with the files
// reversed, castling apart, so a mirrored net reads each view as if that
// view's own king stood on files a-d: when it stands on e-h, every piece
// of the view is read on the square with its file reversed (a-file for
// h-file). The net then learns each king placement once instead of twice,
// and a position and its file mirror score the same.
//
// The mobility inputs are left as they are: a piece's count of attacked
// squares in its mobility area is the same in the mirrored position (the
// mirror maps each attack to one of the same length, and the area, own
// pieces and enemy pawn attacks, is mirrored with the board), so there is
// nothing to reorient.
//
// The orientation of a view changes only when its king crosses the d/e
// line; Update then builds that view from scratch (every one of its
// features moves), and adds and removes the changed pieces otherwise.
// A view's orientation is part of its perspective (kingbuckets.go).

// ViewOrientation returns what a mirrored net XORs the squares of a view
// with, given that view's own king's square: 7 (the file reversed) when
// the king stands on files e-h, 0 on files a-d. A square's file is its low
// three bits, so the file is e-h exactly when bit 2 is set.
func ViewOrientation(king movegen.Square) int { return int(king>>2&1) * 7 }

// Mirrored reports whether the net reads its inputs horizontally mirrored
// (ViewOrientation).
func (n *Network) Mirrored() bool { return n.mirrored }

// orientChanges turns the features of the changed pieces that Update
// listed (na added, nr removed, in each view's numbering) to each view's
// orientation in after, persp's flips. It is apart from Update so that a
// net that is not mirrored pays a test and no more.
func orientChanges(persp *[2]perspective, added, removed *[2][maxChanged]int, na, nr int) {
	for view := movegen.White; view <= movegen.Black; view++ {
		flip := persp[view].flip
		for i := range na {
			added[view][i] ^= flip
		}
		for i := range nr {
			removed[view][i] ^= flip
		}
	}
}
