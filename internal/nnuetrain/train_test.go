package nnuetrain

import (
	"io"
	"math"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
)

// randomGame plays up to plies random legal moves from the start position
// (fewer if the game ends) and calls visit with each position reached.
func randomGame(rng *rand.Rand, plies int, visit func(p *movegen.Position)) {
	p, _ := movegen.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	var ml movegen.MoveList
	for ply := 0; ply < plies; ply++ {
		ml.N = 0
		p.GenerateLegal(&ml)
		if ml.N == 0 {
			return
		}
		p.MakeMove(ml.Moves[rng.IntN(ml.N)])
		visit(&p)
	}
}

// syntheticSets plays random games and scores each position by a material
// count a net can learn: the target is the sigmoid of it, so a working
// trainer must bring the loss well down.
func syntheticSets(t *testing.T, n int, cfg *Config) (train, valid *Set) {
	t.Helper()
	values := [7]float64{movegen.Pawn: 100, movegen.Knight: 300, movegen.Bishop: 320, movegen.Rook: 500, movegen.Queen: 900}
	rng := rand.New(rand.NewPCG(21, 22))
	train, valid = &Set{}, &Set{keepPos: true}
	for games := 0; train.Len()+valid.Len() < n; games++ {
		randomGame(rng, 120, func(p *movegen.Position) {
			var white float64
			for b := p.Occupied(); b != 0; b &= b - 1 {
				pc := p.PieceOn(b.First())
				v := values[pc.Type()]
				if pc.Color() == movegen.Black {
					v = -v
				}
				white += v
			}
			dst := train
			if games%5 == 0 {
				dst = valid
			}
			// result and score from White's view; lambda 0 reads the score.
			dst.Add(p, 0.5, white, cfg)
		})
	}
	return train, valid
}

