package movegen

import (
	"testing"
)

func TestMirroredFEN(t *testing.T) {
	tests := []struct{ fen, want string }{
		{StartFEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
			"r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1"},
		{"4k3/8/8/8/8/8/8/4K2R w K - 3 9", "4k2r/8/8/8/8/8/8/4K3 b k - 3 9"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 2"},
		// Chess960: the rook files must follow (Shredder letters).
		{"r1r1k3/8/8/8/8/8/8/R1R1K3 w Ca - 0 1", "r1r1k3/8/8/8/8/8/8/R1R1K3 b Qc - 0 1"},
	}
	for _, tt := range tests {
		p := MustParseFEN(tt.fen)
		m := p.Mirrored()
		if got := m.String(); got != tt.want {
			t.Errorf("Mirrored(%q) = %q, want %q", tt.fen, got, tt.want)
		}
	}
}

// TestMirroredInvariants checks, over the perft suite, that mirroring twice
// gives back the position bit for bit, that the mirrored key is a fresh key,
// and that the mirrored position has as many moves at each depth.
func TestMirroredInvariants(t *testing.T) {
	cases := readPerftSuite(t, "perftsuite.epd")
	for _, c := range cases {
		p, fen := c.Position, c.FEN
		m := p.Mirrored()
		if back := m.Mirrored(); back != p {
			t.Errorf("Mirrored(Mirrored(%q)) = %q, want the position back", fen, back.String())
		}
		if m.Key() != m.computeKey() {
			t.Errorf("Mirrored(%q).Key() = %#x, want %#x", fen, m.Key(), m.computeKey())
		}
		if m.InCheck() != p.InCheck() {
			t.Errorf("Mirrored(%q).InCheck() = %v, want %v", fen, m.InCheck(), p.InCheck())
		}
		for d := 1; d <= 2; d++ {
			if got, want := Perft(&m, d), Perft(&p, d); got != want {
				t.Errorf("Perft(Mirrored(%q), %d) = %d, want %d", fen, d, got, want)
			}
		}
	}
	if len(cases) < 100 {
		t.Fatalf("read %d positions from perftsuite.epd, want at least 100", len(cases))
	}
}
