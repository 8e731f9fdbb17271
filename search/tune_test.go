package search

import (
	"strings"
	"testing"
)

// TestTunables checks the table both builds carry: each default within its
// range, names usable as UCI option names, and the SPSA line's form.
func TestTunables(t *testing.T) {
	ts := Tunables()
	if len(ts) == 0 {
		t.Fatal("Tunables() is empty")
	}
	for _, tu := range ts {
		if tu.Default < tu.Min || tu.Default > tu.Max || tu.CEnd <= 0 || tu.REnd <= 0 {
			t.Errorf("%+v: default outside its range or no SPSA schedule", tu)
		}
		if strings.ContainsAny(tu.Name, " \t") {
			t.Errorf("%q: an option name with a space cannot be set by \"setoption name ... value\" unambiguously", tu.Name)
		}
		if v, ok := TunableValue(strings.ToUpper(tu.Name)); !ok || (!TuneBuild && v != tu.Default) {
			t.Errorf("TunableValue(%q) = %d, %v; want %d, true", tu.Name, v, ok, tu.Default)
		}
	}
	if _, ok := TunableValue("noSuchTunable"); ok {
		t.Error("TunableValue(noSuchTunable) found one")
	}
	got := Tunable{Name: "rfpMargin", Default: 75, Min: 30, Max: 150, CEnd: 8, REnd: 0.002}.SPSA()
	if want := "rfpMargin, int, 75, 30, 150, 8, 0.002"; got != want {
		t.Errorf("SPSA() = %q, want %q", got, want)
	}
	// The table is the caller's copy.
	ts[0].Default = -1 << 30
	if Tunables()[0].Default == ts[0].Default {
		t.Error("Tunables() shares its table with the caller")
	}
}

// TestLMRTable pins a few entries of the reduction table built from the
// tunables' defaults: r = 0.75 + ln(d)*ln(n)/2.25, truncated.
func TestLMRTable(t *testing.T) {
	tests := []struct{ d, n, want int }{
		{1, 1, 0}, {3, 3, 1}, {8, 8, 2}, {20, 40, 5}, {63, 63, 8},
	}
	lmr := buildLMR()
	for _, tt := range tests {
		if got := int(lmr[tt.d][tt.n]); got != tt.want {
			t.Errorf("buildLMR()[%d][%d] = %d, want %d", tt.d, tt.n, got, tt.want)
		}
	}
}
