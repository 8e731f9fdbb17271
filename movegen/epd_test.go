package movegen

import (
	"slices"
	"strings"
	"testing"
)

func TestParsePerftCase(t *testing.T) {
	c, err := ParsePerftCase("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 ;D1 26 ; D2 568;D4 97862")
	if err != nil {
		t.Fatal(err)
	}
	if c.FEN != "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" || c.Chess960 {
		t.Errorf("ParsePerftCase: FEN %q, Chess960 %v", c.FEN, c.Chess960)
	}
	if want := []DepthCount{{1, 26}, {2, 568}, {4, 97862}}; !slices.Equal(c.Want, want) {
		t.Errorf("ParsePerftCase: Want %v, want %v", c.Want, want)
	}
	// A count of 0 is kept: a mated side has no moves.
	c, err = ParsePerftCase("7k/6Q1/6K1/8/8/8/8/8 b - - ;D1 0")
	if want := []DepthCount{{1, 0}}; err != nil || !slices.Equal(c.Want, want) {
		t.Errorf("ParsePerftCase of a mate: Want %v, err %v; want %v", c.Want, err, want)
	}
	c, err = ParsePerftCase("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21")
	if err != nil || !c.Chess960 {
		t.Errorf("ParsePerftCase of a Shredder-FEN line: Chess960 %v, err %v; want true, nil", c.Chess960, err)
	}

	for _, tt := range []struct{ line, want string }{
		{"", "fields"},
		{"r3k2r/8/8/8/8/8/8/R3K2X w KQkq - 0 1 ;D1 26", "not a piece letter"},
		{StartFEN + " ;D1", "is not a depth count"},
		{StartFEN + " ;X1 20", "is not a depth count"},
		{StartFEN + " ;D0 1", "is not a depth count"},
		{StartFEN + " ;D65 1", "is not a depth count"},
		{StartFEN + " ;Dx 20", "is not a depth count"},
		{StartFEN + " ;D1 -20", "is not a depth count"},
		{StartFEN + " ;D1 20 400", "is not a depth count"},
		{StartFEN, "no depth counts"},
		{StartFEN + " ; ;", "no depth counts"},
	} {
		if _, err := ParsePerftCase(tt.line); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParsePerftCase(%q) error = %v, want one containing %q", tt.line, err, tt.want)
		}
	}
}
