package nnue

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// The 256-wide candidate net is kept in the repository beside the embedded
// one (docs/nnue-log.md, "Round 3: g10w-256"), for `EvalFile` in a
// `-tags hidden256` build: such a build loads it, and the default build
// refuses it with both widths in the message.
func TestWideNetFile(t *testing.T) {
	const path = "nets/g10w-256-mob-b8.nnue"
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	n, err := Load(b)
	if Hidden >= 256 {
		if err != nil {
			t.Fatalf("%s in a build of %d neurons: %v", path, Hidden, err)
		}
		if n.Name() != "g10w-256-mob-b8" || !n.Mobility() || n.Buckets() != MaxOutputBuckets {
			t.Errorf("%s: name %q, mobility %v, %d buckets", path, n.Name(), n.Mobility(), n.Buckets())
		}
		return
	}
	if want := fmt.Sprintf("256 hidden neurons per view, this build %d", Hidden); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%s in a build of %d neurons: Load = %v, want an error saying %q", path, Hidden, err, want)
	}
}
