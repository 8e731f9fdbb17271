package engine

import (
	"testing"
	"time"

	"github.com/rs/zerolog"
)

// TestOptionDefaults sets every option to the default it announces, as a
// GUI that sends every option back does: each must be taken, and leave the
// settings at their defaults, which are those the options had when they
// became one table.
func TestOptionDefaults(t *testing.T) {
	want := Settings{
		HashMB:           16,
		Threads:          1,
		MultiPV:          1,
		MoveOverhead:     30 * time.Millisecond,
		SyzygyProbeDepth: 1,
		Syzygy50MoveRule: true,
		SyzygyProbeLimit: 7,
		Elo:              1500,
		UseNNUE:          true,
	}
	if got := DefaultSettings(); got != want {
		t.Errorf("DefaultSettings() = %+v, want %+v", got, want)
	}
	e := New(zerolog.Nop())
	defer e.Close()
	for _, o := range OptionSpecs() {
		if _, err := e.SetOption(o.Name, o.Default); err != nil {
			t.Errorf("SetOption(%q, %q), its default: %v", o.Name, o.Default, err)
		}
		if got := e.Settings(); got != want {
			t.Errorf("after SetOption(%q, %q), its default, settings %+v, want %+v", o.Name, o.Default, got, want)
		}
	}
}
