package engine

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
)

// writeNet writes a net of zero weights named name and returns its path.
func writeNet(t *testing.T, dir, name string) (string, []byte) {
	t.Helper()
	return writeWeights(t, dir, &nnue.Weights{Mobility: true, Scale: 200, Name: name, Feature: make([][nnue.Hidden]int16, nnue.MaxInputs),
		Output: make([][2][nnue.Hidden]int16, nnue.MaxOutputBuckets), OutputBias: make([]int32, nnue.MaxOutputBuckets)})
}

// writeWeights writes w to dir as NAME.nnue, its name's file, and returns
// the path and the bytes.
func writeWeights(t *testing.T, dir string, w *nnue.Weights) (string, []byte) {
	t.Helper()
	b, err := w.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, w.Name+".nnue")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, b
}

func TestEvalFile(t *testing.T) {
	dir := t.TempDir()
	good, b := writeNet(t, dir, "zeros")
	cut := filepath.Join(dir, "cut.nnue")
	os.WriteFile(cut, b[:len(b)/2], 0o644)
	foreign := filepath.Join(dir, "foreign.nnue")
	os.WriteFile(foreign, []byte(strings.Repeat("not a net ", 100)), 0o644)

	e := New(zerolog.Nop())
	defer e.Close()
	embedded := "net " + nnue.DefaultNet().Name() + " (embedded"
	if d := e.NetDescription(); !strings.HasPrefix(d, embedded) {
		t.Fatalf("NetDescription() = %q at the start, want the embedded net", d)
	}
	for _, bad := range []string{filepath.Join(dir, "missing.nnue"), cut, foreign} {
		if _, err := e.SetOption("EvalFile", bad); err == nil || !strings.Contains(err.Error(), "keeping "+embedded) {
			t.Errorf("SetOption(EvalFile, %s) = %v, want an error that keeps the embedded net", filepath.Base(bad), err)
		}
		if d := e.NetDescription(); !strings.HasPrefix(d, embedded) {
			t.Errorf("after EvalFile %s: NetDescription() = %q, want the embedded net kept", filepath.Base(bad), d)
		}
	}
	note, err := e.SetOption("EvalFile", good)
	if err != nil || !strings.Contains(note, "net zeros ("+good) || !strings.Contains(note, "8 output buckets") {
		t.Errorf("SetOption(EvalFile, zeros.nnue) = %q, %v; want a note naming net zeros", note, err)
	}
	// A bad file after a good one keeps the good one.
	if _, err := e.SetOption("EvalFile", cut); err == nil || !strings.Contains(err.Error(), "keeping net zeros") {
		t.Errorf("SetOption(EvalFile, cut) after zeros = %v, want zeros kept", err)
	}
	if _, err := e.SetOption("EvalFile", "<empty>"); err != nil || !strings.HasPrefix(e.NetDescription(), embedded) {
		t.Errorf("EvalFile <empty>: %v, %q; want the embedded net back", err, e.NetDescription())
	}
}

// TestEvalFileMirrored: a horizontally mirrored net loads, and the note
// says what it is; the embedded net's description does not.
func TestEvalFileMirrored(t *testing.T) {
	path, _ := writeWeights(t, t.TempDir(), &nnue.Weights{Mobility: true, Mirrored: true, Scale: 200, Name: "mirrored",
		Feature: make([][nnue.Hidden]int16, nnue.MaxInputs), Output: make([][2][nnue.Hidden]int16, 1), OutputBias: make([]int32, 1)})
	e := New(zerolog.Nop())
	defer e.Close()
	if d := e.NetDescription(); strings.Contains(d, "mirrored") {
		t.Errorf("the embedded net: NetDescription() = %q, which calls it mirrored", d)
	}
	if note, err := e.SetOption("EvalFile", path); err != nil || !strings.Contains(note, "horizontally mirrored") {
		t.Errorf("SetOption(EvalFile, mirrored.nnue) = %q, %v; want a note saying the net is horizontally mirrored", note, err)
	}
}

