package main

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b)) }

// TestStep checks the gain sequences against OpenBench's definition: at the
// last iteration c_k is c_end and r_k is r_end; at the first, c_k is
// c_end*N^gamma and r_k follows from a = r_end*c_end²*(A+N)^alpha.
func TestStep(t *testing.T) {
	s := Schedule{Iterations: 1000, A: 100, Alpha: 0.602, Gamma: 0.101}
	p := Param{Name: "x", Min: 0, Max: 200, CEnd: 8, REnd: 0.002}
	tests := []struct {
		k      int
		ck, rk float64
	}{
		{1000, 8, 0.002},
		{1, 8 * math.Pow(1000, 0.101), 0.002 * 64 * math.Pow(1100, 0.602) / math.Pow(101, 0.602) / math.Pow(8*math.Pow(1000, 0.101), 2)},
		{500, 8 * math.Pow(2, 0.101), 0.002 * 64 * math.Pow(1100.0/600, 0.602) / math.Pow(8*math.Pow(2, 0.101), 2)},
	}
	for _, tt := range tests {
		ck, rk := s.Step(p, tt.k)
		if !near(ck, tt.ck) || !near(rk, tt.rk) {
			t.Errorf("Step(k=%d) = %g, %g, want %g, %g", tt.k, ck, rk, tt.ck, tt.rk)
		}
	}
	// An integer's perturbation never drops below a half.
	p.CEnd = 0.2
	if ck, _ := s.Step(p, 1000); ck != 0.5 {
		t.Errorf("Step with c_end 0.2 at the end: c_k = %g, want 0.5", ck)
	}
	// Both shrink over the run.
	p.CEnd = 8
	c1, r1 := s.Step(p, 10)
	c2, r2 := s.Step(p, 900)
	if !(c2 < c1) || !(r2*c2*c2 < r1*c1*c1) {
		t.Errorf("Step: c_k %g -> %g, a_k %g -> %g, want both to shrink", c1, c2, r1*c1*c1, r2*c2*c2)
	}
}

// TestPerturb checks that each side is an integer in range, the two sides
// lie on either side of the value by about c_k (exactly, on average over
// the random rounding), and that the same seed draws the same pairs.
func TestPerturb(t *testing.T) {
	s := Schedule{Iterations: 100, A: 10, Alpha: 0.602, Gamma: 0.101}
	params := []Param{
		{Name: "mid", Min: 0, Max: 100, CEnd: 3.3, REnd: 0.002, Value: 50.25},
		{Name: "top", Min: 0, Max: 10, CEnd: 2, REnd: 0.002, Value: 10},
	}
	const draws = 20000
	var sum float64
	for i := 0; i < draws; i++ {
		pt := s.Perturb(params, 100, rand.New(rand.NewPCG(7, uint64(i))))
		for j, p := range params {
			for _, v := range []float64{pt.Plus[j], pt.Minus[j]} {
				if v != math.Trunc(v) || v < p.Min || v > p.Max {
					t.Fatalf("Perturb: %s played at %g, want an integer in %g..%g", p.Name, v, p.Min, p.Max)
				}
			}
		}
		if d := (pt.Plus[0] - pt.Minus[0]) * pt.Flip[0]; d < 6 || d > 7 {
			t.Fatalf("Perturb: sides %g and %g of 50.25 with c_k 3.3", pt.Plus[0], pt.Minus[0])
		}
		sum += pt.Plus[0] - pt.Flip[0]*pt.CK[0]
	}
	if mean := sum / draws; math.Abs(mean-50.25) > 0.02 {
		t.Errorf("Perturb: plus side less c_k averages %g, want 50.25", mean)
	}
	a := s.Perturb(params, 3, rand.New(rand.NewPCG(1, 3)))
	b := s.Perturb(params, 3, rand.New(rand.NewPCG(1, 3)))
	if !reflect.DeepEqual(a, b) {
		t.Errorf("Perturb with the same seed drew %+v and %+v", a, b)
	}
}

