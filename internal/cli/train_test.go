package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/eval/nnue"
)

// TestTrainCommand trains a net for one epoch on a tiny datagen run, checks
// that the engine can read what it wrote, and that bad settings exit 2
// with a message and write nothing.
func TestTrainCommand(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "games.bin")
	if code, _, stderr := runCommand("datagen", "-out", data, "-games", "8", "-nodes", "300", "-seed", "3"); code != 0 {
		t.Fatalf("datagen: exit %d\n%s", code, stderr)
	}
	net := filepath.Join(dir, "tiny.nnue")
	if code, _, stderr := runCommand("train", "-data", data, "-out", net, "-epochs", "1", "-batch", "64", "-valid-every", "3", "-threads", "1"); code != 0 {
		t.Fatalf("train: exit %d\n%s", code, stderr)
	}
	b, err := os.ReadFile(net)
	if err != nil {
		t.Fatal(err)
	}
	if w, err := nnue.Parse(b); err != nil || w.Name != "tiny" {
		t.Fatalf("the trained net does not load as \"tiny\": %v", err)
	}
	// -mobility table from the net with mobility inputs: the inputs
	// dropped, a table begun.
	tabled := filepath.Join(dir, "tabled.nnue")
	if code, _, stderr := runCommand("train", "-data", data, "-out", tabled, "-init", net, "-mobility", "table",
		"-epochs", "1", "-batch", "64", "-valid-every", "3", "-threads", "1"); code != 0 {
		t.Fatalf("train -mobility table: exit %d\n%s", code, stderr)
	}
	if n, err := nnue.LoadFile(tabled); err != nil || n.Mobility() || !n.MobilityTable() {
		t.Fatalf("the net trained with -mobility table: %v; want it loaded with a table and no mobility inputs", err)
	}
	// -hmirror: a mirrored net, -mirror off unless asked for.
	mirrored := filepath.Join(dir, "mirrored.nnue")
	if code, _, stderr := runCommand("train", "-data", data, "-out", mirrored, "-hmirror",
		"-epochs", "1", "-batch", "64", "-valid-every", "3", "-threads", "1"); code != 0 {
		t.Fatalf("train -hmirror: exit %d\n%s", code, stderr)
	}
	if n, err := nnue.LoadFile(mirrored); err != nil || !n.Mirrored() {
		t.Fatalf("the net trained with -hmirror: %v; want it loaded as a mirrored net", err)
	}
	// An unmirrored net may start a mirrored run, not the other way round.
	fromPlain := filepath.Join(dir, "from-plain.nnue")
	if code, _, stderr := runCommand("train", "-data", data, "-out", fromPlain, "-init", net, "-hmirror",
		"-epochs", "1", "-batch", "64", "-valid-every", "3", "-threads", "1"); code != 0 {
		t.Fatalf("train -hmirror -init (a net not mirrored): exit %d\n%s", code, stderr)
	}
	if n, err := nnue.LoadFile(fromPlain); err != nil || !n.Mirrored() {
		t.Fatalf("the net trained with -hmirror from one not mirrored: %v; want it loaded as a mirrored net", err)
	}
	// -king-buckets from a net without them; a run from the bucketed net
	// keeps its buckets unless told none, which is refused, or a finer
	// map, which refines them; a coarser one is refused.
	bucketed := filepath.Join(dir, "bucketed.nnue")
	finer := filepath.Join(dir, "finer.nnue")
	for _, c := range []struct {
		out     string
		args    []string
		buckets int
	}{
		{bucketed, []string{"-init", net, "-king-buckets", "wings4"}, 4},
		{bucketed, []string{"-init", bucketed}, 4},
		{finer, []string{"-init", bucketed, "-king-buckets", "wings7"}, 7},
	} {
		args := append([]string{"train", "-data", data, "-out", c.out, "-epochs", "1", "-batch", "64", "-valid-every", "3", "-threads", "1"}, c.args...)
		if code, _, stderr := runCommand(args...); code != 0 {
			t.Fatalf("sightline %q: exit %d\n%s", args, code, stderr)
		}
		if n, err := nnue.LoadFile(c.out); err != nil || n.KingBuckets() != c.buckets {
			t.Fatalf("sightline %q: the net: %v; want it loaded with %d king buckets", args, err, c.buckets)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-hmirror", "-mirror"}, "redundant with -hmirror"},
		{[]string{"-init", mirrored}, "has horizontally mirrored inputs (-hmirror), this run trains inputs that are not mirrored"},
		{[]string{"-king-buckets", "corners"}, "-king-buckets must be none or one of wings4, wings7"},
		{[]string{"-init", bucketed, "-king-buckets", "none"}, "has king buckets, this run trains none"},
		{[]string{"-init", finer, "-king-buckets", "wings4"}, "has king buckets that this run's map does not refine"},
	} {
		args := append([]string{"train", "-data", data, "-out", filepath.Join(dir, "refused.nnue")}, c.args...)
		if code, _, stderr := runCommand(args...); code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("sightline %q: exit %d, stderr %q; want 2 and a message saying %q", args, code, stderr, c.want)
		}
	}

	bad := filepath.Join(dir, "bad.nnue")
	for _, args := range [][]string{
		{"train", "-data", data, "-out", bad, "-holdout", "sometimes"},
		{"train", "-data", data, "-out", bad, "-lambda", "2"},
		{"train", "-data", data, "-out", bad, "-lambda-end", "1.5"},
		{"train", "-data", data, "-out", bad, "-shuffle", "-1"},
		{"train", "-data", data, "-out", bad, "-valid-max", "0"},
		{"train", "-data", data, "-out", bad, "-batch", "100000000"},
		{"train", "-data", data, "-out", bad, "-lr-cosine", "-lr-end", "0.5"},
		{"train", "-data", data, "-out", bad, "-epochs", "0"},
		{"train", "-data", filepath.Join(dir, "missing.bin"), "-out", bad},
		{"train", "-data", data},
		{"train", "-data", data, "-out", bad, "-init", data},
		{"train", "-data", data, "-out", bad, "-mobility", "columns"},
		{"train", "-data", data, "-out", bad, "-init", tabled, "-mobility", "none"},
	} {
		if code, _, stderr := runCommand(args...); code != 2 || stderr == "" {
			t.Errorf("sightline %q: exit %d, want 2 with a message; stderr %q", args, code, stderr)
		}
	}
	if _, err := os.Stat(bad); err == nil {
		t.Error("a refused train run wrote its -out file")
	}
}
