package cli

import (
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/search"
)

// TestSPSAParamsCommand checks that spsa-params prints one OpenBench SPSA
// line per tunable, in the table's order, and refuses arguments.
func TestSPSAParamsCommand(t *testing.T) {
	code, out, _ := runCommand("spsa-params")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	ts := search.Tunables()
	if code != 0 || len(lines) != len(ts) {
		t.Fatalf("spsa-params: exit %d, %d lines, want 0 and %d", code, len(lines), len(ts))
	}
	for i, l := range lines {
		if f := strings.Split(l, ", "); len(f) != 7 || f[0] != ts[i].Name || f[1] != "int" {
			t.Errorf("spsa-params line %d = %q, want \"%s, int, value, min, max, c_end, r_end\"", i+1, l, ts[i].Name)
		}
	}
	if code, _, _ := runCommand("spsa-params", "extra"); code != 2 {
		t.Errorf("spsa-params extra: exit %d, want 2", code)
	}
}
