package movegen

import (
	"path/filepath"
	"slices"
	"strconv"
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
	// The deepest count Perft makes is read; the EPD reader and Perft agree.
	deepest := StartFEN + " ;D" + strconv.Itoa(MaxPerftDepth) + " 1"
	if c, err := ParsePerftCase(deepest); err != nil || c.Want[0].Depth != MaxPerftDepth {
		t.Errorf("ParsePerftCase(%q) = %v, %v; want depth %d", deepest, c.Want, err, MaxPerftDepth)
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
		{StartFEN + " ;D" + strconv.Itoa(MaxPerftDepth+1) + " 1", "deeper than Perft counts"},
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

func TestParseEPD(t *testing.T) {
	const fen4 = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -"
	for _, tt := range []struct {
		line, fen, ops string
		halfmove       int
	}{
		{fen4, fen4, "", 0},
		{fen4 + " 7 30", fen4 + " 7 30", "", 7},
		{"  " + fen4 + "\t7  30  ", fen4 + " 7 30", "", 7},
		{fen4 + ` bm O-O; id "WAC  1";`, fen4, `bm O-O; id "WAC  1";`, 0},
		{fen4 + " hmvc 3; fmvn 9;", fen4, "hmvc 3; fmvn 9;", 0},
		{fen4 + " 0 1 ;D1 26 ;D2 568", fen4 + " 0 1", ";D1 26 ;D2 568", 0},
		{fen4 + " 5 1;D1 26", fen4 + " 5 1", ";D1 26", 5},
		{fen4 + " ;D1 26", fen4, ";D1 26", 0},
		{strings.ReplaceAll(fen4, " ", "\f") + "\v5\u00a01 ;D1 26", fen4 + " 5 1", ";D1 26", 5},
		{fen4 + " 12 bm O-O;", fen4, "12 bm O-O;", 0},
	} {
		e, err := ParseEPD(tt.line)
		if err != nil {
			t.Errorf("ParseEPD(%q): %v", tt.line, err)
			continue
		}
		if e.FEN != tt.fen || e.Ops != tt.ops || e.Position.HalfmoveClock() != tt.halfmove {
			t.Errorf("ParseEPD(%q) = FEN %q, Ops %q, halfmove clock %d; want %q, %q, %d",
				tt.line, e.FEN, e.Ops, e.Position.HalfmoveClock(), tt.fen, tt.ops, tt.halfmove)
		}
	}
	for _, tt := range []struct{ line, want string }{
		{"", "0 fields"},
		{"rnbqkbnr w", "2 fields"},
		{"rnbqkbnr/pppppppp w KQkq ;D1 20", "3 fields"},
		{"8/8 w - - bm Kd2;", "fen:"},
	} {
		if _, err := ParseEPD(tt.line); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseEPD(%q) error = %v, want one containing %q", tt.line, err, tt.want)
		}
	}
}

func TestEPDOperation(t *testing.T) {
	e, err := ParseEPD(`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6 Qh5; id "WAC.001";`)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		opcode, want string
		ok           bool
	}{
		{"bm", "Qg6 Qh5", true},
		{"id", `"WAC.001"`, true},
		{"am", "", false},
		{"b", "", false},
	} {
		if got, ok := e.Operation(tt.opcode); got != tt.want || ok != tt.ok {
			t.Errorf("Operation(%q) = %q, %v; want %q, %v", tt.opcode, got, ok, tt.want, tt.ok)
		}
	}
}

func TestReadEPD(t *testing.T) {
	in := "# a comment\n\n" + StartFEN + "\n   \n" + "8/8/8/8/8/8/8/K1k5 w - - bm Kb1;\n"
	es, err := ReadEPD(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 2 || es[0].Line != 3 || es[0].FEN != StartFEN || es[1].Line != 5 || es[1].Ops != "bm Kb1;" {
		t.Errorf("ReadEPD = %+v, want the lines 3 and 5", es)
	}
	for _, tt := range []struct{ in, want string }{
		{"# comment\n\n" + StartFEN + "\nnot a fen at all\n", "line 4: fen:"},
		{StartFEN + "\n8/8 w - -\n", "line 2: fen:"},
	} {
		if _, err := ReadEPD(strings.NewReader(tt.in)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ReadEPD(%q) error = %v, want one containing %q", tt.in, err, tt.want)
		}
	}
	if es, err := ReadEPD(strings.NewReader("# only a comment\n")); err != nil || len(es) != 0 {
		t.Errorf("ReadEPD(a comment) = %d lines, %v; want none, nil", len(es), err)
	}
	if _, err := ReadEPDFile(filepath.Join(t.TempDir(), "none.epd")); err == nil {
		t.Error("ReadEPDFile of a missing file: no error")
	}
}

// FuzzParseEPD: ParseEPD never panics, and an accepted line written back as
// its FEN and operations reads as the same line.
func FuzzParseEPD(f *testing.F) {
	for _, s := range []string{
		StartFEN, StartFEN + " ;D1 20 ;D2 400", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm O-O; id \"x\";",
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 1;D1 26", "", ";", "8/8 w - - ;", "\xff 1 2 3 4 5 6",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseEPD(line)
		if err != nil {
			return
		}
		back, err := ParseEPD(e.FEN + " " + e.Ops)
		if err != nil || back.FEN != e.FEN || back.Ops != e.Ops || back.Position != e.Position {
			t.Errorf("ParseEPD(%q) = FEN %q, Ops %q; written back it reads as %q, %q (%v)", line, e.FEN, e.Ops, back.FEN, back.Ops, err)
		}
	})
}
