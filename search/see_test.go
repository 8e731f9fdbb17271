package search

import (
	"testing"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

func TestSEE(t *testing.T) {
	tests := []struct {
		fen  string
		move string
		want eval.Score // the exact exchange value
	}{
		// Undefended pawn.
		{"4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100},
		// Pawn defended by a pawn: rook for pawn.
		{"4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100 - 500},
		// Knight takes a pawn defended by a pawn.
		{"4k3/8/4p3/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5", 100 - 320},
		// Pawn takes a knight defended by a pawn: knight for pawn.
		{"4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 320 - 100},
		// X-ray: rook behind rook on the file wins the pawn despite a rook defender.
		{"3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100},
		// Same without the back rook: we lose the exchange.
		{"3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5", 100 - 500},
		// Queen takes a defended pawn.
		{"4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 100 - 950},
		// Equal trade: knight for knight.
		{"4k3/4p3/3n4/8/4N3/8/8/4K3 w - - 0 1", "e4d6", 0},
		// A pawn's recapture opens the bishop behind it: Nxd5 cxd5 exd5,
		// and Black stops, as Rxd5 would lose the rook to Bxd5 (without the
		// x-ray, Rxd5 would win a pawn back: -220).
		{"3r3k/8/2p5/3p4/4P3/2N2B2/8/7K w - - 0 1", "c3d5", 100 - 320 + 100},
		// En passant takes the pawn off d5 and opens the file behind it, so
		// the rook on d1 guards d6 and Black's knight cannot recapture.
		{"4k3/1n6/8/3pP3/8/8/8/3R3K w - d6 0 1", "e5d6", 100},
		// En passant of an undefended pawn.
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100},
		// The king may capture only an undefended piece.
		{"4k3/3r4/8/8/8/8/3P4/4K3 b - - 0 1", "d7d2", 100 - 500},
		{"3rk3/3r4/8/8/8/8/3P4/4K3 b - - 0 1", "d7d2", 100},
		// Quiet move onto an attacked square loses the piece.
		{"4k3/8/8/4p3/8/2N5/8/4K3 w - - 0 1", "c3d5", 0},
		{"4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1", "c3d5", -320},
	}
	for _, tc := range tests {
		p := movegen.MustParseFEN(tc.fen)
		m, err := p.ParseMove(tc.move, false)
		if err != nil {
			t.Fatalf("ParseMove(%q, %q): %v", tc.fen, tc.move, err)
		}
		// seeGE(t) must hold exactly for thresholds up to the exchange value.
		if !seeGE(&p, m, tc.want) {
			t.Errorf("seeGE(%q, %v, %d) = false, want true", tc.fen, tc.move, tc.want)
		}
		if seeGE(&p, m, tc.want+1) {
			t.Errorf("seeGE(%q, %v, %d) = true, want false", tc.fen, tc.move, tc.want+1)
		}
	}
}
