package uci

import (
	"bytes"
	"io"
	"testing"

	"github.com/rs/zerolog"
)

// firstReadSpy is an input that records what had been written to out when
// the loop first asked it for input, and then ends.
type firstReadSpy struct {
	out     *bytes.Buffer
	atFirst *string
}

func (r firstReadSpy) Read([]byte) (int, error) {
	if *r.atFirst == "" {
		*r.atFirst = r.out.String()
	}
	return 0, io.EOF
}

// TestBannerBeforeInput checks that the banner is written before any input
// is read: a GUI that waits for the engine's first line (Scid) must get it
// without sending anything.
func TestBannerBeforeInput(t *testing.T) {
	var out bytes.Buffer
	var atFirst string
	RunWith(firstReadSpy{out: &out, atFirst: &atFirst}, &out, Config{Version: "1.2.3", Log: zerolog.Nop()})
	want := "Sightline 1.2.3 by the Sightline developers\n"
	if atFirst != want {
		t.Errorf("written before the first read: %q, want %q", atFirst, want)
	}
	if out.String() != want {
		t.Errorf("whole output with no input: %q, want only the banner", out.String())
	}
}
