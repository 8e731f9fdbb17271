package uci

import (
	"testing"

	"github.com/sightline-chess/sightline/engine"
	"github.com/sightline-chess/sightline/movegen"
)

// TestFormatBestMoveCastling checks that both moves of "bestmove ... ponder
// ..." follow the castling notation of the game: king to its destination in
// standard chess, king takes rook in Chess960. No search test has castling
// as its expected reply, so this is where the ponder move's notation is held.
func TestFormatBestMoveCastling(t *testing.T) {
	castle := func(fen, s string) movegen.Move {
		t.Helper()
		p := movegen.MustParseFEN(fen)
		m, err := p.ParseMove(s, false)
		if err != nil || m.Kind() != movegen.Castling {
			t.Fatalf("ParseMove(%q, %q) = %v, %v; want a castling move", fen, s, m, err)
		}
		return m
	}
	white := castle("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1")
	black := castle("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8")
	tests := []struct {
		chess960 bool
		want     string
	}{
		{false, "bestmove e1g1 ponder e8c8"},
		{true, "bestmove e1h1 ponder e8a8"},
	}
	for _, tc := range tests {
		got := formatBestMove(engine.Outcome{Best: white, Ponder: black, Chess960: tc.chess960})
		if got != tc.want {
			t.Errorf("formatBestMove(Chess960 %v) = %q, want %q", tc.chess960, got, tc.want)
		}
	}
}