// trainSynthetic trains a net by cfg on n synthetic positions and returns
// it with its validation set.
func trainSynthetic(t *testing.T, cfg Config, n int) (*Result, *Set) {
	t.Helper()
	train, valid := syntheticSets(t, n, &cfg)
	res, err := Train(cfg, train, valid, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	return res, valid
}

func syntheticConfig() Config {
	return Config{Epochs: 10, Batch: 256, LR: 0.004, LRDropEvery: 7, LRGamma: 0.3,
		Lambda: 0, Scale: DefaultScale, Mobility: true, Buckets: 1, Threads: 2, ValidEvery: 5, Seed: 1,
		Shuffle: 1 << 16, ValidMax: 1 << 20}
}

func TestTrainingReducesLoss(t *testing.T) {
	for _, c := range []struct {
		factorise bool
		buckets   int
		table     bool
	}{{false, 1, false}, {true, 1, false}, {true, nnue.MaxOutputBuckets, false}, {true, nnue.MaxOutputBuckets, true}} {
		cfg := syntheticConfig()
		cfg.Factorise, cfg.Buckets = c.factorise, c.buckets
		cfg.Mobility, cfg.MobilityTable = !c.table, c.table
		train, valid := syntheticSets(t, 12000, &cfg)
		before := validLoss(NewModel(nnue.Inputs(cfg.Mobility, 1), cfg.Factorise, cfg.Buckets, cfg.MobilityTable, cfg.Seed), valid, cfg.validMix(), 1)
		res, err := Train(cfg, train, valid, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if res.ValidLoss > before/4 {
			t.Errorf("%+v: validation loss %.5f -> %.5f, want it cut to a quarter at least", c, before, res.ValidLoss)
		}
		// Quantisation: the output weights step by 1/QB, so a net's integer
		// output strays from the float one by a few centipawns, never by much.
		if res.MaxDiff > 15 || res.MeanDiff > 4 {
			t.Errorf("%+v: quantised - float: max %.1f cp, mean %.2f cp; want at most 15 and 4", c, res.MaxDiff, res.MeanDiff)
		}
		t.Logf("%+v: validation loss %.5f -> %.5f (quantised %.5f); quantised - float: max %.1f cp, mean %.2f cp",
			c, before, res.ValidLoss, res.QuantValidLoss, res.MaxDiff, res.MeanDiff)
	}
}

func TestCheckpointResumes(t *testing.T) {
	cfg := syntheticConfig()
	cfg.Epochs = 2
	train, valid := syntheticSets(t, 1500, &cfg)
	whole, err := Train(cfg, train, valid, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Checkpoint = filepath.Join(t.TempDir(), "ckpt")
	cfg.Epochs = 1
	if _, err := Train(cfg, train, valid, io.Discard); err != nil {
		t.Fatal(err)
	}
	cfg.Epochs = 2
	resumed, err := Train(cfg, train, valid, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(whole.Model.P, resumed.Model.P) {
		t.Error("one epoch, a checkpoint and one more epoch give other weights than two epochs unbroken")
	}
	cfg.Mobility = false
	if _, err := Train(cfg, train, valid, io.Discard); err == nil {
		t.Error("a checkpoint of a net with mobility inputs was resumed into one without")
	}
}

func TestFileMirror(t *testing.T) {
	cases := []struct{ fen, want string }{
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
			"r2k3r/1bpqpp1p/1pnp2nb/3NP3/3P2p1/p1Q2N2/PPPBBPPP/R2K3R w - - 0 1"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
			"rnbkqbnr/pp1p1ppp/8/2pPp3/8/8/PPP1PPPP/RNBKQBNR w - c6 0 3"},
	}
	for _, c := range cases {
		p := movegen.MustParseFEN(c.fen)
		m, ok := fileMirror(&p)
		if !ok || m.String() != c.want {
			t.Errorf("fileMirror(%q) = %q, %v; want %q", c.fen, m.String(), ok, c.want)
		}
	}
}

// TestModelFromQuantisedNet: a net read back as a float model (-init)
// quantises to itself, factorised or not, and a run starting from it
// reports the loss it starts from.
func TestModelFromQuantisedNet(t *testing.T) {
	cfg := syntheticConfig()
	cfg.Epochs = 2
	train, valid := syntheticSets(t, 1500, &cfg)
	res, err := Train(cfg, train, valid, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	for _, factored := range []bool{false, true} {
		again := ModelFrom(res.Weights, factored, 1, false, 1).Quantise(cfg.Mobility, cfg.Scale, cfg.Name)
		if !reflect.DeepEqual(again, res.Weights) {
			t.Errorf("factored %v: the quantised net, read back and quantised again, differs", factored)
		}
	}
	// A net of one output layer starts every bucket of a bucketed model.
	bucketed := ModelFrom(res.Weights, true, nnue.MaxOutputBuckets, false, 1).Quantise(cfg.Mobility, cfg.Scale, cfg.Name)
	for b := range bucketed.Output {
		if bucketed.Output[b] != res.Weights.Output[0] || bucketed.OutputBias[b] != res.Weights.OutputBias[0] {
			t.Errorf("bucket %d of a model started from a one-layer net is not that layer", b)
		}
	}
	cfg.Init = res.Weights
	noInputs := *res.Weights
	noInputs.Mobility, noInputs.Feature = false, noInputs.Feature[:nnue.PieceSquareInputs]
	tabled := noInputs
	tabled.MobilityTable = make([][nnue.MobilityInputs]int32, 1)
	for _, c := range []struct {
		init            *nnue.Weights
		mobility, table bool
		ok              bool
	}{
		{res.Weights, true, false, true},
		{res.Weights, false, false, true}, // the inputs dropped
		{res.Weights, false, true, true},  // dropped, and a table begun
		{&noInputs, true, false, false},   // inputs it never had
		{&noInputs, false, true, true},
		{&tabled, false, false, false}, // its table would be lost
		{&tabled, false, true, true},
		{res.Weights, true, true, false}, // both forms at once
	} {
		run := cfg
		run.Init, run.Mobility, run.MobilityTable = c.init, c.mobility, c.table
		run.Files = []string{"data.bin"}
		if err := run.Check(); (err == nil) != c.ok {
			t.Errorf("Check of a run with inputs %v, table %v from a net with inputs %v, table %v: %v; want ok %v",
				c.mobility, c.table, c.init.Mobility, c.init.MobilityTable != nil, err, c.ok)
		}
	}
	// -epochs 0 measures the -init net and gives it back as it is.
	cfg.Epochs = 0
	measured, err := Train(cfg, train, valid, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if measured.Epochs != 0 || math.Abs(measured.ValidLoss-measured.QuantValidLoss) > 1e-4 ||
		math.Abs(measured.ValidLoss-res.QuantValidLoss) > 1e-4 ||
		!reflect.DeepEqual(measured.Weights.Feature, res.Weights.Feature) ||
		!reflect.DeepEqual(measured.Weights.Output, res.Weights.Output) {
		t.Errorf("-epochs 0: ran %d epochs, validation loss %.6f (quantised %.6f), the net's own %.6f; want the net unchanged",
			measured.Epochs, measured.ValidLoss, measured.QuantValidLoss, res.QuantValidLoss)
	}
	noInit := cfg
	noInit.Init = nil
	if err := noInit.Check(); err == nil {
		t.Error("Check accepts -epochs 0 without an -init net")
	}
	cfg.Epochs = 1
	cfg.LR = 1e-9
	from, err := Train(cfg, train, valid, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(from.ValidLoss-res.QuantValidLoss) > 1e-4 {
		t.Errorf("a run from the net starts at validation loss %.6f, the net's own is %.6f", from.ValidLoss, res.QuantValidLoss)
	}
	// A run that only makes the net worse keeps it: the -init net is the
	// first mark the epochs must beat.
	cfg.LR = 2
	cfg.KeepBest = true
	wild, err := Train(cfg, train, valid, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if wild.BestEpoch != 0 || math.Abs(wild.ValidLoss-from.ValidLoss) > 1e-4 {
		t.Errorf("a run at step size 2 kept epoch %d at validation loss %.6f; the -init net's is %.6f",
			wild.BestEpoch, wild.ValidLoss, from.ValidLoss)
	}
}

// A neuron a narrower net was widened by (no weight at all) starts with
// random input weights and zero output weights: it can learn, and the
// model's outputs are still the net's.
func TestModelFromWakesEmptyNeurons(t *testing.T) {
	cfg := syntheticConfig()
	cfg.Epochs = 1
	res, valid := trainSynthetic(t, cfg, 1500)
	w := res.Weights
	const j = 5 // the neuron to empty, as widening leaves a new one
	for i := range w.Feature {
		w.Feature[i][j] = 0
	}
	w.Bias[j] = 0
	for b := range w.Output {
		w.Output[b][0][j], w.Output[b][1][j] = 0, 0
	}
	m := ModelFrom(w, false, 1, false, 7)
	asleep := ModelFrom(w, false, 1, false, 7)
	nonzero := 0
	for i := range asleep.Inputs {
		if asleep.P[i*H+j] != 0 {
			nonzero++
		}
		asleep.P[i*H+j] = 0
	}
	if nonzero < asleep.Inputs/2 || m.P[m.outOff(0)+j] != 0 || m.P[m.outOff(0)+H+j] != 0 {
		t.Fatalf("the empty neuron has %d of %d input weights drawn and output weights %g, %g; want most drawn, both zero",
			nonzero, asleep.Inputs, m.P[m.outOff(0)+j], m.P[m.outOff(0)+H+j])
	}
	var buf featureBuf
	var ex example
	var a activations
	for i := range valid.Len() {
		valid.samples[i].features(&buf, &ex, m, false, cfg.validMix())
		if got, want := m.forward(&ex, &a), asleep.forward(&ex, &a); got != want {
			t.Fatalf("position %d: output %g with the neuron woken, %g without", i, got, want)
		}
	}
}

// TestDropMobilityInputs: a net started without its mobility inputs keeps
// its piece-square columns and takes the columns' mean into the bias. With
// every mobility column the same, a position adds its count of mobility
// features times that column, so the mean is exact.
func TestDropMobilityInputs(t *testing.T) {
	cfg := syntheticConfig()
	cfg.Epochs = 1
	res, valid := trainSynthetic(t, cfg, 1500)
	w := res.Weights
	for i := nnue.PieceSquareInputs; i < nnue.MaxInputs; i++ {
		for j := range w.Feature[i] {
			w.Feature[i][j] = int16(j%7 - 3)
		}
	}
	features := 0
	for i := range valid.positions {
		var mob nnue.Mobility
		nnue.CountMobility(&valid.positions[i], &mob)
		features += mob.N
	}
	if features == 0 {
		t.Fatal("the validation set has no mobility feature")
	}
	d := dropMobilityInputs(w, valid)
	if d.Mobility || len(d.Feature) != nnue.PieceSquareInputs || !reflect.DeepEqual(d.Feature, w.Feature[:nnue.PieceSquareInputs]) {
		t.Fatalf("dropMobilityInputs: mobility %v, %d inputs; want false, %d, the piece-square columns as they were",
			d.Mobility, len(d.Feature), nnue.PieceSquareInputs)
	}
	for j := range d.Bias {
		// 2·features view-columns over 2·positions views.
		want := int64(w.Bias[j]) + int64(2*features)*int64(j%7-3)/int64(2*len(valid.positions))
		if int64(d.Bias[j]) != want {
			t.Fatalf("neuron %d: bias %d, want %d", j, d.Bias[j], want)
		}
	}
	if _, err := d.Network(); err != nil {
		t.Errorf("the net without its mobility inputs: %v", err)
	}
}

// TestMobilityTableRoundTrip: a net with a mobility table, read back as a
// float model, quantises to itself; its table moves the output as the
// engine's evaluation does.
func TestMobilityTableRoundTrip(t *testing.T) {
	cfg := syntheticConfig()
	cfg.Epochs, cfg.Buckets = 2, nnue.MaxOutputBuckets
	cfg.Mobility, cfg.MobilityTable = false, true
	res, _ := trainSynthetic(t, cfg, 1500)
	if len(res.Weights.MobilityTable) != nnue.MaxOutputBuckets {
		t.Fatalf("the trained net has %d mobility table rows, want %d", len(res.Weights.MobilityTable), nnue.MaxOutputBuckets)
	}
	nonzero := 0
	for _, row := range res.Weights.MobilityTable {
		for _, x := range row {
			if x != 0 {
				nonzero++
			}
		}
	}
	if nonzero == 0 {
		t.Error("training left the mobility table zero")
	}
	again := ModelFrom(res.Weights, true, nnue.MaxOutputBuckets, true, 1).Quantise(false, cfg.Scale, cfg.Name)
	if !reflect.DeepEqual(again, res.Weights) {
		t.Error("the quantised net with a table, read back and quantised again, differs")
	}
	// checkQuantised evaluated every validation position through the
	// engine's own path, table included.
	if res.MaxDiff > 15 || res.MeanDiff > 4 {
		t.Errorf("quantised - float: max %.1f cp, mean %.2f cp; want at most 15 and 4", res.MaxDiff, res.MeanDiff)
	}
}
