package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestOpenBenchCommands runs the binary's commands as OpenBench's client
// does: `bench` (the last line it parses), and genfens as one argument
// followed by "quit".
func TestOpenBenchCommands(t *testing.T) {
	code, out, _ := runCommand("bench", "2")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if last := lines[len(lines)-1]; code != 0 || !regexp.MustCompile(`^[0-9]+ nodes [0-9]+ nps$`).MatchString(last) {
		t.Errorf("bench 2: exit %d, last line %q, want \"N nodes M nps\"", code, last)
	}

	code, one, _ := runCommand("genfens 3 seed 7 book None ", "quit")
	if code != 0 || strings.Count(one, "info string genfens ") != 3 {
		t.Errorf("\"genfens 3 seed 7 book None\" quit: exit %d, output\n%s", code, one)
	}
	if _, split, _ := runCommand("genfens", "3", "seed", "7", "book", "None"); split != one {
		t.Errorf("genfens with separate arguments wrote\n%s\nwant\n%s", split, one)
	}

	for _, args := range [][]string{
		{"genfens"},
		{"genfens 0 seed 1 book None"},
		{"genfens x seed 1 book None"},
		{"genfens 3 seed -1 book None"},
		{"genfens 3 book None"},
		{"genfens 3 seed 1 book /no/such/book.epd"},
	} {
		if code, _, stderr := runCommand(args...); code != 2 || stderr == "" {
			t.Errorf("%q: exit %d, stderr %q; want 2 and a message", args, code, stderr)
		}
	}
}
