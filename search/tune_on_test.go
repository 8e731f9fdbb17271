//go:build tune

package search

import (
	"strings"
	"testing"
)

// TestSetTunable checks the tune build's setter: a value in range is set
// and the derived tables follow it, a value out of range or an unknown
// name is refused and changes nothing, and the defaults restore the tables.
func TestSetTunable(t *testing.T) {
	lmr, stab := lmrReductions, stabilityScale
	defer func() {
		for _, tu := range Tunables() {
			if err := SetTunable(tu.Name, tu.Default); err != nil {
				t.Fatal(err)
			}
		}
		if lmrReductions != lmr || stabilityScale != stab {
			t.Error("the defaults did not restore the derived tables")
		}
	}()

	if err := SetTunable("LMRBASE100", 175); err != nil {
		t.Fatalf("SetTunable(LMRBASE100, 175): %v", err)
	}
	if v, _ := TunableValue("lmrBase100"); v != 175 {
		t.Errorf("TunableValue(lmrBase100) = %d after setting 175", v)
	}
	if lmrReductions[8][8] != lmr[8][8]+1 {
		t.Errorf("lmrReductions[8][8] = %d after lmrBase100 +1.00, want %d", lmrReductions[8][8], lmr[8][8]+1)
	}
	if err := SetTunable("tmStability4", 99); err != nil || stabilityScale[4] != 99 {
		t.Errorf("SetTunable(tmStability4, 99): %v, stabilityScale[4] = %d", err, stabilityScale[4])
	}

	tests := []struct {
		name    string
		v       int
		errWant string
	}{
		{"rfpMargin", 151, "outside 30..150"},
		{"rfpMargin", 29, "outside 30..150"},
		{"seeQuietMargin", 0, "outside -150..-10"},
		{"noSuchTunable", 1, "no tunable"},
	}
	for _, tt := range tests {
		before, _ := TunableValue(tt.name)
		err := SetTunable(tt.name, tt.v)
		if err == nil || !strings.Contains(err.Error(), tt.errWant) {
			t.Errorf("SetTunable(%q, %d) = %v, want an error containing %q", tt.name, tt.v, err, tt.errWant)
		}
		if after, _ := TunableValue(tt.name); after != before {
			t.Errorf("refused SetTunable(%q, %d) changed the value %d to %d", tt.name, tt.v, before, after)
		}
	}
}
