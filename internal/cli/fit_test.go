package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFindParams checks that fit finds eval/params.go from anywhere in
// the checkout, and from outside one says how to point it there.
func TestFindParams(t *testing.T) {
	root := repoRoot(t)
	want := filepath.Join(root, "eval", "params.go")
	for _, dir := range []string{".", "testdata", filepath.Join("eval", "nnue"), filepath.Join("internal", "fit")} {
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
		if code, _, stderr := runCommand("fit", "-data", filepath.Join(root, "testdata", "ecm.epd")); code != 2 || !strings.Contains(stderr, "-out") {
			t.Errorf("fit outside a checkout = exit %d, %q; want 2 and how to use -out", code, stderr)
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

// TestFitWDLPGN runs "fit -fit-wdl -pgn" on fastchess's games and
// checks the flag combinations it refuses.
func TestFitWDLPGN(t *testing.T) {
	games, err := os.ReadFile(filepath.Join(repoRoot(t), "internal", "fit", "testdata", "fastchess.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	pgn := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(pgn, []byte(strings.Repeat(string(games)+"\n", 10)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCommand("fit", "-fit-wdl", "-pgn", pgn, "-player", "new")
	if code != 0 || !strings.Contains(stdout, "240 positions") || !strings.Contains(stdout, "wdlA = [4]float64{") {
		t.Errorf("fit -fit-wdl -pgn = exit %d, stdout %q, stderr %q; want 0 and a model of 240 positions", code, stdout, stderr)
	}
	bad := filepath.Join(dir, "bad.pgn")
	os.WriteFile(bad, []byte("[Result \"0-1\"]\n\n1. e4 Nc7 0-1\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-pgn", pgn}, "with -fit-wdl only"},
		{[]string{"-fit-wdl", "-pgn", pgn, "-data", pgn}, "not both"},
		{[]string{"-fit-wdl", "-player", "new"}, "-pgn: no file named"},
		{[]string{"-fit-wdl", "-pgn", pgn, "-limit", "-1"}, "-limit"},
		{[]string{"-fit-wdl", "-pgn", bad}, "game 1 (line 1): move 1... Nc7"},
	} {
		code, _, stderr := runCommand(append([]string{"fit"}, c.args...)...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("fit %s = exit %d, %q; want 2 and %q", strings.Join(c.args, " "), code, stderr, c.want)
		}
	}
}
