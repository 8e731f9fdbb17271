package genfens

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
	"github.com/sightline-chess/sightline/search"
)

func generate(t *testing.T, n int, seed uint64, book []movegen.Position) []string {
	t.Helper()
	var b strings.Builder
	if err := Generate(&b, n, seed, book); err != nil {
		t.Fatalf("Generate(%d, %d): %v", n, seed, err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != n {
		t.Fatalf("Generate(%d, %d) wrote %d lines", n, seed, len(lines))
	}
	return lines
}

// TestGenerate checks what OpenBench relies on: n lines of the form it
// reads, each a legal position with a move to play, the same for the same
// seed and different for another.
func TestGenerate(t *testing.T) {
	a := generate(t, 6, 1, nil)
	for _, l := range a {
		fen, ok := strings.CutPrefix(l, "info string genfens ")
		if !ok {
			t.Fatalf("line %q does not start with \"info string genfens \"", l)
		}
		pos, err := movegen.ParseFEN(fen)
		if err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		var ml movegen.MoveList
		pos.GenerateLegal(&ml)
		if ml.N == 0 {
			t.Errorf("%s: no legal move", fen)
		}
		if pos.String() == movegen.StartFEN {
			t.Errorf("%s: the start position", fen)
		}
	}
	if b := generate(t, 6, 1, nil); strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Errorf("seed 1 drew\n%s\nand then\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
	if c := generate(t, 6, 2, nil); strings.Join(a, "\n") == strings.Join(c, "\n") {
		t.Errorf("seeds 1 and 2 drew the same openings")
	}
	if err := Generate(&strings.Builder{}, 0, 1, nil); err == nil {
		t.Error("Generate(0) accepted")
	}
}

func TestBook(t *testing.T) {
	path := filepath.Join(t.TempDir(), "book.epd")
	os.WriteFile(path, []byte("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc 0; fmvn 1;\n\n"), 0o644)
	book, err := ReadBook(path)
	if err != nil || len(book) != 1 {
		t.Fatalf("ReadBook = %d positions, %v", len(book), err)
	}
	for _, l := range generate(t, 3, 5, book) {
		pos, err := movegen.ParseFEN(strings.TrimPrefix(l, "info string genfens "))
		// Two or three plies after 1. e4: no white pawn can be back on e2.
		if err != nil || pos.PieceOn(movegen.E2) == movegen.MakePiece(movegen.White, movegen.Pawn) {
			t.Errorf("%s: not from the book's 1. e4 (%v)", l, err)
		}
	}
	for _, bad := range []string{"not a fen\n", ""} {
		os.WriteFile(path, []byte(bad), 0o644)
		if _, err := ReadBook(path); err == nil {
			t.Errorf("ReadBook(%q) accepted it", bad)
		}
	}
	if _, err := ReadBook(filepath.Join(t.TempDir(), "none.epd")); err == nil {
		t.Error("ReadBook of a missing file accepted")
	}
}

// TestScoreBound checks the promise that makes the openings worth playing:
// the search that judged each one (checkNodes nodes, the embedded net, a
// cleared table) scores it within ±maxScore, from the start position and
// from a book alike.
func TestScoreBound(t *testing.T) {
	path := filepath.Join(t.TempDir(), "book.epd")
	// 1. e4, and the Sicilian's 1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3.
	book := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n" +
		"rnbqkb1r/pp2pppp/3p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R b KQkq - 2 5\n"
	if err := os.WriteFile(path, []byte(book), 0o644); err != nil {
		t.Fatal(err)
	}
	positions, err := ReadBook(path)
	if err != nil {
		t.Fatal(err)
	}
	s := search.New(1)
	opt := search.Options{Threads: 1, Net: nnue.DefaultNet()}
	for _, tc := range []struct {
		name string
		book []movegen.Position
	}{{"start", nil}, {"book", positions}} {
		for _, l := range generate(t, 8, 3, tc.book) {
			fen := strings.TrimPrefix(l, "info string genfens ")
			pos, err := movegen.ParseFEN(fen)
			if err != nil {
				t.Fatalf("%s: %q: %v", tc.name, l, err)
			}
			s.Clear()
			res := s.Search(pos, nil, search.Limits{Nodes: checkNodes}, opt, nil)
			if res.Best == movegen.NoMove || res.Score < -maxScore || res.Score > maxScore {
				t.Errorf("%s: %s: search of %d nodes scores %d (best %s), want within ±%d", tc.name, fen, checkNodes, res.Score, res.Best, maxScore)
			}
		}
	}
}

// TestDecidedBook: a book whose draws never give a balanced opening (a
// checkmate, which ends the game at once, or a side a queen up) makes
// Generate fail with ErrNoOpening and write nothing, not keep its last draw.
func TestDecidedBook(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		tries int
	}{
		{"checkmate", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", maxTries},
		// Black has no queen; two or three random plies do not make up for
		// it. Each draw costs a search, so a few stand for the thousand.
		{"a queen up", "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", 5},
	}
	for _, tc := range tests {
		var b strings.Builder
		err := generateTries(&b, 2, 1, []movegen.Position{movegen.MustParseFEN(tc.fen)}, tc.tries)
		if !errors.Is(err, ErrNoOpening) || b.Len() != 0 {
			t.Errorf("generateTries from %s (%s): error %v, wrote %q; want ErrNoOpening and nothing", tc.name, tc.fen, err, b.String())
		}
	}
}
