package movegen

import "testing"

func TestPositionAccessors(t *testing.T) {
	p := MustParseFEN("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 7 3")
	f6 := NewSquare(5, 5)
	if p.EPSquare() != f6 || p.HalfmoveClock() != 7 || p.FullmoveNumber() != 3 || p.SideToMove() != White {
		t.Errorf("EPSquare %s, HalfmoveClock %d, FullmoveNumber %d, SideToMove %s; want f6, 7, 3, w",
			p.EPSquare(), p.HalfmoveClock(), p.FullmoveNumber(), p.SideToMove())
	}
	if p.Castling() != WhiteKingside|WhiteQueenside|BlackKingside|BlackQueenside {
		t.Errorf("Castling() = %04b, want all four rights", p.Castling())
	}
	if p.ColorBB(White) != Rank1|Rank2&^E2.Bitboard()|NewSquare(4, 4).Bitboard() {
		t.Errorf("ColorBB(White) =\n%s", p.ColorBB(White))
	}
	if p.ColorBB(White)|p.ColorBB(Black) != p.Occupied() || p.ColorBB(White)&p.ColorBB(Black) != 0 {
		t.Errorf("ColorBB(White) and ColorBB(Black) do not split Occupied()")
	}
	var all Bitboard
	for pt := Pawn; pt <= King; pt++ {
		if p.TypeBB(pt) != p.Pieces(White, pt)|p.Pieces(Black, pt) {
			t.Errorf("TypeBB(%d) != Pieces(White)|Pieces(Black)", pt)
		}
		if all&p.TypeBB(pt) != 0 {
			t.Errorf("TypeBB(%d) overlaps another type", pt)
		}
		all |= p.TypeBB(pt)
		for b := p.TypeBB(pt); b != 0; {
			if s := b.PopFirst(); p.PieceOn(s).Type() != pt {
				t.Errorf("TypeBB(%d) has %s, but PieceOn(%s) = %s", pt, s, s, p.PieceOn(s))
			}
		}
	}
	if all != p.Occupied() {
		t.Errorf("the TypeBBs cover\n%snot Occupied()\n%s", all, p.Occupied())
	}
	if p.KingSquare(White) != E1 || p.KingSquare(Black) != E8 || p.PieceOn(E1) != MakePiece(White, King) || p.PieceOn(NewSquare(4, 3)) != NoPiece {
		t.Errorf("KingSquare %s/%s, PieceOn(e1) %s, PieceOn(e4) %s", p.KingSquare(White), p.KingSquare(Black), p.PieceOn(E1), p.PieceOn(NewSquare(4, 3)))
	}
}
