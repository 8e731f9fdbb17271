package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGenfensDecidedBook: a book that can give no balanced opening (here a
// checkmate) is the user's input at fault, as a missing book is: exit 2
// with a message that says why, and no opening written.
func TestGenfensDecidedBook(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mate.epd")
	if err := os.WriteFile(path, []byte("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCommand("genfens", "2", "seed", "1", "book", path)
	if code != 2 || stdout != "" || !strings.Contains(stderr, "no opening within the score bound") {
		t.Errorf("genfens 2 seed 1 book %s: exit %d, stdout %q, stderr %q; want 2, nothing, and a message that no opening was found", path, code, stdout, stderr)
	}
}
