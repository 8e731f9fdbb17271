package movegen

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// perftMaxNodes, when set, replaces the suites' own bounds on which listed
// depths `go test` runs (every depth whose expected count is at most the
// bound). `make perft-full` runs every depth from the command line; the flag
// gives a deeper run under go test: go test ./movegen -run Perft -perftmax 1e9.
var perftMaxNodes = flag.Float64("perftmax", 0, "run perft suite depths whose count is at most this many nodes (0: the suites' defaults)")

// readPerftSuite reads the perft cases of a file in the repository's testdata.
func readPerftSuite(t testing.TB, name string) []PerftCase {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []PerftCase
	sc := NewEPDScanner(f)
	for sc.Scan() {
		c, err := ParsePerftCase(sc.Text())
		if err != nil {
			t.Fatalf("%s:%d: %v", name, sc.Line(), err)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

func TestPerftSuites(t *testing.T) {
	// The bounds keep the run to about a billion nodes, some ten seconds.
	suites := []struct {
		file     string
		cases    int
		chess960 bool
		maxNodes uint64
	}{
		{"cpw_perft.epd", 7, false, 20_000_000},
		{"perftsuite.epd", 126, false, 20_000_000},
		{"fischer.epd", 960, true, 5_000_000},
	}
	for _, s := range suites {
		limit := s.maxNodes
		if *perftMaxNodes > 0 {
			limit = uint64(*perftMaxNodes)
		}
		if testing.Short() {
			limit = 200_000
		}
		t.Run(strings.TrimSuffix(s.file, ".epd"), func(t *testing.T) {
			cases := readPerftSuite(t, s.file)
			if len(cases) != s.cases {
				t.Fatalf("%s: %d positions, want %d", s.file, len(cases), s.cases)
			}
			for i, c := range cases {
				// Shredder letters mark Chess960; a "-" castling field says nothing.
				if c.Chess960 && !s.chess960 || !c.Chess960 && s.chess960 && c.Position.Castling() != 0 {
					t.Errorf("%s position %d: Chess960 = %v, want %v (%s)", s.file, i+1, c.Chess960, s.chess960, c.FEN)
				}
				t.Run(fmt.Sprint(i+1), func(t *testing.T) {
					ran := false
					for _, w := range c.Want {
						if w.Nodes > limit {
							continue
						}
						ran = true
						p := c.Position
						if got := Perft(&p, w.Depth); got != w.Nodes {
							t.Errorf("Perft(%q, %d) = %d, want %d", c.FEN, w.Depth, got, w.Nodes)
						}
					}
					if !ran {
						t.Errorf("%q: no listed depth within %d nodes", c.FEN, limit)
					}
				})
			}
		})
	}
}

// TestDivideSumsToPerft checks that Divide splits the perft count over the
// legal root moves, one entry each.
func TestDivideSumsToPerft(t *testing.T) {
	for _, fen := range []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	} {
		p := MustParseFEN(fen)
		var ml MoveList
		p.GenerateLegal(&ml)
		div := Divide(&p, 3)
		if len(div) != ml.N {
			t.Errorf("Divide(%q, 3) has %d entries, want %d legal moves", fen, len(div), ml.N)
		}
		var sum uint64
		for i, e := range div {
			sum += e.Nodes
			if i < ml.N && e.Move != ml.Moves[i] {
				t.Errorf("Divide(%q, 3) entry %d is %s, want %s", fen, i, e.Move, ml.Moves[i])
			}
		}
		if want := Perft(&p, 3); sum != want {
			t.Errorf("Divide(%q, 3) sums to %d, want Perft = %d", fen, sum, want)
		}
	}
}

// TestPerftUntil checks the stoppable count: whole and equal to Perft while
// stop stays false, and cut short, saying so, once it is set.
func TestPerftUntil(t *testing.T) {
	p := MustParseFEN(StartFEN)
	var stop atomic.Bool
	if n, whole := PerftUntil(&p, 4, &stop); n != 197281 || !whole {
		t.Errorf("PerftUntil(start, 4, false) = %d, %v, want 197281, true", n, whole)
	}
	stop.Store(true)
	if n, whole := PerftUntil(&p, 4, &stop); n >= 197281 || whole {
		t.Errorf("PerftUntil(start, 4, stopped) = %d, %v, want fewer nodes and false", n, whole)
	}
	if n, whole := PerftUntil(&p, 2, &stop); n != 400 || whole {
		t.Errorf("PerftUntil(start, 2, stopped) = %d, %v, want 400 (too shallow to look) and false", n, whole)
	}
}
