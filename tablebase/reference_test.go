package tablebase

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

const testDir = "../testdata/syzygy"

func openTest(t *testing.T) *Tablebases {
	t.Helper()
	tb, errs := Open([]string{testDir})
	for _, err := range errs {
		t.Errorf("Open: %v", err)
	}
	t.Cleanup(func() { tb.Close() })
	return tb
}

// TestReference checks WDL and DTZ against python-chess's prober on the
// positions of testdata/syzygy/reference.csv (tools/syzygy-reference.py).
func TestReference(t *testing.T) {
	tb := openTest(t)
	f, err := os.Open(testDir + "/reference.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, ",")
		if len(parts) != 3 {
			t.Fatalf("bad line %q", line)
		}
		pos, err := movegen.ParseFEN(parts[0])
		if err != nil {
			t.Fatalf("ParseFEN(%q): %v", parts[0], err)
		}
		wantWDL, _ := strconv.Atoi(parts[1])
		wantDTZ, _ := strconv.Atoi(parts[2])
		w, ok := tb.ProbeWDL(&pos)
		if !ok || int(w) != wantWDL {
			t.Errorf("ProbeWDL(%q) = %d, %v; want %d", parts[0], w, ok, wantWDL)
		}
		d, ok := tb.ProbeDTZ(&pos)
		if !ok || d != wantDTZ {
			t.Errorf("ProbeDTZ(%q) = %d, %v; want %d", parts[0], d, ok, wantDTZ)
		}
		n++
	}
	t.Logf("%d positions", n)
	if n < 1000 {
		t.Errorf("only %d reference positions", n)
	}
}
