package tablebase

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// fuzzTables are the tables FuzzTable reads its input as, with positions to
// probe in each.
var fuzzTables = []struct {
	file string
	fens []string
}{
	{"KPvK.rtbw", []string{"8/8/8/8/8/4k3/7P/4K3 w - - 0 1", "8/8/8/8/8/4k3/P7/4K3 b - - 0 1"}},
	{"KPvK.rtbz", []string{"8/8/8/8/8/4k3/7P/4K3 w - - 0 1", "8/8/8/8/8/4k3/P7/4K3 b - - 0 1"}},
	{"KRvKP.rtbw", []string{"8/8/8/3k4/8/1p6/8/R3K3 w - - 0 1", "8/8/8/3k4/8/1p6/8/R3K3 b - - 0 1"}},
	{"KRvKP.rtbz", []string{"8/8/8/3k4/8/1p6/8/R3K3 w - - 0 1", "8/8/8/3k4/8/1p6/8/R3K3 b - - 0 1"}},
	{"KQvKR.rtbz", []string{"8/8/8/3k4/8/8/3r4/Q3K3 w - - 0 1", "8/8/8/3k4/8/8/3r4/Q3K3 b - - 0 1"}},
	{"KRRvK.rtbw", []string{"8/8/8/3k4/8/8/8/RR2K3 w - - 0 1", "8/8/8/3k4/8/8/8/RR2K3 b - - 0 1"}},
}

// FuzzTable reads arbitrary bytes as a table file: Open's checks and the
// probes that follow must never panic, loop or read out of bounds.
func FuzzTable(f *testing.F) {
	for i, ft := range fuzzTables {
		b, err := os.ReadFile(filepath.Join(testDir, ft.file))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), b)
	}
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		ft := fuzzTables[int(which)%len(fuzzTables)]
		ext := filepath.Ext(ft.file)
		key, err := parseMaterial(ft.file[:len(ft.file)-len(ext)])
		if err != nil {
			t.Fatal(err)
		}
		tab, err := parseTable(data, ft.file, key, ext == ".rtbz")
		if err != nil {
			return
		}
		for _, fen := range ft.fens {
			pos := movegen.MustParseFEN(fen)
			if d, idx, stored, ok := tab.encode(&pos); ok && stored {
				tab.value(d, idx)
				for w := 0; w < 4; w++ {
					tab.dtzValue(d, w, uint16(idx))
				}
			}
		}
	})
}
