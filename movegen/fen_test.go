package movegen

import (
	"strings"
	"testing"
)

func TestParseFENErrors(t *testing.T) {
	tests := []struct {
		name, fen, want string // want: a substring of the error naming the problem
	}{
		{"empty", "", "0 fields"},
		{"blank", "   ", "0 fields"},
		{"five fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "5 fields"},
		{"seven fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", "7 fields"},
		{"three fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "3 fields"},
		{"bad piece letter", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "'X' on rank 1 is not a piece letter"},
		{"digit nine", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "not a piece letter"},
		{"digit zero", "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "not a piece letter"},
		{"nine pieces on a rank", "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has more than 8 squares"},
		{"nine squares by digits", "rnbqkbnr/pppppppp/8/44p/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 5 has two digits in a row"},
		{"two digits making eight", "rnbqkbnr/pppppppp/8/44/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 5 has two digits in a row"},
		{"nine squares by a digit and pieces", "rnbqkbnr/pppppppp/8/p8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 5 has more than 8 squares"},
		{"digits sum past eight", "rnbqkbnr/pppppppp/8/8/54/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 4 has two digits in a row"},
		{"short rank", "rnbqkbnr/pppppppp/8/8/7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 4 has 7 squares"},
		{"empty rank", "rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has 0 squares"},
		{"seven ranks", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 ranks"},
		{"nine ranks", "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "9 ranks"},
		{"no kings", "8/8/8/8/8/8/8/8 w - - 0 1", "0 white kings"},
		{"no black king", "8/8/8/8/8/8/8/4K3 w - - 0 1", "0 black kings"},
		{"two white kings", "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "2 white kings"},
		// A board full of queens has more legal moves (269) than a MoveList holds.
		{"more queens than promotions allow", "QQQQQQQQ/Q6Q/Q6Q/Q6Q/Q6Q/Q1Q4Q/BR5Q/kBKQQQQQ w - - 0 1", "white has 24 pawns and promoted pieces"},
		{"nine pawns", "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "white has 9 pawns and promoted pieces"},
		{"third rook with eight pawns", "4k3/pppppppp/8/8/8/8/8/rrr1K3 w - - 0 1", "black has 9 pawns and promoted pieces"},
		{"pawn on rank 1", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "pawn on a1"},
		{"pawn on rank 8", "p3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on a8"},
		{"side not to move in check", "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "side not to move (black) is in check"},
		{"bad side", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move \"x\""},
		{"upper-case side", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", "side to move \"W\""},
		{"bad castling letter", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "'x' in the castling field is not a castling letter"},
		{"castling digit", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 1 - 0 1", "not a castling letter"},
		{"castling dash mixed", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K- - 0 1", "not a castling letter"},
		{"castling repeated", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", "gives one right twice"},
		{"castling too long", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", "too long"},
		{"castling without rook", "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "no white rook on the king's h-side"},
		{"castling queenside without rook", "r3k3/8/8/8/8/8/8/4K2R w Qq - 0 1", "no white rook on the king's a-side"},
		{"castling with king moved", "4k3/8/8/8/8/8/4K3/7R w K - 0 1", "white king is not on its first rank"},
		{"Shredder letter without rook", "4k3/8/8/8/8/8/8/4K2R w G - 0 1", "no white rook on g1"},
		{"black castling without rook", "4k3/8/8/8/8/8/8/4K2R w Kk - 0 1", "no black rook"},
		{"en passant not a square", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en-passant square \"e9\" is not a square"},
		{"en passant wrong rank", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", "not on the third rank"},
		{"en passant wrong side", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", "not on the sixth rank"},
		{"en passant without pawn", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "no black pawn has just moved two squares"},
		{"en passant pawn not gone", "rnbqkbnr/ppppppp1/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "no black pawn has just moved two squares"},
		{"en passant upper case", "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq E6 0 1", "is not a square"},
		{"halfmove not a number", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock \"x\""},
		{"halfmove negative", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock \"-1\""},
		{"halfmove plus sign", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +1 1", "halfmove clock \"+1\""},
		{"halfmove huge", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1", "halfmove clock"},
		{"fullmove beyond 16 bits", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 65536", "fullmove number"},
		{"fullmove not a number", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", "fullmove number \"one\""},
		{"fullmove negative", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -5", "fullmove number \"-5\""},
		{"NUL byte", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\x00 w KQkq - 0 1", "unexpected byte 0x00"},
		{"non-ASCII", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNé w KQkq - 0 1", "unexpected byte 0xc3"},
		{"invalid UTF-8", "\xff\xfe", "unexpected byte 0xff"},
		{"newline inside", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\nw KQkq - 0 1", "unexpected byte 0x0a"},
		{"garbage", "hello world", "2 fields"},
		{"garbage six fields", "a b c d e f", "1 ranks"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err == nil {
				t.Fatalf("ParseFEN(%q) = %s, want an error containing %q", tt.fen, p.String(), tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ParseFEN(%q) error = %q, want it to contain %q", tt.fen, err, tt.want)
			}
			if p != (Position{}) {
				t.Errorf("ParseFEN(%q) returned a non-zero Position with its error", tt.fen)
			}
		})
	}
}

func TestParseFENValid(t *testing.T) {
	tests := []struct {
		name, fen string
		want      string // the FEN written back
	}{
		{"start", StartFEN, StartFEN},
		{"4-field EPD", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", StartFEN},
		{"extra spaces", "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq -  0   1 ", StartFEN},
		{"tabs", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw\tKQkq\t-\t0\t1", StartFEN},
		{"castling in any order", "r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		{"Shredder in standard chess", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		{"fullmove zero", "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
		{"en passant capturable", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
			"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
		{"en passant dropped when no pawn can take", "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2",
			"rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2"},
		{"Chess960 Shredder", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
			"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
		{"Chess960 X-FEN", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
			"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
		{"Chess960 inner rook needs its file", "1r2k2r/8/8/8/8/8/8/1R2K1RR w GBhb - 0 1",
			"1r2k2r/8/8/8/8/8/8/1R2K1RR w GQkq - 0 1"},
		{"nine queens", "4k3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1", "4k3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1"},
		{"promoted pieces for missing pawns", "4k3/pppppp2/8/8/8/8/8/bbbbK3 b - - 0 1", "4k3/pppppp2/8/8/8/8/8/bbbbK3 b - - 0 1"},
		{"side to move in double check", "4k3/8/8/8/1b6/8/8/r3K3 w - - 0 1", "4k3/8/8/8/1b6/8/8/r3K3 w - - 0 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatalf("ParseFEN(%q): %v", tt.fen, err)
			}
			if got := p.String(); got != tt.want {
				t.Errorf("ParseFEN(%q).String() = %q, want %q", tt.fen, got, tt.want)
			}
		})
	}
}

// TestParseFENCastlingForms checks that X-FEN and Shredder-FEN letters
// name the same rooks: both forms give equal positions.
func TestParseFENCastlingForms(t *testing.T) {
	pairs := [][2]string{
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
		{"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w KQkq - 1 9"},
		{"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w KQ - 1 9"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		{"4k3/8/8/8/8/8/8/RR2K3 w A - 0 1", "4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1"},
	}
	for _, pair := range pairs {
		a, errA := ParseFEN(pair[0])
		b, errB := ParseFEN(pair[1])
		if errA != nil || errB != nil {
			t.Fatalf("ParseFEN: %v, %v", errA, errB)
		}
		if a != b {
			t.Errorf("ParseFEN(%q) != ParseFEN(%q)", pair[0], pair[1])
		}
	}
	// An inner rook is not the X-FEN rook: B (b1) differs from Q (a1).
	a := MustParseFEN("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1")
	b := MustParseFEN("4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1")
	if a == b || a.Key() != b.Key() {
		// Same right, different rook: the positions differ, the keys (which
		// hash rights, not rooks) do not.
		t.Errorf("ParseFEN of B and Q rights: equal = %v, keys %#x and %#x", a == b, a.Key(), b.Key())
	}
	if got := a.String(); !strings.Contains(got, " w B ") {
		t.Errorf("ParseFEN(B right).String() = %q, want the inner rook's file letter B", got)
	}
}

// FuzzParseFEN: ParseFEN never panics, and a FEN it accepts round-trips:
// the written FEN parses to the same position and is written back unchanged.
// An accepted position must also survive move generation and every move.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"1r2k2r/8/8/8/8/8/8/1R2K1RR w GBhb - 0 1",
		"4k3/8/8/8/1b6/8/8/r3K3 w - - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
		"", "8/8/8/8/8/8/8/8 w - - 0 1", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "\xff\xfe", "4k3/8/8/8/8/8/8/4K3 w - - 9999 9999", "4k3/8/8/8/8/8/8/4K3 w - - 65535 65535",
	} {
		f.Add(s)
	}
	// Every suite position, in 4-field EPD form too for some.
	for _, file := range []string{"cpw_perft.epd", "perftsuite.epd", "fischer.epd"} {
		for i, c := range readPerftSuite(f, file) {
			f.Add(c.FEN)
			if i%8 == 0 {
				f.Add(strings.Join(strings.Fields(c.FEN)[:4], " "))
			}
		}
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fen: ") {
				t.Errorf("ParseFEN(%q) error %q does not start with \"fen: \"", fen, err)
			}
			return
		}
		s := p.String()
		q, err := ParseFEN(s)
		if err != nil {
			t.Fatalf("ParseFEN(%q) accepted, but its FEN %q does not parse: %v", fen, s, err)
		}
		if canonical(q) != canonical(p) {
			t.Fatalf("ParseFEN(%q) and ParseFEN(%q) differ", fen, s)
		}
		if q.String() != s {
			t.Fatalf("FEN not stable: %q, then %q", s, q.String())
		}
		if p.Key() != p.computeKey() {
			t.Fatalf("ParseFEN(%q).Key() = %#x, want %#x", fen, p.Key(), p.computeKey())
		}
		var ml MoveList
		p.GenerateLegal(&ml)
		if ml.N > MaxMoves {
			t.Fatalf("ParseFEN(%q): %d legal moves, more than MaxMoves", fen, ml.N)
		}
		for _, m := range ml.Slice() {
			child := p
			child.MakeMove(m)
			if child.Key() != child.computeKey() {
				t.Fatalf("ParseFEN(%q) then %s: Key() = %#x, want %#x", fen, m.UCI(true), child.Key(), child.computeKey())
			}
			us := p.SideToMove()
			if a := slowAttackersOf(&child, us.Other(), child.KingSquare(us)); a != 0 {
				t.Fatalf("ParseFEN(%q): %s leaves the king attacked", fen, m.UCI(true))
			}
			Perft(&child, 1)
		}
	})
}

func TestNeedsChess960Notation(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		want bool
	}{
		{StartFEN, false},
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", false}, // standard squares, Shredder letters
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", false},
		{"rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", true}, // b1c1 would be a king move too
		{"rk5r/8/8/8/8/8/8/RK5R w - - 0 1", false},   // no rights, nothing to write
		{"1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR b hb - 0 1", true},
		{"r3k1r1/8/8/8/8/8/8/4K3 b gq - 0 1", true}, // black's g8 rook
	} {
		p := MustParseFEN(tc.fen)
		if got := p.NeedsChess960Notation(); got != tc.want {
			t.Errorf("NeedsChess960Notation(%q) = %v, want %v", tc.fen, got, tc.want)
		}
	}
}
