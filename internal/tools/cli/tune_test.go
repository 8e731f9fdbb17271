package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFindParams checks that tune finds eval/params.go from anywhere in
// the checkout, and from outside one says how to point it there.
func TestFindParams(t *testing.T) {
	root := repoRoot(t)
	want := filepath.Join(root, "eval", "params.go")
	for _, dir := range []string{".", "testdata", filepath.Join("eval", "nnue"), filepath.Join("internal", "tools", "tune")} {
		t.Run(dir, func(t *testing.T) {
			chdir(t, filepath.Join(root, dir))
			if got, err := findParams(); err != nil || got != want {
				t.Errorf("findParams() from %s = %q, %v; want %q", dir, got, err, want)
			}
		})
	}
	t.Run("outside", func(t *testing.T) {
		chdir(t, t.TempDir())
		if got, err := findParams(); err == nil || !strings.Contains(err.Error(), "-out") {
			t.Errorf("findParams() outside a checkout = %q, %v; want an error naming -out", got, err)
		}
		if code, _, stderr := runCommand("tune", "-data", filepath.Join(root, "testdata", "ecm.epd")); code != 2 || !strings.Contains(stderr, "-out") {
			t.Errorf("tune outside a checkout = exit %d, %q; want 2 and how to use -out", code, stderr)
		}
	})
}

// chdir changes the working directory for the rest of the test (the
// module's Go version predates testing.T.Chdir). Not for parallel tests.
func chdir(t *testing.T, dir string) {
	t.Helper()
	old, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chdir(old) })
}
