package nnue

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"
)

// testNetFile is the file of the net the tests of a whole net run on (the
// walk's, the fuzz seed's): the embedded net's, or, in a build that embeds
// none (-tags hidden128, hidden512), a random net the test writes at the
// build's width, with mobility inputs and output buckets as the embedded
// nets have. So each width's inference is tested without a net of that
// width in git.
var testNetFile = sync.OnceValue(func() []byte {
	if defaultNetFile != nil {
		return defaultNetFile
	}
	w := randomBucketWeights(rand.New(rand.NewPCG(43, 44)), true, MaxOutputBuckets)
	w.Name = fmt.Sprintf("random-%d", Hidden)
	b, err := w.MarshalBinary()
	if err != nil {
		panic(fmt.Sprintf("the random test net: %v", err))
	}
	return b
})

// testNet is testNetFile's net, loaded once.
var testNet = sync.OnceValue(func() *Network {
	n, err := Load(testNetFile())
	if err != nil {
		panic(fmt.Sprintf("the test net: %v", err))
	}
	return n
})

// Each net kept in nets/ loads in a build at least as wide as it (widened
// in a wider one) and a narrower build refuses it with both widths in the
// message. The default build embeds the net marked for its width; the
// others are candidates, kept so that they outlive a round's machine. The
// width variants embed none, and say so.
func TestNetFiles(t *testing.T) {
	marked := map[int]string{} // width -> the net its build embeds
	for _, f := range []struct {
		name     string
		hidden   int
		mobility string // inputs, table or none: how the net reads the counts
		embedded bool   // in the build of its width
	}{
		{"g16t-256-tab-b8", 256, "table", false},
		{"g15n-256-b8", 256, "none", false},
		{"g18n-256-b8", 256, "none", false},
		{"g20k-256-mob-kb4-b8", 256, "inputs", false},
		{"g23a-256-mob-kb7-b8", 256, "inputs", true},
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
		if n.Name() != f.name || n.Mobility() != (f.mobility == "inputs") || n.MobilityTable() != (f.mobility == "table") ||
			n.Buckets() != MaxOutputBuckets {
			t.Errorf("%s: name %q, mobility inputs %v, table %v, %d buckets; want %q, mobility %s, %d buckets",
				path, n.Name(), n.Mobility(), n.MobilityTable(), n.Buckets(), f.name, f.mobility, MaxOutputBuckets)
		}
	}
	got := ""
	if n := DefaultNet(); n != nil {
		got = n.Name()
	}
	if want := marked[Hidden]; got != want {
		t.Errorf("a build of %d neurons embeds %q, want %q (the net marked for its width)", Hidden, got, want)
	}
	if got == "" && !strings.Contains(ErrNoEmbeddedNet.Error(), fmt.Sprintf("embeds no net of its width, %d hidden neurons", Hidden)) {
		t.Errorf("ErrNoEmbeddedNet = %q, want it to name the width, %d", ErrNoEmbeddedNet, Hidden)
	}
}
