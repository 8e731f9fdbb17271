package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// TestPerftEPDCommand runs "perft -epd" on small files: every listed count
// is checked, zeros included; a failure names its line; a file that checks
// nothing is an error, not a pass.
func TestPerftEPDCommand(t *testing.T) {
	dir := t.TempDir()
	file := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	const mate = "7k/6Q1/6K1/8/8/8/8/8 b - -"
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string // substrings stdout must hold
	}{
		{"counts right", []string{"-epd", file("ok.epd", movegen.StartFEN+" ;D1 20 ;D2 400\n"+mate+" ;D1 0\n")},
			0, []string{"3 passed, 0 failed"}},
		{"a zero that is wrong", []string{"-epd", file("zero.epd", "# comment\n"+movegen.StartFEN+" ;D1 0 ;D2 0\n")},
			1, []string{"FAIL line 2: ", "depth 1: got 20, want 0", "0 passed, 2 failed"}},
		{"max depth", []string{"-epd", file("deep.epd", movegen.StartFEN+" ;D1 20 ;D2 1\n"), "-max-depth", "1"},
			0, []string{"1 passed, 0 failed"}},
		{"no counts", []string{"-epd", file("bare.epd", movegen.StartFEN+"\n")},
			1, []string{"line 1: ", "no depth counts", "0 passed, 1 failed"}},
		{"bad FEN", []string{"-epd", file("badfen.epd", "8/8/8 w - - ;D1 1\n")},
			1, []string{"line 1: "}},
		{"empty file", []string{"-epd", file("empty.epd", "\n# nothing\n")}, 2, nil},
		{"missing file", []string{"-epd", filepath.Join(dir, "missing.epd")}, 2, nil},
		{"empty path", []string{"-epd", ""}, 2, nil},
		{"negative max depth", []string{"-epd", file("neg.epd", movegen.StartFEN+" ;D1 20\n"), "-max-depth", "-5"}, 2, nil},
		{"-depth with -epd", []string{"-epd", file("d.epd", movegen.StartFEN+" ;D1 20\n"), "-depth", "3"}, 2, nil},
		{"-fen with -epd", []string{"-fen", movegen.StartFEN, "-epd", file("f.epd", movegen.StartFEN+" ;D1 20\n")}, 2, nil},
		{"-divide with -epd", []string{"-epd", file("v.epd", movegen.StartFEN+" ;D1 20\n"), "-divide"}, 2, nil},
		{"-max-depth without -epd", []string{"-depth", "2", "-max-depth", "3"}, 2, nil},
	}
	for _, tc := range tests {
		var stdout, stderr bytes.Buffer
		if code := Perft(tc.args, &stdout, &stderr); code != tc.code {
			t.Errorf("%s: perft %q = exit %d, want %d\nstdout:\n%sstderr:\n%s", tc.name, tc.args, code, tc.code, stdout.String(), stderr.String())
		}
		for _, want := range tc.stdout {
			if !strings.Contains(stdout.String(), want) {
				t.Errorf("%s: stdout lacks %q:\n%s", tc.name, want, stdout.String())
			}
		}
		if tc.code == 2 && stderr.Len() == 0 {
			t.Errorf("%s: exit 2 with no message", tc.name)
		}
	}
}

// TestPerftBareDepth checks that "perft N" takes N as its depth, as "bench
// N" does, with flags before or after it.
func TestPerftBareDepth(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	suite := filepath.Join(repoRoot(t), "testdata", "cpw_perft.epd")
	tests := []struct {
		args   []string
		code   int
		stdout []string
	}{
		{[]string{"3"}, 0, []string{"Nodes searched: 8902"}},
		{[]string{"-divide", "2"}, 0, []string{"e2e4: 20", "Nodes searched: 400"}},
		{[]string{"2", "-divide"}, 0, []string{"e2e4: 20", "Nodes searched: 400"}},
		{[]string{"3", "-fen", kiwipete}, 0, []string{"Nodes searched: 97862"}},
		{[]string{"x"}, 2, nil},
		{[]string{"0"}, 2, nil},
		{[]string{"2", "3"}, 2, nil},
		{[]string{"-depth", "2", "3"}, 2, nil},
		{[]string{"2", "-epd", suite}, 2, nil},
	}
	for _, tc := range tests {
		code, stdout, stderr := runCommand(append([]string{"perft"}, tc.args...)...)
		if code != tc.code {
			t.Errorf("perft %q = exit %d, want %d; stderr %q", tc.args, code, tc.code, stderr)
		}
		for _, want := range tc.stdout {
			if !strings.Contains(stdout, want) {
				t.Errorf("perft %q: stdout lacks %q:\n%s", tc.args, want, stdout)
			}
		}
		if tc.code == 2 && stderr == "" {
			t.Errorf("perft %q: exit 2 with no message", tc.args)
		}
	}
}
