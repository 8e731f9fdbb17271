package tablebase

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// TestKnownPositions checks endings whose outcome a player knows.
func TestKnownPositions(t *testing.T) {
	tb := openTest(t)
	tests := []struct {
		fen  string
		why  string
		wdl  WDL
		dtz  int
		hdtz bool // dtz is checked
	}{
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "KQvK wins", Win, 0, false},
		{"4k3/8/8/8/8/8/8/3QK3 b - - 0 1", "KQvK, the bare king to move, loses", Loss, 0, false},
		{"k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", "KQvK stalemate", Draw, 0, true},
		{"k7/1Q6/8/8/8/8/8/7K b - - 0 1", "the bare king takes the hanging queen", Draw, 0, true},
		{"R6k/8/6K1/8/8/8/8/8 b - - 0 1", "KRvK checkmated", Loss, -1, true},
		{"7k/8/6K1/8/8/8/8/R7 w - - 0 1", "KRvK mate in one", Win, 1, true},
		{"8/8/8/8/8/8/8/R3K2k w - - 0 1", "KRvK wins", Win, 0, false},
		{"8/8/8/4k3/8/8/8/KBN5 w - - 0 1", "KBNvK wins", Win, 0, false},
		{"8/8/8/8/8/8/2k5/1B1N2K1 b - - 0 1", "KBNvK, the king forks and takes a piece", Draw, 0, true},
		{"k7/8/8/8/P7/8/8/K7 w - - 0 1", "rook pawn, the king in its corner", Draw, 0, true},
		{"7k/8/8/8/8/8/P7/K7 w - - 0 1", "rook pawn, the king outside its square", Win, 1, true},
		{"4k3/4P3/4K3/8/8/8/8/8 w - - 0 1", "pawn on the seventh, Kd6 and Kd7 win", Win, 0, false},
		{"4k3/4P3/4K3/8/8/8/8/8 b - - 0 1", "pawn on the seventh, Black to move is stalemated", Draw, 0, true},
		{"k7/P7/1K6/8/8/8/8/8 b - - 0 1", "rook pawn on the seventh, stalemate", Draw, 0, true},
	}
	for _, tc := range tests {
		pos := movegen.MustParseFEN(tc.fen)
		w, ok := tb.ProbeWDL(&pos)
		if !ok || w != tc.wdl {
			t.Errorf("ProbeWDL(%q) = %v, %v; want %v (%s)", tc.fen, w, ok, tc.wdl, tc.why)
		}
		d, ok := tb.ProbeDTZ(&pos)
		if !ok || (d > 0) != (tc.wdl > 0) || (d < 0) != (tc.wdl < 0) || tc.hdtz && d != tc.dtz {
			t.Errorf("ProbeDTZ(%q) = %d, %v; want %d (%s)", tc.fen, d, ok, tc.dtz, tc.why)
		}
	}
}

