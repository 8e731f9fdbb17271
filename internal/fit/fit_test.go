package fit

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/internal/datafile"
	"github.com/sightline-chess/sightline/internal/datagen"
)

// selfPlayFile writes a few quick self-play games and returns the file.
func selfPlayFile(t *testing.T) string {
	t.Helper()
	var buf bytes.Buffer
	cfg := &datagen.Config{Games: 6, Nodes: 300, Threads: 1, RandomPlies: 8, Seed: 3, HashMB: 1}
	if _, err := datagen.Run(context.Background(), cfg, &buf, nil); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "games.bin")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestRewriteParamsRoundTrips(t *testing.T) {
	src, err := os.ReadFile("../../eval/params.go")
	if err != nil {
		t.Fatal(err)
	}
	w := eval.CurrentWeights()
	got, err := RewriteParams(src, &w)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, src) {
		t.Fatalf("RewriteParams with the current weights changed params.go")
	}
	// One weight changed: one line of the file changes, to the new number.
	w.EG[eval.NumPairs-1] = 777 // tempoEG
	w.KingDangerMaxMG = 555
	got, err = RewriteParams(src, &w)
	if err != nil {
		t.Fatal(err)
	}
	before, after := strings.Split(string(src), "\n"), strings.Split(string(got), "\n")
	if len(before) != len(after) {
		t.Fatalf("the file went from %d to %d lines", len(before), len(after))
	}
	var changed []string
	for i := range before {
		if before[i] != after[i] {
			changed = append(changed, strings.TrimSpace(after[i]))
		}
	}
	if len(changed) != 2 || !strings.Contains(changed[0]+changed[1], "777") || !strings.Contains(changed[0]+changed[1], "555") {
		t.Errorf("changed lines %q, want the tempoEG and kingDangerMaxMG lines with 777 and 555", changed)
	}
}

func TestRewriteParamsRefusesAnotherLayout(t *testing.T) {
	w := eval.CurrentWeights()
	for name, src := range map[string]string{
		"missing": "package eval\n\nconst tempoMG Score = 1\n",
		"short":   "package eval\n\nvar materialMG = [7]Score{0, 1, 2}\n",
		"syntax":  "package eval\n\nvar {\n",
	} {
		if _, err := RewriteParams([]byte(src), &w); err == nil {
			t.Errorf("%s: RewriteParams accepted it", name)
		}
	}
}

// One step of Adam with a small rate reduces the loss, and so does a short run.
func TestGradientStepReducesLoss(t *testing.T) {
	var set Set
	if err := set.Load(selfPlayFile(t), 0, io.Discard); err != nil {
		t.Fatal(err)
	}
	if set.Len() < 100 {
		t.Fatalf("%d positions kept, want at least 100", set.Len())
	}
	idx := make([]int32, set.Len())
	for i := range idx {
		idx[i] = int32(i)
	}
	cur := eval.CurrentWeights()
	v := fromWeights(&cur)
	k, lambda := set.fitK(idx, v, 0.5), 0.5
	var grad vector
	before := set.gradient(idx, v, k, lambda, &grad)
	if want := set.loss(idx, v, k, lambda); before != want {
		t.Errorf("gradient's loss %v, loss %v", before, want)
	}
	var norm float64
	for _, g := range grad {
		norm += g * g
	}
	step := 0.5 / max(norm, 1e-30)
	stepped := *v
	for i := range stepped {
		stepped[i] -= step * grad[i] * 1e-3
	}
	if after := set.loss(idx, &stepped, k, lambda); !(after < before) {
		t.Errorf("a small step down the gradient: loss %v -> %v", before, after)
	}
}

// The gradient agrees with a difference quotient, for a linear weight and
// for the nonlinear king danger weights.
func TestGradientMatchesDifferences(t *testing.T) {
	var set Set
	if err := set.Load(selfPlayFile(t), 0, io.Discard); err != nil {
		t.Fatal(err)
	}
	idx := make([]int32, set.Len())
	for i := range idx {
		idx[i] = int32(i)
	}
	cur := eval.CurrentWeights()
	v := fromWeights(&cur)
	v[kdMaxIndex] = 80 // low enough that some positions hit the cap
	k, lambda := 0.005, 0.3
	var grad vector
	set.gradient(idx, v, k, lambda, &grad)
	for _, i := range []int{1, egOffset + 1, kdIndex, kdMaxIndex, egOffset + eval.NumPairs - 1} {
		const h = 1e-3
		up, down := *v, *v
		up[i] += h
		down[i] -= h
		num := (set.loss(idx, &up, k, lambda) - set.loss(idx, &down, k, lambda)) / (2 * h)
		if d := num - grad[i]; d*d > 1e-12+1e-4*num*num {
			t.Errorf("weight %d: gradient %g, difference quotient %g", i, grad[i], num)
		}
	}
}