func TestUpdate(t *testing.T) {
	params := []Param{
		{Name: "a", Min: 0, Max: 100, Value: 50},
		{Name: "b", Min: 0, Max: 100, Value: 50},
		{Name: "c", Min: 0, Max: 100, Value: 99},
	}
	pt := Perturbation{Flip: []float64{1, -1, 1}, CK: []float64{2, 2, 2}, RK: []float64{0.5, 0.5, 0.5}}
	Update(params, pt, 7, 4) // plus scored 3 more wins than losses
	for i, want := range []float64{53, 47, 100} {
		if params[i].Value != want {
			t.Errorf("Update: %s = %g, want %g", params[i].Name, params[i].Value, want)
		}
	}
}

func testState() *State {
	return &State{
		Version:  stateVersion,
		Schedule: Schedule{Iterations: 20, A: 2, Alpha: 0.602, Gamma: 0.101},
		Match:    Match{TC: "8+0.08", Pairs: 4, Hash: 16},
		Seed:     42,
		Params: []Param{
			{Name: "rfpMargin", Start: 75, Min: 30, Max: 150, CEnd: 8, REnd: 0.002, Value: 75},
			{Name: "seeQuietMargin", Start: -60, Min: -150, Max: -10, CEnd: 8, REnd: 0.002, Value: -60},
		},
	}
}

func TestStateRoundTrip(t *testing.T) {
	st := testState()
	st.Done, st.Wins, st.Losses, st.Draws = 3, 5, 4, 15
	st.Params[0].Value = 77.123456789
	path := filepath.Join(t.TempDir(), "state.json")
	if err := st.save(path); err != nil {
		t.Fatal(err)
	}
	got, err := loadState(path)
	if err != nil {
		t.Fatalf("loadState: %v", err)
	}
	if !reflect.DeepEqual(got, st) {
		t.Errorf("loadState(save(s)) = %+v, want %+v", got, st)
	}
	if v := string(got.values()); v != "rfpMargin, 77\nseeQuietMargin, -60\n" {
		t.Errorf("values() = %q", v)
	}
}

