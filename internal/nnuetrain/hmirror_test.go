package nnuetrain

import (
	"encoding/binary"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
)

// hmirrorFENs put the kings on either half of the board, each colour
// alone and both together.
var hmirrorFENs = []string{
	movegen.StartFEN,
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 3 9",
	"8/5k2/3q4/8/2B5/4N3/1K6/7R b - - 0 50",
	"2kr3r/ppp2ppp/2n5/8/8/2N5/PPP2PPP/2KR3R w - - 0 12",
	"6k1/5ppp/8/8/8/8/PPP5/1K6 b - - 0 40",
}

// sortedFeatures returns ex's features of each view, sorted.
func sortedFeatures(ex *example) [2][]uint16 {
	var f [2][]uint16
	for v := range 2 {
		f[v] = slices.Sorted(slices.Values(ex.feats[v]))
	}
	return f
}

// TestHMirrorFeatures: a mirrored model reads a position and its file
// mirror as the same features in both views, and reads them as the
// engine's mirrored nets do: a view's squares reversed while its king
// stands on files e-h. A model that is not mirrored reads some of them
// apart, or the test would prove nothing.
func TestHMirrorFeatures(t *testing.T) {
	cfg := syntheticConfig()
	m := NewModel(nnue.Inputs(cfg.Mobility, 1), true, 1, false, 1)
	apart := 0
	for _, fen := range hmirrorFENs {
		p := movegen.MustParseFEN(fen)
		mp, ok := fileMirror(&p)
		if !ok {
			t.Fatalf("no file mirror of %q", fen)
		}
		s, ms := pack(&p, 1, 0, &cfg), pack(&mp, 1, 0, &cfg)
		var b1, b2 featureBuf
		var e1, e2 example
		m.Mirrored = true
		s.features(&b1, &e1, m, false, targetMix{})
		got := sortedFeatures(&e1)
		ms.features(&b2, &e2, m, false, targetMix{})
		if mirror := sortedFeatures(&e2); !slices.Equal(got[0], mirror[0]) || !slices.Equal(got[1], mirror[1]) {
			t.Errorf("%q: a mirrored model's features %v, its file mirror's %v", fen, got, mirror)
		}
		for v := range 2 {
			view := p.SideToMove() ^ movegen.Color(v)
			flip := nnue.ViewOrientation(p.KingSquare(view))
			var want []uint16
			for b := p.Occupied(); b != 0; b &= b - 1 {
				sq := b.First()
				f := nnue.PieceFeature(view, p.PieceOn(sq), sq) ^ flip
				want = append(want, uint16(f), uint16(m.Inputs+f/64))
			}
			var mob nnue.Mobility
			nnue.CountMobility(&p, &mob)
			for _, f := range mob.Features[:mob.N] {
				want = append(want, uint16(nnue.MobilityFeature(view, f)))
			}
			if slices.Sort(want); !slices.Equal(got[v], want) {
				t.Errorf("%q, %v's view: features %v, want %v", fen, view, got[v], want)
			}
		}
		m.Mirrored = false
		s.features(&b1, &e1, m, false, targetMix{})
		ms.features(&b2, &e2, m, false, targetMix{})
		if plain, mirror := sortedFeatures(&e1), sortedFeatures(&e2); !slices.Equal(plain[0], mirror[0]) || !slices.Equal(plain[1], mirror[1]) {
			apart++
		}
	}
	if apart == 0 {
		t.Error("a model that is not mirrored read every position as its file mirror")
	}
}

