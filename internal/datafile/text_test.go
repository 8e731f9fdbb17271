package datafile

import "testing"

func TestParseEPD(t *testing.T) {
	for _, tc := range []struct {
		line   string
		result Result
		score  int16
		scored bool
	}{
		{`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc 0; fmvn 1; c9 "1-0"; ce 35; sm e7e5;`, WhiteWins, -35, true},
		{`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 "1/2-1/2";`, Draw, 0, false},
		{`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 [0.0]`, BlackWins, 0, false},
		{`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; ce 0; c9 "0-1"`, BlackWins, 0, true},
	} {
		r, scored, err := ParseEPD(tc.line)
		if err != nil || r.Result != tc.result || scored != tc.scored || r.Score != tc.score {
			t.Errorf("ParseEPD(%q) = result %d score %d (%v), %v; want %d %d (%v)", tc.line, r.Result, r.Score, scored, err, tc.result, tc.score, tc.scored)
		}
	}
	for _, line := range []string{"", "not a fen at all", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/8/8/8/8/8/8/8 w - - [1.0]"} {
		if _, _, err := ParseEPD(line); err == nil {
			t.Errorf("ParseEPD(%q) accepted it", line)
		}
	}
}
