package nnuetrain

import (
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sightline-chess/sightline/internal/datafile"
	"github.com/sightline-chess/sightline/movegen"
)

// writeRandomGames writes n random games to a version-1 datagen file,
// random scores and results, no moves or flags (the quiet filter drops
// only positions in check): what Open needs, without the cost of a search.
// (Version 2 stores only games whose records follow by their moves.)
func writeRandomGames(t *testing.T, path string, n int, seed uint64) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, err := datafile.NewWriterVersion(f, 1)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	for g := 0; g < n; g++ {
		var game []datafile.Record
		randomGame(rng, 40, func(p *movegen.Position) {
			game = append(game, datafile.Record{Pos: *p, Score: int16(rng.IntN(200) - 100), Result: datafile.Result(rng.IntN(3))})
		})
		if err := w.WriteGame(game); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
}

// validKeys returns the sorted keys of the validation set's positions.
func validKeys(t *testing.T, cfg Config, files ...string) []uint64 {
	t.Helper()
	cfg.Files = files
	_, valid, err := Open(&cfg, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]uint64, len(valid.positions))
	for i := range valid.positions {
		keys[i] = valid.positions[i].Key()
	}
	slices.Sort(keys)
	return keys
}

// TestHoldOutByHash checks that the held-out games do not depend on the
// files read before them (generation 5's trap, docs/nnue-log.md): reading two
// files in either order holds out the same positions by hash, and
// different ones by order, which the old rule did.
func TestHoldOutByHash(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.bin"), filepath.Join(dir, "b.bin")
	writeRandomGames(t, a, 37, 1)
	writeRandomGames(t, b, 41, 2)
	cfg := syntheticConfig()
	cfg.Mirror = false
	ab, ba := validKeys(t, cfg, a, b), validKeys(t, cfg, b, a)
	if len(ab) == 0 || !slices.Equal(ab, ba) {
		t.Errorf("by hash: %d held-out positions reading a then b, %d reading b then a, want the same ones", len(ab), len(ba))
	}
	cfg.HoldOutByOrder = true
	if ab, ba := validKeys(t, cfg, a, b), validKeys(t, cfg, b, a); slices.Equal(ab, ba) {
		t.Error("by order: the same held-out positions in either order; the test's files do not tell the rules apart")
	}
}