// TestLoadStateRefuses checks that a damaged or edited state file is
// refused, not half used.
func TestLoadStateRefuses(t *testing.T) {
	good, _ := os.ReadFile(func() string {
		p := filepath.Join(t.TempDir(), "s.json")
		testState().save(p)
		return p
	}())
	tests := []struct{ name, old, new string }{
		{"not JSON", `"version"`, `version`},
		{"cut short", "}\n", ""},
		{"unknown field", `"seed"`, `"colour": 1, "seed"`},
		{"other version", `"version": 1`, `"version": 2`},
		{"no iterations", `"iterations": 20`, `"iterations": 0`},
		{"done past the end", `"iterations_done": 0`, `"iterations_done": 21`},
		{"alpha", `"alpha": 0.602`, `"alpha": 7`},
		{"tc and nodes", `"tc": "8+0.08"`, `"tc": "8+0.08", "nodes": 5000`},
		{"bad tc", `"8+0.08"`, `"8 minutes"`},
		{"value outside", `"value": 75`, `"value": 151`},
		{"start not integer", `"start": 75`, `"start": 75.5`},
		{"twice", `"seeQuietMargin"`, `"RFPMARGIN"`},
		{"no params", `"params": [`, `"params": [], "x": [`},
		{"negative games", `"draws": 0`, `"draws": -1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(string(good), tt.old) {
				t.Fatalf("the state file has no %q", tt.old)
			}
			path := filepath.Join(t.TempDir(), "state.json")
			os.WriteFile(path, []byte(strings.Replace(string(good), tt.old, tt.new, 1)), 0o644)
			if _, err := loadState(path); err == nil {
				t.Errorf("loadState accepted a state file with %s", tt.name)
			}
		})
	}
}

func TestParseParams(t *testing.T) {
	ps, err := parseParams("# comment\n\nrfpMargin, int, 75, 30, 150, 8, 0.002\n seeQuietMargin ,int,-60,-150,-10,8,0.002\n")
	want := []Param{
		{Name: "rfpMargin", Start: 75, Min: 30, Max: 150, CEnd: 8, REnd: 0.002, Value: 75},
		{Name: "seeQuietMargin", Start: -60, Min: -150, Max: -10, CEnd: 8, REnd: 0.002, Value: -60},
	}
	if err != nil || !reflect.DeepEqual(ps, want) {
		t.Errorf("parseParams = %+v, %v, want %+v", ps, err, want)
	}
	for _, bad := range []string{
		"",
		"a, float, 0.5, 0, 1, 0.1, 0.002",
		"a, int, 5, 0, 10, 1",
		"a, int, x, 0, 10, 1, 0.002",
		"a, int, 11, 0, 10, 1, 0.002",
		"a, int, 5, 10, 0, 1, 0.002",
		"a, int, 5, 0, 10, 0, 0.002",
		"a, int, 5, 0, 10, 1, 2",
		"a b, int, 5, 0, 10, 1, 0.002",
		"a, int, NaN, 0, 10, 1, 0.002",
	} {
		if _, err := parseParams(bad); err == nil {
			t.Errorf("parseParams(%q) accepted it", bad)
		}
	}
}

func TestParseResult(t *testing.T) {
	out := `Started game 1 of 8 (plus vs minus)
Finished game 1 (plus vs minus): 1-0 {White mates}
--------------------------------------------------
Results of plus vs minus (inf, 5000 nodes, 1t, 16MB, noob_3moves.epd):
Elo: 43.7 +/- 120.2, nElo: 60.1 +/- 160.0
LOS: 76.4 %, DrawRatio: 50.0 %, PairsRatio: 1.50
Games: 8, Wins: 3, Losses: 2, Draws: 3, Points: 4.5 (56.25 %)
Ptnml(0-2): [0, 1, 2, 1, 0], WL/DD Ratio: 1.00
--------------------------------------------------
`
	if w, l, d, err := parseResult(out); err != nil || w != 3 || l != 2 || d != 3 {
		t.Errorf("parseResult = %d-%d-%d, %v, want 3-2-3", w, l, d, err)
	}
	for _, bad := range []string{
		"",
		strings.Replace(out, "plus vs minus (", "minus vs plus (", 1),
		strings.Replace(out, "Games: 8", "Games: 9", 1),
	} {
		if _, _, _, err := parseResult(bad); err == nil {
			t.Errorf("parseResult accepted %q", bad)
		}
	}
}

// fakePlay scores each iteration from its perturbation alone, so that a run
// cut short and resumed must end where an uninterrupted one does.
func fakePlay(failAt int) playFunc {
	return func(_ context.Context, s *State, pt Perturbation, k int) (int, int, int, error) {
		if k == failAt {
			return 0, 0, 0, errors.New("killed")
		}
		w := 0
		if pt.Plus[0] > pt.Minus[0] { // the larger first parameter wins
			w = 2
		}
		return w, 2 - w, 2*s.Match.Pairs - 2, nil
	}
}

func TestLoopResumes(t *testing.T) {
	dir := t.TempDir()
	statePath, valuesPath := filepath.Join(dir, "s.json"), filepath.Join(dir, "v.txt")
	straight := testState()
	if err := loop(context.Background(), straight, filepath.Join(dir, "s0.json"), filepath.Join(dir, "v0.txt"), fakePlay(0), ioDiscard{}); err != nil {
		t.Fatal(err)
	}
	if straight.Done != 20 || straight.Params[0].Value <= 75 {
		t.Fatalf("uninterrupted run: done %d, rfpMargin %g; want 20 and more than 75", straight.Done, straight.Params[0].Value)
	}

	if err := loop(context.Background(), testState(), statePath, valuesPath, fakePlay(8), ioDiscard{}); err == nil {
		t.Fatal("loop did not report the failed iteration")
	}
	st, err := loadState(statePath)
	if err != nil || st.Done != 7 {
		t.Fatalf("state after a failure at iteration 8: %+v, %v; want 7 done", st, err)
	}
	if err := loop(context.Background(), st, statePath, valuesPath, fakePlay(0), ioDiscard{}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(st, straight) {
		t.Errorf("resumed run ended at %+v, uninterrupted at %+v", st, straight)
	}
	v, _ := os.ReadFile(valuesPath)
	if string(v) != string(straight.values()) {
		t.Errorf("values file %q, want %q", v, straight.values())
	}
}

type ioDiscard struct{}

func (ioDiscard) Write(p []byte) (int, error) { return len(p), nil }

// fakeEngine writes a shell script that answers like an engine: its
// spsa-params, and "uci" with options, the tunables among them when tune.
func fakeEngine(t *testing.T, tune bool) string {
	opts := "echo 'option name Hash type spin default 16 min 1 max 65536'"
	if tune {
		opts += "; echo 'option name rfpMargin type spin default 75 min 30 max 150'"
	}
	script := "#!/bin/sh\nif [ \"$1\" = spsa-params ]; then echo 'rfpMargin, int, 75, 30, 150, 8, 0.002'; exit 0; fi\n" +
		"read line; " + opts + "; echo uciok\n"
	path := filepath.Join(t.TempDir(), "engine")
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestRunRefuses checks each refusal: a message on stderr and exit 2,
// before any game.
func TestRunRefuses(t *testing.T) {
	tune, normal := fakeEngine(t, true), fakeEngine(t, false)
	dir := t.TempDir()
	notExec := filepath.Join(dir, "engine.txt")
	os.WriteFile(notExec, []byte("x"), 0o644)
	garbage := filepath.Join(dir, "garbage.json")
	os.WriteFile(garbage, []byte("{\"version\": 1,"), 0o644)
	existing := filepath.Join(dir, "existing.json")
	testState().save(existing)
	params := filepath.Join(dir, "params.txt")
	os.WriteFile(params, []byte("rfpMargin, int, 75, 30, 150, 0, 0.002\n"), 0o644)
	fresh := filepath.Join(dir, "new.json")

	fc := "/bin/true" // a fastchess that is never run
	tests := []struct {
		name    string
		args    []string
		errWant string
	}{
		{"no engine", []string{"-fastchess", fc}, "-engine: required"},
		{"missing engine", []string{"-engine", filepath.Join(dir, "nothing"), "-fastchess", fc}, "no such file"},
		{"engine not executable", []string{"-engine", notExec, "-fastchess", fc}, "not an executable"},
		{"missing fastchess", []string{"-engine", tune, "-fastchess", filepath.Join(dir, "nofastchess")}, "fastchess"},
		{"bad state file", []string{"-engine", tune, "-fastchess", fc, "-state", garbage}, "garbage.json"},
		{"run flag on resume", []string{"-engine", tune, "-fastchess", fc, "-state", existing, "-iterations", "5"}, "-iterations"},
		{"no iterations", []string{"-engine", tune, "-fastchess", fc, "-state", fresh, "-iterations", "0"}, "iterations 0"},
		{"absurd pairs", []string{"-engine", tune, "-fastchess", fc, "-state", fresh, "-pairs", "1000000"}, "pairs"},
		{"tc and nodes", []string{"-engine", tune, "-fastchess", fc, "-state", fresh, "-tc", "8+0.08", "-nodes", "5000"}, "one of them"},
		{"bad tc", []string{"-engine", tune, "-fastchess", fc, "-state", fresh, "-tc", "fast"}, "tc"},
		{"a-ratio", []string{"-engine", tune, "-fastchess", fc, "-state", fresh, "-a-ratio", "3"}, "a-ratio"},
		{"concurrency", []string{"-engine", tune, "-fastchess", fc, "-concurrency", "0"}, "concurrency"},
		{"missing book", []string{"-engine", tune, "-fastchess", fc, "-state", fresh, "-book", filepath.Join(dir, "no.epd")}, "-book"},
		{"bad params", []string{"-engine", tune, "-fastchess", fc, "-state", fresh, "-params", params}, "c_end"},
		{"unknown -only", []string{"-engine", tune, "-fastchess", fc, "-state", fresh, "-only", "lmrBase100"}, "lmrBase100"},
		{"not a tune build", []string{"-engine", normal, "-fastchess", fc, "-state", fresh}, "tune build"},
		{"bad flag", []string{"-engine", tune, "-iterations", "many"}, "invalid value"},
		{"argument", []string{"-engine", tune, "-fastchess", fc, "go"}, "unexpected argument"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr strings.Builder
			code := run(context.Background(), tt.args, ioDiscard{}, &stderr)
			if code != 2 || !strings.Contains(stderr.String(), tt.errWant) {
				t.Errorf("run(%q) = %d, stderr %q; want 2 and %q", tt.args, code, stderr.String(), tt.errWant)
			}
			if _, err := os.Stat(fresh); err == nil {
				t.Errorf("run(%q) wrote a state file", tt.args)
				os.Remove(fresh)
			}
		})
	}
}
