package main

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestGeneratedFilesFresh fails when a generated file of search/
// (tunables_table.go, tunables_tune.go, tunables_const.go) is not what `go
// generate ./search` would write from search/tunables.go now.
func TestGeneratedFilesFresh(t *testing.T) {
	src, err := os.ReadFile("../../tunables.go")
	if err != nil {
		t.Fatal(err)
	}
	ts, fs, err := parse(src)
	if err != nil {
		t.Fatalf("parse(tunables.go): %v", err)
	}
	files, err := render(ts, fs)
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range generated {
		got, err := os.ReadFile("../../" + name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, files[i]) {
			t.Errorf("search/%s is stale: run go generate ./search", name)
		}
	}
}

func TestParse(t *testing.T) {
	const head = "package search\n\n"
	tests := []struct {
		name, src string
		want      []tunable // nil: an error whose text holds errWant
		wantFixed []fixed
		errWant   string
	}{
		{"plain", "const a = 15 // tune: 5..40 step 3. Why.\n",
			[]tunable{{"a", 15, 5, 40, 3, [2]int{}}}, nil, ""},
		{"negative", "const (\n\tb = -60 // tune: -150..-10 step 8\n\tc = 0 // tune: 0..2 step 1\n)\n",
			[]tunable{{"b", -60, -150, -10, 8, [2]int{}}, {"c", 0, 0, 2, 1, [2]int{}}}, nil, ""},
		{"fixed beside", "const (\n\taMin = 3\n\ta = 15 // tune: 5..40 step 3\n\taMax = -1000 // tuned by hand\n)\n",
			[]tunable{{"a", 15, 5, 40, 3, [2]int{}}}, []fixed{{"aMin", 3}, {"aMax", -1000}}, ""},
		{"only fixed", "const a = 15 // first half-width\n", nil, nil, "no tunable"},
		{"bad syntax", "const a = 15 // tune: 5-40 step 3\n", nil, nil, "want \"tune: MIN..MAX step C\""},
		{"no colon", "const a = 15 // tune 5..40 step 3\n", nil, nil, "does not start with \"tune:\""},
		{"capital", "const a = 15 // Tune: 5..40 step 3\n", nil, nil, "does not start with \"tune:\""},
		{"fixed expression", "const (\n\ta = 15 // tune: 5..40 step 3\n\tb = a * 2\n)\n", nil, nil, "b: value is not an integer literal"},
		{"outside", "const a = 50 // tune: 5..40 step 3\n", nil, nil, "outside 5..40"},
		{"empty range", "const a = 5 // tune: 5..5 step 1\n", nil, nil, "is empty"},
		{"zero step", "const a = 15 // tune: 5..40 step 0\n", nil, nil, "step 0"},
		{"float", "const a = 0.75 // tune: 0..2 step 1\n", nil, nil, "not an integer literal"},
		{"expression", "const a = 3 * 5 // tune: 5..40 step 3\n", nil, nil, "not an integer literal"},
		{"typed", "const a int = 15 // tune: 5..40 step 3\n", nil, nil, "untyped"},
		{"two names", "const a, b = 1, 2 // tune: 0..4 step 1\n", nil, nil, "one untyped constant"},
		{"a variable", "var a = 15\n", nil, nil, "only constants"},
		{"case twins", "const (\n\ta = 1 // tune: 0..4 step 1\n\tA = 1 // tune: 0..4 step 1\n)\n", nil, nil, "declared twice"},
		{"nothing", "", nil, nil, "no tunable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, gotFixed, err := parse([]byte(head + tt.src))
			if tt.want == nil {
				if err == nil || !strings.Contains(err.Error(), tt.errWant) {
					t.Fatalf("parse(%q) error = %v, want one containing %q", tt.src, err, tt.errWant)
				}
				return
			}
			if err != nil {
				t.Fatalf("parse(%q): %v", tt.src, err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("parse(%q) = %+v, want %+v", tt.src, got, tt.want)
			}
			for i := range got {
				got[i].span = [2]int{} // TestApply checks where the values lie
				if got[i] != tt.want[i] {
					t.Errorf("parse(%q)[%d] = %+v, want %+v", tt.src, i, got[i], tt.want[i])
				}
			}
			if !slices.Equal(gotFixed, tt.wantFixed) {
				t.Errorf("parse(%q) fixed = %+v, want %+v", tt.src, gotFixed, tt.wantFixed)
			}
		})
	}
}
