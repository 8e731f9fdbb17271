package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMatchScriptsDryRun runs each match script with --dry-run against
// stand-in engines, fastchess and cutechess-cli, and checks the command
// lines it prints against testdata/match-commands.txt: the lines the
// scripts ran before they shared tools/match-args.sh, so that a change to
// how any of them builds its command shows here.
func TestMatchScriptsDryRun(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash for the tools/ scripts")
	}
	for _, tool := range []string{"realpath", "grep", "sed"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s for the tools/ scripts", tool)
		}
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	// The scripts name the book and the binaries by their real paths.
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	// Anything the scripts would start; with --dry-run none is.
	for _, name := range []string{"new", "base", "opp", "fastchess", "cutechess-cli"} {
		if err := os.WriteFile(filepath.Join(bin, name), []byte("#!/bin/sh\necho ran >&2\nexit 1\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	fen := []byte("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n")
	for _, book := range []string{"book.epd", "book.pgn"} {
		if err := os.WriteFile(filepath.Join(dir, book), fen, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b := func(name string) string { return filepath.Join(bin, name) }
	p := func(name string) string { return filepath.Join(dir, name) }
	fc, cc := b("fastchess"), b("cutechess-cli")
	cases := [][]string{
		{"sprt.sh", "--fastchess", fc, "--book", p("book.epd"), "--out", p("out/sprt"), "--nonreg", "--nodes", "5000", "--fixed",
			"--games", "11", "--concurrency", "3", "--new-option", "A=1", "--base-option", "B=2", b("new"), b("base")},
		{"sprt.sh", "--fastchess", fc, "--book", p("book.pgn"), "--out", p("out/sprt2"), b("new"), b("base")},
		{"gauntlet.sh", "--fastchess", fc, "--book", p("book.epd"), "--out", p("out/gauntlet"), "--games", "7", "--tc", "1+0.01",
			"--option", "UseNNUE=false", b("new"), "x=" + b("opp")},
		{"soak.sh", "--fastchess", fc, "--cutechess", cc, "--book", p("book.epd"), "--out", p("out/soak"), "--games", "3",
			"--concurrency", "2", "--nodes", "1000", "--only", "bullet-1,threads-4v2,elo-1600,syzygy,hash,ponder", b("new")},
		{"calibrate.sh", "--cutechess", cc, "--book", p("book.epd"), "--out", p("out/calibrate"), "--games", "5", "--tc", "2+0.02",
			b("new"), "1600:sf1600"},
	}
	var got []string
	for _, c := range cases {
		cmd := exec.Command(bash, append([]string{filepath.Join(root, "tools", c[0]), "--dry-run"}, c[1:]...)...)
		cmd.Dir = dir
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("tools/%s --dry-run: %v\n%s", c[0], err, stderr.String())
		}
		if strings.Contains(stderr.String(), "ran") {
			t.Errorf("tools/%s --dry-run started a program: %s", c[0], stderr.String())
		}
		sc := bufio.NewScanner(strings.NewReader(string(out)))
		for sc.Scan() {
			if line := sc.Text(); strings.HasPrefix(line, bin+"/") {
				line = strings.ReplaceAll(line, dir, "$T")
				got = append(got, strings.ReplaceAll(line, root, "$ROOT"))
			}
		}
	}
	data, err := os.ReadFile(filepath.Join("testdata", "match-commands.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.HasPrefix(line, "#") {
			want = append(want, line)
		}
	}
	if len(got) != len(want) {
		t.Errorf("the scripts printed %d command lines, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := 0; i < len(got) && i < len(want); i++ {
		if got[i] != want[i] {
			t.Errorf("command %d:\n got %s\nwant %s", i+1, got[i], want[i])
		}
	}
}
