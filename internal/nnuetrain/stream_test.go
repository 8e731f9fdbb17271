package nnuetrain

import (
	"io"
	"math"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
)

// streamFiles writes two small data files and returns a config that reads
// them.
func streamFiles(t *testing.T) Config {
	t.Helper()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.bin"), filepath.Join(dir, "b.bin")
	writeRandomGames(t, a, 30, 11)
	writeRandomGames(t, b, 30, 12)
	cfg := syntheticConfig()
	cfg.Files = []string{a, b}
	cfg.Epochs, cfg.Batch = 2, 64
	return cfg
}

// With shuffling off, a stream and the same positions in memory give the
// same batches, so training on either ends with the same parameters,
// mirroring included.
func TestStreamLearnsWhatMemoryDoes(t *testing.T) {
	cfg := streamFiles(t)
	cfg.Shuffle = 0
	stream, valid, err := Open(&cfg, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	mem, _, err := loadInMemory(&cfg, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if mem.Len() != stream.Len() {
		t.Fatalf("in memory %d positions, the stream %d", mem.Len(), stream.Len())
	}
	for _, mirror := range []bool{false, true} {
		cfg.Mirror = mirror
		a, err := Train(cfg, stream, valid, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Train(cfg, mem, valid, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if a.TrainLoss != b.TrainLoss || a.ValidLoss != b.ValidLoss || !slices.Equal(a.Model.P, b.Model.P) {
			t.Errorf("mirror %v: streamed train loss %.8f, validation %.8f; in memory %.8f, %.8f; parameters equal: %v",
				mirror, a.TrainLoss, a.ValidLoss, b.TrainLoss, b.ValidLoss, slices.Equal(a.Model.P, b.Model.P))
		}
	}
}

// A shuffled epoch learns every training position once, mixes the files
// from its first batch on, and is the same epoch again for the same seed.
func TestStreamShufflesEveryPositionOnce(t *testing.T) {
	cfg := streamFiles(t)
	cfg.Shuffle = 500
	stream, _, err := Open(&cfg, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ordered, _, err := loadInMemory(&cfg, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	fromA := map[packed]bool{}
	for _, s := range ordered.samples[:ordered.Len()/2] {
		fromA[s] = true
	}
	epoch := func(e int) (all []packed, firstMixed bool) {
		batches := 0
		if err := stream.eachBatch(e, &cfg, func(b []packed) {
			if batches == 0 {
				a := 0
				for _, s := range b {
					if fromA[s] {
						a++
					}
				}
				firstMixed = a > 0 && a < len(b)
			}
			batches++
			all = append(all, b...)
		}); err != nil {
			t.Fatal(err)
		}
		return all, firstMixed
	}
	got, mixed := epoch(0)
	again, _ := epoch(0)
	other, _ := epoch(1)
	if !slices.Equal(got, again) {
		t.Error("the same epoch streamed twice gave other orders")
	}
	if slices.Equal(got, other) {
		t.Error("epochs 0 and 1 streamed the same order")
	}
	if !mixed {
		t.Error("the first batch holds positions of one file only")
	}
	key := func(s packed) string { return string(fmtPacked(s)) }
	want := make([]string, 0, ordered.Len())
	for _, s := range ordered.samples {
		want = append(want, key(s))
	}
	have := make([]string, 0, len(got))
	for _, s := range got {
		have = append(have, key(s))
	}
	slices.Sort(want)
	slices.Sort(have)
	if !slices.Equal(want, have) {
		t.Errorf("a shuffled epoch streamed %d positions, not the %d read in order, each once", len(have), len(want))
	}
}

func fmtPacked(s packed) []byte {
	b := make([]byte, 0, 64)
	for i := range 8 {
		b = append(b, byte(s.occ>>(8*i)))
	}
	b = append(b, s.pieces[:]...)
	b = append(b, s.mob[:s.nmob]...)
	return append(b, byte(s.stm), s.result, byte(s.score), byte(s.score>>8))
}

// The mirror's features are those of the file-mirrored position, which is
// how the in-memory trainer used to build it (through a FEN).
func TestMirroredFeaturesAreTheMirrorsFeatures(t *testing.T) {
	cfg := syntheticConfig()
	cfg.Factorise = true
	m := NewModel(nnue.Inputs(cfg.Mobility, 1), true, 1, false, 1)
	for _, fen := range []string{
		movegen.StartFEN,
		"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 3 9",
		"8/5k2/3q4/8/2B5/4N3/1K6/7R b - - 0 50",
	} {
		p := movegen.MustParseFEN(fen)
		mp, ok := fileMirror(&p)
		if !ok {
			t.Fatalf("no mirror of %q", fen)
		}
		s, ms := pack(&p, 1, 0, &cfg), pack(&mp, 1, 0, &cfg)
		var b1, b2 featureBuf
		var e1, e2 example
		s.features(&b1, &e1, m, true, targetMix{})
		ms.features(&b2, &e2, m, false, targetMix{})
		for v := range 2 {
			x, y := slices.Clone(e1.feats[v]), slices.Clone(e2.feats[v])
			slices.Sort(x)
			slices.Sort(y)
			if !slices.Equal(x, y) {
				t.Errorf("%q view %d: mirrored features %v, the mirror's %v", fen, v, x, y)
			}
		}
	}
}

// The schedules start and end where their flags say.
func TestSchedules(t *testing.T) {
	c := Config{Epochs: 5, LR: 0.001, LRDropEvery: 2, LRGamma: 0.5, Lambda: 0.6, LambdaEnd: 0.2, Scale: 200}
	for _, tc := range []struct {
		name      string
		got, want float64
	}{
		{"step, epoch 0", c.stepSize(0, 0), 0.001},
		{"step, epoch 3", c.stepSize(3, 0.7), 0.0005},
		{"lambda, first epoch", c.epochMix(0).lambda, 0.6},
		{"lambda, middle epoch", c.epochMix(2).lambda, 0.4},
		{"lambda, last epoch", c.epochMix(4).lambda, 0.2},
		{"lambda, validation", c.validMix().lambda, 0.2},
	} {
		if math.Abs(tc.got-tc.want) > 1e-12 {
			t.Errorf("%s: %g, want %g", tc.name, tc.got, tc.want)
		}
	}
	c.LRCosine, c.LREnd = true, 0.0001
	if a, m, z := c.stepSize(0, 0), c.stepSize(2, 0.5), c.stepSize(4, 1); math.Abs(a-0.001) > 1e-12 ||
		math.Abs(m-0.00055) > 1e-12 || math.Abs(z-0.0001) > 1e-12 {
		t.Errorf("cosine: %g, %g, %g at the start, middle and end; want 0.001, 0.00055, 0.0001", a, m, z)
	}
}

// loadInMemory is Open with the training positions read into memory, in
// the order read: the same set as the stream, to check that a stream
// learns what the set in memory does.
func loadInMemory(cfg *Config, log io.Writer) (train, valid *Set, err error) {
	s, valid, err := Open(cfg, log)
	if err != nil {
		return nil, nil, err
	}
	train = &Set{samples: make([]packed, 0, s.positions)}
	unshuffled := *cfg
	unshuffled.Shuffle = 0
	err = s.eachBatch(0, &unshuffled, func(b []packed) { train.samples = append(train.samples, b...) })
	return train, valid, err
}