// TestNotProbed: positions the tables cannot answer are refused.
func TestNotProbed(t *testing.T) {
	tb := openTest(t)
	for _, fen := range []string{
		"r3k3/8/8/8/8/8/8/4K3 w q - 0 1",     // castling rights
		"4k3/8/8/8/8/8/8/2QRK3 w - - 0 1",    // KQRvK: no table here
		"4k3/8/8/8/8/8/PPPPP3/4K3 w - - 0 1", // more pieces than any table
		movegen.StartFEN,
	} {
		pos := movegen.MustParseFEN(fen)
		if w, ok := tb.ProbeWDL(&pos); ok {
			t.Errorf("ProbeWDL(%q) = %v, true; want not ok", fen, w)
		}
		if d, ok := tb.ProbeDTZ(&pos); ok {
			t.Errorf("ProbeDTZ(%q) = %d, true; want not ok", fen, d)
		}
	}
	var none *Tablebases
	pos := movegen.MustParseFEN("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
	if _, ok := none.ProbeWDL(&pos); ok || none.MaxPieces() != 0 {
		t.Errorf("a nil Tablebases probes")
	}
}

func TestProbeAllocs(t *testing.T) {
	tb := openTest(t)
	pos := movegen.MustParseFEN("8/8/3k4/8/2P5/3p4/8/4K3 w - - 0 1") // KPvKP
	allocs := testing.AllocsPerRun(100, func() {
		tb.ProbeWDL(&pos)
		tb.ProbeDTZ(&pos)
	})
	if allocs != 0 {
		t.Errorf("a probe allocates %v times, want 0", allocs)
	}
}

// copyTables copies the named test tables into a fresh directory.
func copyTables(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(testDir, n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestBadFiles: a truncated, lengthened, empty, foreign or misnamed file is refused at
// Open with an error naming it; the sound tables beside it still answer.
func TestBadFiles(t *testing.T) {
	dir := copyTables(t, "KQvK.rtbw", "KRvK.rtbw")
	kqvk, _ := os.ReadFile(filepath.Join(testDir, "KQvK.rtbw"))
	krvkp, _ := os.ReadFile(filepath.Join(testDir, "KRvKP.rtbw"))
	krrvk, _ := os.ReadFile(filepath.Join(testDir, "KRRvK.rtbz"))
	bad := map[string][]byte{
		"KPvK.rtbw":  krvkp[:len(krvkp)/2],                  // truncated
		"KBvK.rtbw":  nil,                                   // empty
		"KNvK.rtbw":  []byte(strings.Repeat("garbage", 99)), // not a table
		"KRvKP.rtbz": krvkp,                                 // a WDL file named as DTZ
		"KBNvK.rtbw": kqvk,                                  // another table's file
		"KQvKX.rtbw": kqvk,                                  // not a table name
		"KRRvK.rtbz": append(krrvk, make([]byte, 64)...),    // something appended
	}
	for name, b := range bad {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tb, errs := Open([]string{dir, filepath.Join(dir, "missing")})
	defer tb.Close()
	if len(errs) != len(bad)+1 {
		t.Errorf("Open gave %d errors, want %d: %v", len(errs), len(bad)+1, errs)
	}
	for name := range bad {
		found := false
		for _, err := range errs {
			found = found || strings.Contains(err.Error(), name)
		}
		if !found {
			t.Errorf("no error names %s: %v", name, errs)
		}
	}
	for _, fen := range []string{"8/8/8/8/8/4k3/7P/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/2BNK3 w - - 0 1"} {
		pos := movegen.MustParseFEN(fen)
		if w, ok := tb.ProbeWDL(&pos); ok {
			t.Errorf("ProbeWDL(%q) = %v from a bad file", fen, w)
		}
	}
	pos := movegen.MustParseFEN("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
	if w, ok := tb.ProbeWDL(&pos); !ok || w != Win {
		t.Errorf("ProbeWDL(KQvK) = %v, %v beside bad files; want win", w, ok)
	}
}

// TestDamagedData: bytes damaged in each part of sound files (the headers
// Open checks, the index of blocks, the compressed data) never make a probe
// panic, loop or answer outside Loss..Win. Damage to a header is refused at
// Open or, where it leaves a table the checks cannot tell from a sound one,
// probed like it; both happen here, or the header rounds would test nothing.
func TestDamagedData(t *testing.T) {
	rng := rand.New(rand.NewSource(16))
	names := []string{"KRvKP.rtbw", "KRvKP.rtbz", "KPvK.rtbw", "KPvK.rtbz", "KRvK.rtbw", "KRvK.rtbz", "KQvKR.rtbw", "KQvKR.rtbz"}
	fens := []string{
		"8/8/8/3k4/8/1p6/8/R3K3 w - - 0 1",
		"8/8/8/3k4/8/1p6/8/R3K3 b - - 0 1",
		"8/3r4/8/3k4/8/8/8/Q3K3 w - - 0 1",
		"8/3r4/8/3k4/8/8/8/Q3K3 b - - 0 1",
	}
	// The parts of each file, from its sound header: the headers run from
	// byte 0 to the first sparse index, the index (sparse index and block
	// lengths) to the first block of data, and the data to the checksum.
	type parts struct{ header, index, data [2]int }
	layout := map[string]parts{}
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(testDir, n))
		if err != nil {
			t.Fatal(err)
		}
		ext := filepath.Ext(n)
		key, err := parseMaterial(strings.TrimSuffix(n, ext))
		if err != nil {
			t.Fatal(err)
		}
		tab, err := parseTable(b, n, key, ext == ".rtbz")
		if err != nil {
			t.Fatalf("parseTable(%s): %v", n, err)
		}
		index, data := len(b), len(b)
		for f := 0; f < tab.nfiles; f++ {
			for side := 0; side < tab.nsides; side++ {
				d := &tab.sub[f][side]
				if d.flags&flagSingleValue == 0 {
					index, data = min(index, d.sparseIndex), min(data, d.dataStart)
				}
			}
		}
		layout[n] = parts{header: [2]int{0, index}, index: [2]int{index, data}, data: [2]int{data, len(b) - 16}}
	}
	refused, probed := 0, 0
	for round := 0; round < 60; round++ {
		region, flips := round%3, 200 // data
		switch region {
		case 0: // headers
			flips = 1 + rng.Intn(3)
		case 1: // index
			flips = 1 + rng.Intn(8)
		}
		dir := copyTables(t, names...)
		for _, n := range names {
			p := layout[n]
			r := [...][2]int{p.header, p.index, p.data}[region]
			if r[1] <= r[0] {
				continue
			}
			path := filepath.Join(dir, n)
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < flips; i++ {
				b[r[0]+rng.Intn(r[1]-r[0])] ^= byte(1 + rng.Intn(255))
			}
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		tb, errs := Open([]string{dir})
		if region == 0 {
			refused += len(errs)
			probed += len(names) - len(errs)
		}
		for _, fen := range fens {
			pos := movegen.MustParseFEN(fen)
			var ml movegen.MoveList
			pos.GenerateLegal(&ml)
			for _, m := range ml.Slice() {
				after := pos
				after.MakeMove(m)
				if w, ok := tb.ProbeWDL(&after); ok && (w < Loss || w > Win) {
					t.Errorf("round %d: ProbeWDL(%s) = %d", round, after.String(), w)
				}
				tb.ProbeDTZ(&after)
			}
		}
		tb.Close()
	}
	if refused == 0 || probed == 0 {
		t.Errorf("damaged headers: %d files refused at Open, %d opened; want some of each", refused, probed)
	}
}

func TestParseMaterial(t *testing.T) {
	for _, name := range []string{"KQvK", "KRPvKB", "KPPvKP", "KBNvK", "KvK"} {
		k, err := parseMaterial(name)
		if err != nil || k.String() != name {
			t.Errorf("parseMaterial(%q) = %v, %v", name, k, err)
		}
	}
	for _, name := range []string{"", "KQ", "QvK", "KQvKK", "KQvKX", "KQQQQQQvK", "KvKvK"} {
		if k, err := parseMaterial(name); err == nil {
			t.Errorf("parseMaterial(%q) = %v, want an error", name, k)
		}
	}
}

// TestRankRootDTZ: with the fifty-move counter running short a win is
// ranked by how fast it zeroes, so the best-ranked moves are DTZ-optimal;
// with time in hand every winning move ranks alike.
func TestRankRootDTZ(t *testing.T) {
	tb := openTest(t)
	for _, tc := range []struct {
		fen    string
		strict bool // only DTZ-optimal moves may rank best
	}{
		{"8/8/8/4k3/8/8/8/KBN5 w - - 0 1", false},
		{"8/8/8/4k3/8/8/8/KBN5 w - - 60 1", true},
		{"8/8/8/3k4/8/8/3r4/Q3K3 w - - 97 1", true}, // only taking the rook zeroes in time
	} {
		pos := movegen.MustParseFEN(tc.fen)
		root, ok := tb.ProbeDTZ(&pos)
		if !ok || root <= 0 {
			t.Fatalf("ProbeDTZ(%q) = %d, %v", tc.fen, root, ok)
		}
		var ml movegen.MoveList
		pos.GenerateLegal(&ml)
		moves := ml.Slice()
		ranks := make([]int, len(moves))
		if !tb.RankRootDTZ(&pos, moves, false, func(*movegen.Position) bool { return false }, ranks) {
			t.Fatalf("RankRootDTZ(%q) failed", tc.fen)
		}
		best := ranks[0]
		for _, r := range ranks {
			best = max(best, r)
		}
		winners := 0
		for i, m := range moves {
			after := pos
			after.MakeMove(m)
			d, _ := tb.ProbeDTZ(&after)
			optimal := after.HalfmoveClock() == 0 || -d+1 == root
			if ranks[i] == best && tc.strict && !optimal {
				t.Errorf("%s: %v ranks best with DTZ %d after it; the root's is %d", tc.fen, m, d, root)
			}
			if ranks[i] == best {
				winners++
			}
		}
		if !tc.strict && winners < 2 {
			t.Errorf("%s: %d moves rank best, want every winning move", tc.fen, winners)
		}
	}
}

// BenchmarkProbe times probes of four-piece positions (the pages already in
// memory after the first round): go test -bench Probe ./tablebase/
func BenchmarkProbe(b *testing.B) {
	tb, _ := Open([]string{testDir})
	defer tb.Close()
	var pos []movegen.Position
	for _, fen := range []string{
		"8/8/3k4/8/2P5/3p4/8/4K3 w - - 0 1",
		"8/8/8/3k4/8/8/3r4/Q3K3 b - - 0 1",
		"8/8/8/4k3/8/8/8/KBN5 w - - 0 1",
		"8/8/8/3k4/8/1p6/8/R3K3 w - - 0 1",
	} {
		pos = append(pos, movegen.MustParseFEN(fen))
	}
	b.Run("WDL", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			tb.ProbeWDL(&pos[i&3])
		}
	})
	b.Run("DTZ", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			tb.ProbeDTZ(&pos[i&3])
		}
	})
}