func TestUseNNUEInDisplay(t *testing.T) {
	e := New(zerolog.Nop())
	defer e.Close()
	board := func() string {
		var b strings.Builder
		e.WriteBoard(&b)
		return b.String()
	}
	if d := board(); !strings.Contains(d, "Evaluation: net "+nnue.DefaultNet().Name()+" (embedded") {
		t.Errorf("d by default:\n%s\nwant the net named", d)
	}
	if _, err := e.SetOption("UCI_LimitStrength", "true"); err != nil {
		t.Fatal(err)
	}
	if d := board(); !strings.Contains(d, "Evaluation: hand-written (UCI_LimitStrength); net ") {
		t.Errorf("d with UCI_LimitStrength:\n%s\nwant the hand-written evaluation named", d)
	}
	// Above the hand-written evaluation's levels the net plays.
	if _, err := e.SetOption("UCI_Elo", strconv.Itoa(MaxElo-1)); err != nil {
		t.Fatal(err)
	}
	if d := board(); !strings.Contains(d, "Evaluation: net "+nnue.DefaultNet().Name()) {
		t.Errorf("d with UCI_LimitStrength at UCI_Elo %d:\n%s\nwant the net named", MaxElo-1, d)
	}
	if _, err := e.SetOption("UCI_LimitStrength", "false"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.SetOption("UseNNUE", "false"); err != nil {
		t.Fatal(err)
	}
	if d := board(); !strings.Contains(d, "Evaluation: hand-written (UseNNUE false); net ") {
		t.Errorf("d with UseNNUE false:\n%s\nwant the hand-written evaluation named", d)
	}
}

// TestEvalFileNotAFile: what cannot be a net file is refused after a stat,
// before it is read, with an error that says what it is, and the net in
// use stays: a directory, a device that never ends, a file of gigabytes
// (sparse, so the test writes none of them).
func TestEvalFileNotAFile(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.nnue")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(4 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	tests := []struct{ path, want string }{
		{dir, "a directory, not a net file"},
		{huge, "4294967296 bytes; a net file of this build is at most"},
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		tests = append(tests, struct{ path, want string }{"/dev/zero", "a device, not a net file"})
	}
	tests = append(tests, specialNetFiles(t, dir)...)
	e := New(zerolog.Nop())
	defer e.Close()
	embedded := "net " + nnue.DefaultNet().Name() + " (embedded"
	for _, tc := range tests {
		// On a goroutine of its own, so that a read stuck on the named pipe
		// fails the test (whose cleanup then unblocks it) instead of hanging.
		res := make(chan error, 1)
		go func() {
			_, err := e.SetOption(OptEvalFile, tc.path)
			res <- err
		}()
		err := waitFor(t, res, "answer to EvalFile "+tc.path)
		if err == nil || !strings.Contains(err.Error(), tc.path+": "+tc.want) || !strings.Contains(err.Error(), "keeping "+embedded) {
			t.Errorf("SetOption(EvalFile, %s) = %v, want an error %q that keeps the embedded net", tc.path, err, tc.want)
		}
		if d := e.NetDescription(); !strings.HasPrefix(d, embedded) {
			t.Errorf("after EvalFile %s: NetDescription() = %q, want the embedded net kept", tc.path, d)
		}
	}
	// The widest net this build reads: every king bucket, mobility inputs,
	// every output bucket. It must load.
	widest := &nnue.Weights{Mobility: true, Scale: 200, Name: "widest", KingBuckets: make([]uint8, 64),
		Feature: make([][nnue.Hidden]int16, nnue.Inputs(true, nnue.MaxKingBuckets)),
		Output:  make([][2][nnue.Hidden]int16, nnue.MaxOutputBuckets), OutputBias: make([]int32, nnue.MaxOutputBuckets)}
	for s := range widest.KingBuckets {
		widest.KingBuckets[s] = uint8(s % nnue.MaxKingBuckets)
	}
	path, b := writeWeights(t, dir, widest)
	if _, err := e.SetOption(OptEvalFile, path); err != nil || !strings.Contains(e.NetDescription(), "net widest") {
		t.Errorf("the widest net of this build (%d bytes, %d king buckets): SetOption(EvalFile) = %v, NetDescription %q; want it loaded",
			len(b), nnue.MaxKingBuckets, err, e.NetDescription())
	}
}

// TestNoEmbeddedNet stands for a build that embeds no net (-tags hidden128
// or hidden512): nothing panics; with UseNNUE on and no EvalFile the
// engine searches and benches with the hand-written evaluation and says
// why (NetNote, "d", "eval"); EvalFile gives it a net, and going back to
// the embedded one leaves it without again.
func TestNoEmbeddedNet(t *testing.T) {
	e := New(zerolog.Nop())
	defer e.Close()
	e.embedded = func() *nnue.Network { return nil }
	text := func(write func(w io.Writer)) string {
		var b strings.Builder
		write(&b)
		return b.String()
	}
	if n := e.NetNote(); !strings.HasPrefix(n, "UseNNUE needs EvalFile: ") || !strings.Contains(n, nnue.ErrNoEmbeddedNet.Error()) {
		t.Errorf("NetNote() = %q, want it to say UseNNUE needs EvalFile, and why", n)
	}
	if d := text(e.WriteBoard); !strings.Contains(d, "Evaluation: hand-written (no net); no net (") {
		t.Errorf("d with no net:\n%s\nwant the hand-written evaluation and the missing net named", d)
	}
	if ev := text(e.WriteEval); !strings.Contains(ev, "NNUE evaluation none: no net (") {
		t.Errorf("eval with no net:\n%s\nwant it to say there is no net", ev)
	}
	if o := runSearch(t, e, Limits{Depth: 3}); o.Best == movegen.NoMove {
		t.Errorf("go depth 3 with no net: no best move")
	}
	benched := make(chan BenchResult, 1)
	if err := e.Bench(1, nil, func(r BenchResult) { benched <- r }); err != nil {
		t.Fatal(err)
	}
	if r, want := waitFor(t, benched, "bench result"), BenchNet(1, nil, nil); r.Nodes != want.Nodes {
		t.Errorf("bench 1 with no net: %d nodes, want the hand-written evaluation's %d", r.Nodes, want.Nodes)
	}
	good, _ := writeNet(t, t.TempDir(), "zeros")
	if _, err := e.SetOption(OptEvalFile, good); err != nil {
		t.Fatal(err)
	}
	if n := e.NetNote(); n != "" {
		t.Errorf("NetNote() with an EvalFile = %q, want none", n)
	}
	if note, err := e.SetOption(OptEvalFile, ""); err != nil || !strings.Contains(note, "no net (") {
		t.Errorf("EvalFile back to the embedded net in a build with none: %q, %v; want a note saying there is no net", note, err)
	}
	if _, err := e.SetOption(OptUseNNUE, "false"); err != nil {
		t.Fatal(err)
	}
	if n := e.NetNote(); n != "" {
		t.Errorf("NetNote() with UseNNUE false = %q, want none", n)
	}
}
