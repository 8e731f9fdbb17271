package nnue

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// Each net kept in nets/ loads in a build at least as wide as it (the
// narrow one widened, so the hidden128 build's embedded net also runs in the
// default build), and a narrower build refuses it with both widths in the
// message. Each build embeds the net marked for its width; the others are
// candidates, kept so that they outlive a round's machine.
func TestNetFiles(t *testing.T) {
	marked := map[int]string{} // width -> the net its build embeds
	for _, f := range []struct {
		name     string
		hidden   int
		embedded bool // in the build of its width
	}{
		{"g10a-mob-b8", 128, true},
		{"g13c-256-mob-b8", 256, false},
		{"g14a-256-mob-b8", 256, true},
		{"g11x-512-mob-b8", 512, true},
	} {
		if f.embedded {
			if other := marked[f.hidden]; other != "" {
				t.Errorf("%s and %s both marked as the %d-neuron build's net", other, f.name, f.hidden)
			}
			marked[f.hidden] = f.name
		}
		path := "nets/" + f.name + ".nnue"
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		n, err := Load(b)
		if f.hidden > Hidden {
			if want := fmt.Sprintf("%d hidden neurons per view, this build %d", f.hidden, Hidden); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s in a build of %d neurons: Load = %v, want an error saying %q", path, Hidden, err, want)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s in a build of %d neurons: %v", path, Hidden, err)
		}
		if n.Name() != f.name || !n.Mobility() || n.Buckets() != MaxOutputBuckets {
			t.Errorf("%s: name %q, mobility %v, %d buckets", path, n.Name(), n.Mobility(), n.Buckets())
		}
	}
	if got, want := DefaultNet().Name(), marked[Hidden]; got != want {
		t.Errorf("a build of %d neurons embeds %q, want %q (the net marked for its width)", Hidden, got, want)
	}
}
