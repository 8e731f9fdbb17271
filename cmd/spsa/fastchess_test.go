package main

import (
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestMatchArgsAsScripts holds matchArgs to tools/match-args.sh's
// match_args, the flags the match scripts give fastchess, so that the
// definition stays one: a change to either fails here until the other
// follows.
func TestMatchArgsAsScripts(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash to run tools/match-args.sh")
	}
	script, err := filepath.Abs(filepath.Join("..", "..", "tools", "match-args.sh"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		games, concurrency int
		book               string
		each               []string
	}{
		{8, 2, "/books/UHO_4060_v4.epd", []string{"proto=uci", "tc=inf", "nodes=10000", "option.Hash=16", "option.Threads=1"}},
		{7, 3, "/books/8moves_v3.pgn", []string{"proto=uci", "tc=8+0.08", "option.Hash=32", "option.Threads=1"}},
		{2, 1, "", []string{"proto=uci", "tc=1+0.01"}},
		{20000, 2, "/a book/with space.epd", []string{"tc=10+0.1"}},
	}
	for _, tt := range tests {
		args := append([]string{"-c", `. "$1"; book=$2; shift 2; match_args "$@"; printf '%s\n' "${match[@]}"`, "bash", script, tt.book}, strconv.Itoa(tt.games), strconv.Itoa(tt.concurrency))
		out, err := exec.Command(bash, append(args, tt.each...)...).Output()
		if err != nil {
			t.Fatalf("match_args %d %d %q: %v", tt.games, tt.concurrency, tt.each, err)
		}
		got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		if want := matchArgs(tt.games, tt.concurrency, tt.book, tt.each...); !reflect.DeepEqual(got, want) {
			t.Errorf("book %q: tools/match-args.sh gives\n%q\nmatchArgs gives\n%q", tt.book, got, want)
		}
	}
}

// TestFastchessArgs pins an iteration's whole command line.
func TestFastchessArgs(t *testing.T) {
	s := testState()
	s.Match = Match{Nodes: 10000, Pairs: 3, Hash: 32, Book: "/books/UHO.epd"}
	pt := Perturbation{Plus: []float64{80, -50}, Minus: []float64{70, -70}}
	got := strings.Join(fastchessArgs(s, "/e/sl-tune", pt, 5, 2, "/tmp/c.json"), " ")
	want := "-engine cmd=/e/sl-tune name=plus option.rfpMargin=80 option.seeQuietMargin=-50 " +
		"-engine cmd=/e/sl-tune name=minus option.rfpMargin=70 option.seeQuietMargin=-70 " +
		"-each proto=uci tc=inf nodes=10000 option.Hash=32 option.Threads=1 " +
		"-openings file=/books/UHO.epd format=epd order=random -repeat -games 2 -rounds 3 -concurrency 2 " +
		"-srand 2139419366 -autosaveinterval 0 -config outname=/tmp/c.json " +
		"-resign movecount=3 score=1000 twosided=true -draw movenumber=40 movecount=8 score=10"
	if got != want {
		t.Errorf("fastchessArgs =\n%s\nwant\n%s", got, want)
	}
	s.Match = Match{TC: "8+0.08", Pairs: 4, Hash: 16}
	got = strings.Join(fastchessArgs(s, "/e/sl-tune", pt, 5, 2, "/tmp/c.json"), " ")
	if !strings.Contains(got, " -each proto=uci tc=8+0.08 option.Hash=16 option.Threads=1 -repeat -games 2 -rounds 4 ") ||
		strings.Contains(got, "-openings") {
		t.Errorf("fastchessArgs without a book, at 8+0.08 = %s", got)
	}
}
