package main

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyTunables puts a copy of search/tunables.go in a new folder and
// returns the folder and the copy's contents.
func copyTunables(t *testing.T) (string, []byte) {
	t.Helper()
	src, err := os.ReadFile("../../tunables.go")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "tunables.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, src
}

// runTunegen runs the command and returns its exit status and output.
func runTunegen(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func writeValues(t *testing.T, dir, text string) string {
	t.Helper()
	path := filepath.Join(dir, "values.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestApplyDefaults: a values file holding every default, the form
// cmd/spsa writes, leaves tunables.go as it is, byte for byte, and writes
// the generated files as go generate does.
func TestApplyDefaults(t *testing.T) {
	dir, src := copyTunables(t)
	ts, _, err := parse(src)
	if err != nil {
		t.Fatal(err)
	}
	var values strings.Builder
	for _, tu := range ts {
		fmt.Fprintf(&values, "%s, %d\n", tu.name, tu.value)
	}
	code, stdout, stderr := runTunegen("-apply", writeValues(t, t.TempDir(), values.String()), dir)
	if code != 0 {
		t.Fatalf("tunegen -apply = %d, stderr %q", code, stderr)
	}
	if want := fmt.Sprintf("0 of %d tunables changed", len(ts)); !strings.Contains(stdout, want) {
		t.Errorf("stdout %q does not say %q", stdout, want)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "tunables.go"))
	if !bytes.Equal(got, src) {
		t.Errorf("the defaults changed tunables.go:\n%s", got)
	}
	for _, name := range generated {
		want, _ := os.ReadFile("../../" + name)
		if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s differs from search/%s (err %v)", name, name, err)
		}
	}
}

// TestApply writes a few values, one of them of another width, and checks
// that only they changed, their comments stayed, the file is gofmt-ed and
// the table follows.
func TestApply(t *testing.T) {
	dir, src := copyTunables(t)
	before, _, err := parse(src)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"rfpMargin": 81, "seeQuietMargin": -60, "futilityHistoryMax": 9000, "aspirationDelta": 16}
	values := writeValues(t, t.TempDir(),
		"# an SPSA run's values\nrfpMargin, 81\n\n  seeQuietMargin ,-60  \nfutilityHistoryMax, 9000\naspirationDelta, 16\n")
	code, stdout, stderr := runTunegen("-apply", values, dir)
	if code != 0 {
		t.Fatalf("tunegen -apply = %d, stderr %q", code, stderr)
	}
	changed := fmt.Sprintf("3 of %d tunables changed", len(before))
	for _, line := range []string{"rfpMargin: 72 -> 81", "seeQuietMargin: -55 -> -60", "futilityHistoryMax: 11675 -> 9000", changed} {
		if !strings.Contains(stdout, line) {
			t.Errorf("stdout %q does not say %q", stdout, line)
		}
	}
	if strings.Contains(stdout, "aspirationDelta") {
		t.Errorf("stdout %q names an unchanged value", stdout)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "tunables.go"))
	if f, err := format.Source(got); err != nil || !bytes.Equal(f, got) {
		t.Errorf("tunables.go is not gofmt-ed after -apply (err %v)", err)
	}
	for _, line := range []string{
		"\trfpMargin   = 81 // tune: 30..150 step 8. Per ply of depth.\n",
		"\tfutilityHistoryMax = 9000 // tune: 4000..30000 step 1500\n",
		"//go:generate go run ./internal/tunegen\n",
	} {
		if !bytes.Contains(got, []byte(line)) {
			t.Errorf("tunables.go after -apply lacks %q", line)
		}
	}
	after, _, err := parse(got)
	if err != nil {
		t.Fatal(err)
	}
	for i, tu := range after {
		v, named := want[tu.name]
		if !named {
			v = before[i].value
		}
		if tu.name != before[i].name || tu.value != v || tu.min != before[i].min || tu.max != before[i].max || tu.cEnd != before[i].cEnd {
			t.Errorf("after -apply %+v, want %s = %d in %d..%d step %d", tu, before[i].name, v, before[i].min, before[i].max, before[i].cEnd)
		}
	}
	table, _ := os.ReadFile(filepath.Join(dir, "tunables_table.go"))
	if !bytes.Contains(table, []byte(`{Name: "rfpMargin", Default: 81, Min: 30`)) {
		t.Errorf("tunables_table.go does not follow the new value:\n%s", table)
	}
}

// TestApplyRefuses: bad input exits 2 with a message naming the problem,
// and writes nothing.
func TestApplyRefuses(t *testing.T) {
	tests := []struct {
		name, values, errWant string
	}{
		{"unknown name", "rfpMargin, 80\nnoSuchTunable, 3\n", `values.txt:2: "noSuchTunable" is not a tunable`},
		{"case", "RFPMARGIN, 80\n", "did you mean rfpMargin?"},
		{"fixed", "nmpMinDepth, 4\n", `"nmpMinDepth" is not a tunable of tunables.go (it is fixed`},
		{"above range", "rfpMargin, 151\n", "values.txt:1: rfpMargin = 151 is outside its range 30..150"},
		{"below range", "seeQuietMargin, -151\n", "seeQuietMargin = -151 is outside its range -150..-10"},
		{"no comma", "rfpMargin 80\n", `values.txt:1: "rfpMargin 80" is not "name, value"`},
		{"input form", "rfpMargin, int, 72, 30, 150, 8, 0.002\n", `is not "name, value"`},
		{"float", "rfpMargin, 80.5\n", `rfpMargin: value "80.5" is not an integer`},
		{"empty value", "rfpMargin,\n", "is not an integer"},
		{"twice", "rfpMargin, 80\nlmpBase, 3\nrfpMargin, 81\n", "values.txt:3: rfpMargin is named again (first on line 1)"},
		{"empty", "# nothing\n\n", `holds no "name, value" line`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, src := copyTunables(t)
			code, _, stderr := runTunegen("-apply", writeValues(t, t.TempDir(), tt.values), dir)
			if code != 2 || !strings.Contains(stderr, tt.errWant) {
				t.Errorf("tunegen -apply with %q = %d, stderr %q; want 2 and %q", tt.values, code, stderr, tt.errWant)
			}
			if got, _ := os.ReadFile(filepath.Join(dir, "tunables.go")); !bytes.Equal(got, src) {
				t.Error("a refused values file changed tunables.go")
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("a refused values file left %d files, want tunables.go alone", len(entries))
			}
		})
	}
}

// TestUsage: bad arguments and missing files exit 2.
func TestUsage(t *testing.T) {
	dir, _ := copyTunables(t)
	for _, args := range [][]string{
		{"-nosuchflag"},
		{dir, dir},
		{"-apply"},
		{"-apply", filepath.Join(dir, "missing.txt"), dir},
		{t.TempDir()}, // no tunables.go there
	} {
		if code, _, stderr := runTunegen(args...); code != 2 || stderr == "" {
			t.Errorf("tunegen %q = %d, stderr %q; want 2 and a message", args, code, stderr)
		}
	}
}
