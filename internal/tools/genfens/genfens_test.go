package genfens

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
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