// TestHMirrorTrainsAMirroredNet trains a tiny mirrored net for a few
// steps: the file it writes loads in eval/nnue as a mirrored net, which
// agrees with the float model through the engine's own evaluation (the
// quantisation check) and scores each position as its file mirror.
func TestHMirrorTrainsAMirroredNet(t *testing.T) {
	cfg := syntheticConfig()
	cfg.Epochs, cfg.Buckets, cfg.HMirror = 2, nnue.MaxOutputBuckets, true
	res, valid := trainSynthetic(t, cfg, 1500)
	net := loadTrained(t, res)
	if !net.Mirrored() || !net.Mobility() || net.Buckets() != nnue.MaxOutputBuckets {
		t.Fatalf("the trained net: mirrored %v, mobility %v, %d buckets; want true, true, %d",
			net.Mirrored(), net.Mobility(), net.Buckets(), nnue.MaxOutputBuckets)
	}
	for i := range min(valid.Len(), 200) {
		p := &valid.positions[i]
		mp, ok := fileMirror(p)
		if !ok {
			continue
		}
		var acc, macc nnue.Accumulator
		acc.Refresh(net, p)
		macc.Refresh(net, &mp)
		if got, want := net.EvaluatePosition(&mp, &macc), net.EvaluatePosition(p, &acc); got != want {
			t.Fatalf("the trained mirrored net scores %q %d, its file mirror %q %d", p.String(), want, mp.String(), got)
		}
	}
}

// TestHMirrorRefusals: -mirror with -hmirror, and an -init net or a
// checkpoint of the other form, are refused with what each is.
func TestHMirrorRefusals(t *testing.T) {
	cfg := syntheticConfig()
	cfg.Files = []string{"data.bin"}
	both := cfg
	both.Mirror, both.HMirror = true, true
	if err := both.Check(); err == nil || !strings.Contains(err.Error(), "redundant with -hmirror") {
		t.Errorf("Check of -mirror with -hmirror = %v, want a refusal", err)
	}
	for _, c := range []struct {
		initMirrored, run bool
		want              string
	}{
		{true, false, `-init net "n" has horizontally mirrored inputs (-hmirror), this run trains inputs that are not mirrored`},
		{false, true, ""},
		{true, true, ""},
		{false, false, ""},
	} {
		run := cfg
		run.HMirror = c.run
		run.Init = &nnue.Weights{Mobility: true, Mirrored: c.initMirrored, Scale: int(math.Round(DefaultScale)), Name: "n",
			Output: make([][2][nnue.Hidden]int16, 1)}
		err := run.Check()
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("Check of a run with -hmirror %v from a net mirrored %v = %v, want %q", c.run, c.initMirrored, err, c.want)
		}
	}

	// A mirrored run's checkpoint does not resume a run that is not, nor
	// the other way round; a version 1 checkpoint (no flags) resumes one
	// that is not mirrored.
	cfg.Epochs = 1
	train, valid := syntheticSets(t, 600, &cfg)
	dir := t.TempDir()
	for _, mirrored := range []bool{true, false} {
		run := cfg
		run.HMirror = mirrored
		run.Checkpoint = filepath.Join(dir, "ckpt")
		os.Remove(run.Checkpoint)
		if _, err := Train(run, train, valid, io.Discard); err != nil {
			t.Fatal(err)
		}
		run.HMirror = !mirrored
		if _, err := Train(run, train, valid, io.Discard); err == nil || !strings.Contains(err.Error(), "a checkpoint of a model with "+mirrorForm(mirrored)) {
			t.Errorf("a checkpoint of a run with -hmirror %v resumed into one with -hmirror %v: %v, want a refusal naming both", mirrored, !mirrored, err)
		}
	}
	// The last checkpoint is of a model that is not mirrored; as version 1
	// it resumes the same run.
	path := filepath.Join(dir, "ckpt")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v1 := slices.Concat(b[:checkpointHeaderV1], b[checkpointHeader:])
	binary.LittleEndian.PutUint32(v1[4:], 1)
	if err := os.WriteFile(path, v1, 0o644); err != nil {
		t.Fatal(err)
	}
	run := cfg
	run.Checkpoint, run.Epochs = path, 2
	if _, err := Train(run, train, valid, io.Discard); err != nil {
		t.Errorf("a version 1 checkpoint does not resume: %v", err)
	}
}
