package movegen

import "testing"

func TestMoveString(t *testing.T) {
	e4, e7, e8 := NewSquare(4, 3), NewSquare(4, 6), NewSquare(4, 7)
	tests := []struct {
		m           Move
		std, fischr string // String()/UCI(false), UCI(true)
		kind        MoveKind
	}{
		{NoMove, "0000", "0000", Normal},
		{NewMove(E2, e4), "e2e4", "e2e4", Normal},
		{NewMove(A1, H8), "a1h8", "a1h8", Normal},
		{newSpecial(e7, e8, Promotion, Queen), "e7e8q", "e7e8q", Promotion},
		{newSpecial(e7, e8, Promotion, Rook), "e7e8r", "e7e8r", Promotion},
		{newSpecial(e7, D8, Promotion, Bishop), "e7d8b", "e7d8b", Promotion},
		{newSpecial(B2, A1, Promotion, Knight), "b2a1n", "b2a1n", Promotion},
		{newSpecial(NewSquare(4, 4), NewSquare(3, 5), EnPassant, Knight), "e5d6", "e5d6", EnPassant},
		{newSpecial(E1, H1, Castling, Knight), "e1g1", "e1h1", Castling},
		{newSpecial(E1, A1, Castling, Knight), "e1c1", "e1a1", Castling},
		{newSpecial(E8, H8, Castling, Knight), "e8g8", "e8h8", Castling},
		{newSpecial(E8, A8, Castling, Knight), "e8c8", "e8a8", Castling},
		// Chess960: the king lands on g or c whatever its start; the rook's
		// square is the one that tells the sides apart.
		{newSpecial(B1, A1, Castling, Knight), "b1c1", "b1a1", Castling},
		{newSpecial(F1, G1, Castling, Knight), "f1g1", "f1g1", Castling},
		{newSpecial(G8, H8, Castling, Knight), "g8g8", "g8h8", Castling},
	}
	for _, tt := range tests {
		if got := tt.m.String(); got != tt.std {
			t.Errorf("Move(%#04x).String() = %q, want %q", uint16(tt.m), got, tt.std)
		}
		if got := tt.m.UCI(false); got != tt.std {
			t.Errorf("Move(%#04x).UCI(false) = %q, want %q", uint16(tt.m), got, tt.std)
		}
		if got := tt.m.UCI(true); got != tt.fischr {
			t.Errorf("Move(%#04x).UCI(true) = %q, want %q", uint16(tt.m), got, tt.fischr)
		}
		if tt.m != NoMove && tt.m.Kind() != tt.kind {
			t.Errorf("Move %s: Kind() = %#x, want %#x", tt.std, tt.m.Kind(), tt.kind)
		}
	}
}

func TestMoveFields(t *testing.T) {
	for from := Square(0); from < 64; from++ {
		for to := Square(0); to < 64; to++ {
			m := NewMove(from, to)
			if m.From() != from || m.To() != to || m.Kind() != Normal {
				t.Fatalf("NewMove(%s, %s): From %s, To %s, Kind %#x", from, to, m.From(), m.To(), m.Kind())
			}
			for pt := Knight; pt <= Queen; pt++ {
				m := newSpecial(from, to, Promotion, pt)
				if m.From() != from || m.To() != to || m.Kind() != Promotion || m.Promotion() != pt {
					t.Fatalf("newSpecial(%s, %s, Promotion, %d): From %s, To %s, Kind %#x, Promotion %d", from, to, pt, m.From(), m.To(), m.Kind(), m.Promotion())
				}
			}
		}
	}
	if NewMove(A1, A1) != NoMove {
		t.Errorf("NewMove(a1, a1) = %#x, want NoMove: the zero move must stay impossible", uint16(NewMove(A1, A1)))
	}
}

func TestSquareString(t *testing.T) {
	tests := []struct {
		s    Square
		want string
	}{
		{A1, "a1"}, {H1, "h1"}, {E2, "e2"}, {NewSquare(4, 3), "e4"}, {A8, "a8"}, {H8, "h8"}, {NoSquare, "-"},
	}
	for _, tt := range tests {
		if got := tt.s.String(); got != tt.want {
			t.Errorf("Square(%d).String() = %q, want %q", tt.s, got, tt.want)
		}
	}
	for s := Square(0); s < 64; s++ {
		back, ok := ParseSquare(s.String())
		if !ok || back != s {
			t.Errorf("ParseSquare(%q) = %d, %v; want %d", s.String(), back, ok, s)
		}
		if NewSquare(s.File(), s.Rank()) != s {
			t.Errorf("NewSquare(%d, %d) = %s, want %s", s.File(), s.Rank(), NewSquare(s.File(), s.Rank()), s)
		}
	}
	for _, bad := range []string{"", "e", "e44", "i1", "a0", "a9", "E4", "-", "4e"} {
		if s, ok := ParseSquare(bad); ok {
			t.Errorf("ParseSquare(%q) = %s, true; want false", bad, s)
		}
	}
}

func TestPieceString(t *testing.T) {
	tests := []struct {
		c    Color
		t    PieceType
		want string
	}{
		{White, Pawn, "P"}, {White, Knight, "N"}, {White, Bishop, "B"}, {White, Rook, "R"}, {White, Queen, "Q"}, {White, King, "K"},
		{Black, Pawn, "p"}, {Black, Knight, "n"}, {Black, Bishop, "b"}, {Black, Rook, "r"}, {Black, Queen, "q"}, {Black, King, "k"},
	}
	for _, tt := range tests {
		pc := MakePiece(tt.c, tt.t)
		if got := pc.String(); got != tt.want {
			t.Errorf("MakePiece(%s, %d).String() = %q, want %q", tt.c, tt.t, got, tt.want)
		}
		if pc.Color() != tt.c || pc.Type() != tt.t {
			t.Errorf("MakePiece(%s, %d) has Color %s, Type %d", tt.c, tt.t, pc.Color(), pc.Type())
		}
	}
	if got := NoPiece.String(); got != "." {
		t.Errorf("NoPiece.String() = %q, want \".\"", got)
	}
	if White.String() != "w" || Black.String() != "b" || White.Other() != Black || Black.Other() != White {
		t.Errorf("Color: White %q, Black %q, White.Other %s, Black.Other %s", White, Black, White.Other(), Black.Other())
	}
}
