package movegen

import (
	"errors"
	"strings"
	"testing"
)

func TestParseMove(t *testing.T) {
	const (
		castleFEN   = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
		fischerFEN  = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRK1 w Ff - 2 9"
		promoteFEN  = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
		epFEN       = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
		fischerF1G1 = "4k3/8/8/8/8/8/8/5K1R w H - 0 1" // f1g1 is a king step and castling
	)
	tests := []struct {
		fen, move string
		chess960  bool
		want      Move
	}{
		{StartFEN, "e2e4", false, NewMove(E2, NewSquare(4, 3))},
		{StartFEN, "g1f3", true, NewMove(G1, NewSquare(5, 2))},
		{castleFEN, "e1g1", false, newSpecial(E1, H1, Castling, Knight)},
		{castleFEN, "e1h1", true, newSpecial(E1, H1, Castling, Knight)},
		{castleFEN, "e1h1", false, newSpecial(E1, H1, Castling, Knight)}, // the other notation is accepted too
		{castleFEN, "e1g1", true, newSpecial(E1, H1, Castling, Knight)},
		{castleFEN, "e1c1", false, newSpecial(E1, A1, Castling, Knight)},
		{castleFEN, "e1a1", true, newSpecial(E1, A1, Castling, Knight)},
		{promoteFEN, "b7b8q", false, newSpecial(B7, B8, Promotion, Queen)},
		{promoteFEN, "b7b8n", false, newSpecial(B7, B8, Promotion, Knight)},
		{promoteFEN, "b7b8Q", false, newSpecial(B7, B8, Promotion, Queen)}, // uppercase, as some GUIs send
		{promoteFEN, "b7b8R", false, newSpecial(B7, B8, Promotion, Rook)},
		{epFEN, "e5f6", false, newSpecial(NewSquare(4, 4), NewSquare(5, 5), EnPassant, Knight)},
		{fischerF1G1, "f1h1", true, newSpecial(NewSquare(5, 0), H1, Castling, Knight)},
		{fischerF1G1, "f1g1", true, NewMove(NewSquare(5, 0), G1)}, // in Chess960 notation f1g1 is the king step
		{fischerF1G1, "f1g1", false, NewMove(NewSquare(5, 0), G1)},
	}
	for _, tt := range tests {
		p := MustParseFEN(tt.fen)
		got, err := p.ParseMove(tt.move, tt.chess960)
		if err != nil || got != tt.want {
			t.Errorf("ParseMove(%q, %v) in %s = %s, %v; want %s", tt.move, tt.chess960, tt.fen, got.UCI(tt.chess960), err, tt.want.UCI(tt.chess960))
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	tests := []struct {
		fen, move string
		want      string // a substring of the error
		illegal   bool   // well-formed but not legal: wraps ErrNoSuchMove
	}{
		{StartFEN, "", "want 4 or 5 characters", false},
		{StartFEN, "e2e", "want 4 or 5 characters", false},
		{StartFEN, "e2e4qq", "want 4 or 5 characters", false},
		{StartFEN, "i2e4", `"i2" is not a square`, false},
		{StartFEN, "e2e9", `"e9" is not a square`, false},
		{StartFEN, "E2E4", `"E2" is not a square`, false},
		{StartFEN, "e7e8k", "promotion piece", false},
		{StartFEN, "e7e8K", "promotion piece", false},
		{StartFEN, "é2e4", "is not a square", false},
		{StartFEN, "e2e5", "illegal move", true},
		{StartFEN, "e1g1", "illegal move", true},
		{StartFEN, "0000", "is not a square", false},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8", "illegal move", true},  // promotion without a piece
		{"4k3/8/8/8/8/8/1P6/4K3 w - - 0 1", "b2b3q", "illegal move", true}, // a piece without a promotion
	}
	for _, tt := range tests {
		p := MustParseFEN(tt.fen)
		m, err := p.ParseMove(tt.move, false)
		if err == nil {
			t.Errorf("ParseMove(%q) = %s, want an error containing %q", tt.move, m, tt.want)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseMove(%q) error = %q, want it to contain %q", tt.move, err, tt.want)
		}
		if errors.Is(err, ErrNoSuchMove) != tt.illegal {
			t.Errorf("ParseMove(%q) error %q: errors.Is(ErrNoSuchMove) = %v, want %v", tt.move, err, !tt.illegal, tt.illegal)
		}
		if m != NoMove {
			t.Errorf("ParseMove(%q) returned %s with its error, want NoMove", tt.move, m)
		}
	}
}

// FuzzParseMove: ParseMove never panics; a move it accepts is one of the
// legal moves, and its UCI string in the same notation parses back to it
// (unless two legal moves share that string, which only Chess960 in
// standard notation allows).
func FuzzParseMove(f *testing.F) {
	seeds := []struct {
		fen, move string
		chess960  bool
	}{
		{StartFEN, "e2e4", false},
		{StartFEN, "e2e5", false},
		{StartFEN, "e7e8q", false},
		{StartFEN, "", false},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", false},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1a1", true},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", false},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", false},
		{"4k3/8/8/8/8/8/8/5K1R w H - 0 1", "f1h1", false},
		{"4k3/8/8/8/8/8/8/5K1R w H - 0 1", "f1g1", true},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "g1f1", true},
	}
	for _, s := range seeds {
		f.Add(s.fen, s.move, s.chess960)
	}
	f.Fuzz(func(t *testing.T, fen, move string, chess960 bool) {
		p, err := ParseFEN(fen)
		if err != nil {
			p = MustParseFEN(StartFEN) // keep fuzzing the move on a valid board
		}
		m, err := p.ParseMove(move, chess960)
		if err != nil {
			if m != NoMove {
				t.Fatalf("ParseMove(%q) = %s with error %v", move, m, err)
			}
			return
		}
		var ml MoveList
		p.GenerateLegal(&ml)
		uses := 0
		legal := false
		for _, l := range ml.Slice() {
			legal = legal || l == m
			if l.UCI(chess960) == m.UCI(chess960) {
				uses++
			}
		}
		if !legal {
			t.Fatalf("ParseMove(%q, %v) in %s = %s, which is not a legal move", move, chess960, p.String(), m.UCI(chess960))
		}
		if uses > 1 {
			return
		}
		s := m.UCI(chess960)
		back, err := p.ParseMove(s, chess960)
		if err != nil || back != m {
			t.Fatalf("ParseMove(%q, %v) = %s, but ParseMove(%q) = %s, %v in %s", move, chess960, s, s, back.UCI(chess960), err, p.String())
		}
	})
}
