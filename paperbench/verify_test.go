package paperbench

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// readTestEPD reads positions from a file of ../testdata.
func readTestEPD(t testing.TB, name string) []movegen.Position {
	t.Helper()
	f, err := os.Open("../testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	positions, err := ReadEPD(f)
	if err != nil {
		t.Fatalf("ReadEPD(%s): %v", name, err)
	}
	return positions
}

// TestMovesEqualOnECM is the check the benchmark makes before timing: on
// every ECM position, every method's moves equal GenerateLegal's.
func TestMovesEqualOnECM(t *testing.T) {
	positions := readTestEPD(t, "ecm.epd")
	if len(positions) != 879 {
		t.Fatalf("ReadEPD(ecm.epd) read %d positions, want 879", len(positions))
	}
	if err := Verify(Methods(), positions); err != nil {
		t.Fatal(err)
	}
}

// TestMovesEqualOnPlayouts widens the check to positions the ECM lacks
// (checks, double checks, pins, en passant, promotions, castling) by playing
// random legal moves from the ECM, perft-suite and WAC positions.
func TestMovesEqualOnPlayouts(t *testing.T) {
	var starts []movegen.Position
	for _, name := range []string{"ecm.epd", "wac.epd"} {
		starts = append(starts, readTestEPD(t, name)...)
	}
	for _, name := range []string{"perftsuite.epd", "cpw_perft.epd"} {
		starts = append(starts, readTestEPD(t, name)...)
	}
	rng := rand.New(rand.NewPCG(9, 10))
	var positions []movegen.Position
	var ml movegen.MoveList
	for _, p := range starts {
		for ply := 0; ply < 12; ply++ {
			positions = append(positions, p)
			ml.N = 0
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			p.MakeMove(ml.Moves[rng.IntN(ml.N)])
		}
	}
	if err := Verify(Methods(), positions); err != nil {
		t.Fatal(err)
	}
}

// TestCountOnlyCountsTheMoves checks paperbench -count: with countOnly set,
// every method counts, position by position, as many moves as it writes
// without it, and writes nothing.
func TestCountOnlyCountsTheMoves(t *testing.T) {
	positions := readTestEPD(t, "ecm.epd")
	var ml movegen.MoveList
	for _, m := range Methods() {
		for i := range positions {
			b := newBoard(&positions[i])
			ml.N = 0
			m.generate(&b, &ml)
			want := ml.N
			b.countOnly = true
			ml = movegen.MoveList{}
			m.generate(&b, &ml)
			if ml.N != want {
				t.Fatalf("%s, countOnly: %d moves in %s, want %d", m.Name, ml.N, &positions[i], want)
			}
			for _, mv := range ml.Moves[:want] {
				// Castling and en passant are written in both modes.
				if k := mv.Kind(); mv != movegen.NoMove && k != movegen.Castling && k != movegen.EnPassant {
					t.Fatalf("%s, countOnly: wrote %s in %s", m.Name, mv, &positions[i])
				}
			}
		}
	}
}

// TestVerifyCatchesDifference makes sure the check can fail: a method that
// loses one move, or adds a null move, must be reported.
func TestVerifyCatchesDifference(t *testing.T) {
	positions := readTestEPD(t, "ecm.epd")[:5]
	broken := []Method{
		{Name: "drops a move", generate: func(b *board, ml *movegen.MoveList) {
			generateLegalFlat(flatMethod{}, b, ml)
			ml.N--
		}},
		{Name: "adds a move", generate: func(b *board, ml *movegen.MoveList) {
			generateLegalFlat(flatMethod{}, b, ml)
			ml.Moves[ml.N] = movegen.NoMove
			ml.N++
		}},
	}
	for _, m := range broken {
		if err := Verify([]Method{m}, positions); err == nil {
			t.Errorf("Verify(%q) = nil, want an error", m.Name)
		}
	}
}

// TestReadEPD checks that bad EPD input is an error naming the line.
func TestReadEPD(t *testing.T) {
	for _, tc := range []struct{ in, wantErr string }{
		{"", "no positions"},
		{"8/8 w - -\n", "line 1"},
		{"# comment\n\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nnot a fen at all\n", "line 4"},
		{"rnbqkbnr w\n", "line 1: epd: 2 fields"},
	} {
		if _, err := ReadEPD(strings.NewReader(tc.in)); err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("ReadEPD(%q) error = %v, want one containing %q", tc.in, err, tc.wantErr)
		}
	}
	ps, err := ReadEPD(strings.NewReader("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"x\";\n"))
	if err != nil || len(ps) != 1 {
		t.Errorf("ReadEPD(one EPD line) = %d positions, %v; want 1, nil", len(ps), err)
	}
}

// TestGenerateAllocs checks that no method allocates while generating moves.
func TestGenerateAllocs(t *testing.T) {
	positions := readTestEPD(t, "ecm.epd")[:50]
	boards := make([]board, len(positions))
	for i := range positions {
		boards[i] = newBoard(&positions[i])
	}
	ml := new(movegen.MoveList)
	for _, m := range Methods() {
		if allocs := testing.AllocsPerRun(5, func() { passes(&m, boards, 1, ml) }); allocs != 0 {
			t.Errorf("%s: %v allocations per pass, want 0", m.Name, allocs)
		}
	}
}
