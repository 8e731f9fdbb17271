package nnuetrain

import (
	"io"
	"math"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/eval/nnue"
)

// wings4 is the king bucket layout of the tests.
func wings4() []uint8 {
	m := nnue.KingBucketLayouts["wings4"]
	return m[:]
}

// wings7 is the finer layout of the tests, which refines wings4.
func wings7() []uint8 {
	m := nnue.KingBucketLayouts["wings7"]
	return m[:]
}

// TestKingBucketsTrainANet trains a tiny net with king buckets: the file it
// writes loads in eval/nnue with its four buckets, and the engine's
// evaluation agrees with the float model (the quantisation check), which
// it can only do if both read each view from its king's bucket, the
// buckets' columns having been drawn apart.
func TestKingBucketsTrainANet(t *testing.T) {
	cfg := syntheticConfig()
	cfg.Epochs, cfg.Buckets, cfg.KingBuckets = 2, nnue.MaxOutputBuckets, wings4()
	res, _ := trainSynthetic(t, cfg, 1500)
	net := loadTrained(t, res)
	if net.KingBuckets() != 4 || !net.Mobility() {
		t.Fatalf("the trained net: %d king buckets, mobility %v; want 4, true", net.KingBuckets(), net.Mobility())
	}
}

// TestRefineKingBuckets: a net without king buckets, spread over the
// buckets of a layout, scores every position as it did, and a run that
// starts from it starts from that net's loss; so does that net refined
// again into a finer layout, and a coarser one is refused.
func TestRefineKingBuckets(t *testing.T) {
	cfg := syntheticConfig()
	cfg.Epochs, cfg.Buckets = 1, nnue.MaxOutputBuckets
	train, valid := syntheticSets(t, 1500, &cfg)
	res, err := Train(cfg, train, valid, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	spread, err := refineKingBuckets(res.Weights, wings4())
	if err != nil {
		t.Fatal(err)
	}
	finer, err := refineKingBuckets(spread, wings7())
	if err != nil {
		t.Fatal(err)
	}
	plain, err := res.Weights.Network()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		w       *nnue.Weights
		buckets int
	}{{spread, 4}, {finer, 7}} {
		bucketed, err := c.w.Network()
		if err != nil {
			t.Fatal(err)
		}
		if bucketed.KingBuckets() != c.buckets {
			t.Fatalf("the refined net has %d king buckets, want %d", bucketed.KingBuckets(), c.buckets)
		}
		for i := range valid.Len() {
			p := &valid.positions[i]
			var a, b nnue.Accumulator
			a.Refresh(plain, p)
			b.Refresh(bucketed, p)
			if got, want := bucketed.EvaluatePosition(p, &b), plain.EvaluatePosition(p, &a); got != want {
				t.Fatalf("%q: the net in %d buckets scores %d, the net it came from %d", p.String(), c.buckets, got, want)
			}
		}
	}
	if _, err := refineKingBuckets(finer, wings4()); err == nil {
		t.Error("wings7's net refined into wings4, which merges its buckets; want an error")
	}
	measure := cfg
	measure.Epochs, measure.Init = 0, res.Weights
	before, err := Train(measure, train, valid, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		init    *nnue.Weights
		m       []uint8
		buckets int
	}{{res.Weights, wings4(), 4}, {spread, wings7(), 7}} {
		measure.Init, measure.KingBuckets = c.init, c.m
		after, err := Train(measure, train, valid, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(after.QuantValidLoss-before.QuantValidLoss) > 1e-9 || after.Weights.KingBucketCount() != c.buckets {
			t.Errorf("from a net of %d king bucket(s) refined into %d: loss %.9f, %d buckets; from the net itself %.9f; want the same loss, %d buckets",
				c.init.KingBucketCount(), c.buckets, after.QuantValidLoss, after.Weights.KingBucketCount(), before.QuantValidLoss, c.buckets)
		}
	}
}

// TestKingBucketsRefusals: an -init net whose king buckets the run's map
// does not refine, or a map nnue refuses, is refused with what is wrong.
func TestKingBucketsRefusals(t *testing.T) {
	cfg := syntheticConfig()
	cfg.Files = []string{"data.bin"}
	other := wings4()
	other[0], other[8] = 1, 1
	net := func(m []uint8) *nnue.Weights {
		return &nnue.Weights{Mobility: true, KingBuckets: m, Scale: int(math.Round(DefaultScale)), Name: "n",
			Output: make([][2][nnue.Hidden]int16, 1)}
	}
	for _, c := range []struct {
		init, run []uint8
		want      string
	}{
		{wings4(), nil, "has king buckets, this run trains none"},
		{other, wings4(), "does not refine"},
		{wings7(), wings4(), "does not refine"},
		{nil, make([]uint8, 64), "-king-buckets: a king bucket map of 1 buckets"},
		{nil, wings4(), ""},
		{wings4(), wings4(), ""},
		{wings4(), wings7(), ""},
	} {
		run := cfg
		run.KingBuckets = c.run
		run.Init = net(c.init)
		err := run.Check()
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("Check of a run with king buckets %v from a net with %v = %v, want %q", c.run, c.init, err, c.want)
		}
	}
}

// loadTrained checks that res's quantised net agrees with its float model
// (the quantisation check, through the engine's evaluation) and returns
// it as the engine loads it from its file.
func loadTrained(t *testing.T, res *Result) *nnue.Network {
	t.Helper()
	if res.MaxDiff > 15 || res.MeanDiff > 4 {
		t.Errorf("quantised - float: max %.1f cp, mean %.2f cp; want at most 15 and 4", res.MaxDiff, res.MeanDiff)
	}
	b, err := res.Weights.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	net, err := nnue.Load(b)
	if err != nil {
		t.Fatal(err)
	}
	return net
}