func TestLoadRefusesBadFiles(t *testing.T) {
	dir := t.TempDir()
	good := selfPlayFile(t)
	data, _ := os.ReadFile(good)
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, b, 0o644)
		return p
	}
	newer := append([]byte(nil), data...)
	newer[4] = 9 // a version no build reads
	for name, path := range map[string]string{
		"missing":   filepath.Join(dir, "nothing.bin"),
		"version":   write("v9.bin", newer),
		"no result": write("a.epd", []byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n")),
		"garbage":   write("g.epd", []byte("\x00\x01\x02 nothing here\n")),
		"empty":     write("e.epd", nil),
	} {
		var set Set
		if err := set.Load(path, 0, io.Discard); err == nil {
			t.Errorf("%s: Load accepted it", name)
		}
	}
	// Cut short: the whole games before the cut load, with a warning.
	var set Set
	var warn bytes.Buffer
	if err := set.Load(write("cut.bin", data[:len(data)-7]), 0, &warn); err != nil || set.Len() == 0 || warn.Len() == 0 {
		t.Errorf("a cut file: %v, %d positions, warning %q", err, set.Len(), warn.String())
	}
}

func TestConfigCheck(t *testing.T) {
	ok := Config{Files: []string{"x"}, Epochs: 10, Lambda: 0.5, LR: 1}
	if err := ok.Check(); err != nil {
		t.Fatal(err)
	}
	for name, mod := range map[string]func(*Config){
		"no files":     func(c *Config) { c.Files = nil },
		"epochs":       func(c *Config) { c.Epochs = -1 },
		"lambda":       func(c *Config) { c.Lambda = 1.5 },
		"lambda NaN":   func(c *Config) { c.Lambda = 0 / zero() },
		"rate":         func(c *Config) { c.LR = 0 },
		"limit":        func(c *Config) { c.Limit = -3 },
		"sigmoid size": func(c *Config) { c.K = 2 },
	} {
		c := ok
		mod(&c)
		if err := c.Check(); err == nil {
			t.Errorf("%s: Check accepted it", name)
		}
	}
}

func zero() float64 { return 0 }

// The fit recovers results drawn from a known model: it predicts them
// better than their shares alone, and about as well as the true model.
func TestFitWDL(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	trueA := [4]float64{0, 0, 60, 120}
	trueB := [4]float64{0, 0, 20, 70}
	pts := make([]wdlPoint, 20000)
	for i := range pts {
		p := &pts[i]
		p.score = float64(rng.IntN(1201) - 600)
		p.material = 17 + rng.IntN(62)
		w, d, _, _, _, _ := wdlProbs(p, &trueA, &trueB)
		switch u := rng.Float64(); {
		case u < w:
			p.result = datafile.WhiteWins
		case u < w+d:
			p.result = datafile.Draw
		default:
			p.result = datafile.BlackWins
		}
	}
	fit, err := fitWDLPoints(pts, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	truth, _ := wdlLossGrad(pts, &trueA, &trueB)
	if !(fit.LogLoss < fit.BaseLogLoss) || fit.LogLoss > truth+0.01 {
		t.Errorf("log loss %v: want below the shares' %v and near the true model's %v", fit.LogLoss, fit.BaseLogLoss, truth)
	}
	// The model eval uses now is not the one these results were drawn from:
	// its loss on the same points is the mark, and the fit beats it.
	a, b := eval.WDLCoefficients()
	if current, _ := wdlLossGrad(pts, &a, &b); fit.CurrentLogLoss != current || !(fit.LogLoss < current) {
		t.Errorf("the current model's log loss %v: want %v, above the fit's %v", fit.CurrentLogLoss, current, fit.LogLoss)
	}
	if _, err := FitWDL([]string{filepath.Join(t.TempDir(), "none.bin")}, 0, io.Discard); err == nil {
		t.Errorf("FitWDL of a missing file succeeded")
	}
	if _, err := FitWDL([]string{selfPlayFile(t)}, 0, io.Discard); err != nil {
		t.Errorf("FitWDL of a small self-play file: %v", err)
	}
}
