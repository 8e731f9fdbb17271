package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/internal/datafile"
)

// TestDatagenAndFitCommands plays a tiny run, converts it, fits a copy of
// params.go on it, and checks that bad input exits 2 with a message and
// never a panic.
func TestDatagenAndFitCommands(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "games.bin")
	if code, _, stderr := runCommand("datagen", "-out", data, "-games", "4", "-nodes", "300", "-seed", "5"); code != 0 {
		t.Fatalf("datagen: exit %d\n%s", code, stderr)
	}
	code, epd, stderr := runCommand("datagen", "-convert", data, "-to", "-")
	if code != 0 || strings.Count(epd, "\n") < 20 || !strings.Contains(epd, `c9 "`) {
		t.Fatalf("datagen -convert: exit %d, %d lines\n%s", code, strings.Count(epd, "\n"), stderr)
	}
	params := filepath.Join(dir, "params.go")
	src, err := os.ReadFile(filepath.Join(repoRoot(t), "eval", "params.go"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(params, src, 0o644)
	epdFile := filepath.Join(dir, "games.epd")
	os.WriteFile(epdFile, []byte(epd), 0o644)
	if code, out, stderr := runCommand("fit", "-data", data+","+epdFile, "-epochs", "3", "-out", params); code != 0 || !strings.Contains(out, "wrote") {
		t.Fatalf("fit: exit %d, %q\n%s", code, out, stderr)
	}

	garbage := filepath.Join(dir, "garbage.bin")
	os.WriteFile(garbage, []byte("SLDG\x07\x00\x22\x00 not really"), 0o644)
	for _, args := range [][]string{
		{"datagen", "-out", data, "-games", "1"}, // exists: never written over
		{"datagen", "-out", filepath.Join(dir, "a"), "-games", "0"},
		{"datagen", "-out", filepath.Join(dir, "b"), "-games", "1", "-nodes", "-5"},
		{"datagen", "-out", filepath.Join(dir, "c"), "-games", "1", "-threads", "257"},
		{"datagen", "-out", filepath.Join(dir, "d"), "-games", "1", "-book", filepath.Join(dir, "no-book.epd")},
		{"datagen", "-out", filepath.Join(dir, "e"), "-games", "1", "-book", data},
		{"datagen", "-games", "1"},
		{"datagen", "-out", filepath.Join(dir, "h"), "-games", "1", "-hash", "0"},
		{"datagen", "-out", filepath.Join(dir, "i"), "-games", "1", "-hash", "100000"},
		{"datagen", "-out", filepath.Join(dir, "f"), "-games", "1", "-net", garbage},
		{"datagen", "-out", filepath.Join(dir, "g"), "-games", "1", "-net", filepath.Join(dir, "missing.nnue")},
		{"datagen", "-convert", garbage, "-to", "-"},
		{"datagen", "-convert", filepath.Join(dir, "missing.bin"), "-to", "-"},
		{"fit", "-out", params},
		{"fit", "-data", garbage, "-out", params},
		{"fit", "-data", filepath.Join(dir, "missing.bin"), "-out", params},
		{"fit", "-data", data, "-out", filepath.Join(dir, "no", "params.go")},
		{"fit", "-data", data, "-lambda", "2", "-out", params},
		{"fit", "-data", data, "-epochs", "-1", "-out", params},
	} {
		code, _, stderr := runCommand(args...)
		if code != 2 || stderr == "" {
			t.Errorf("sightline %q: exit %d, want 2 with a message; stderr %q", args, code, stderr)
		}
	}
	for _, name := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("a refused datagen run left the file %s", name)
		}
	}
}

// TestDatagenWithNet checks that -nnue plays its games with the network: the
// same seed and settings as a hand-written run give another file (the
// searches score and choose differently), and the run says which net.
func TestDatagenWithNet(t *testing.T) {
	dir := t.TempDir()
	gen := func(name string, extra ...string) ([]byte, string) {
		t.Helper()
		out := filepath.Join(dir, name)
		args := append([]string{"datagen", "-out", out, "-games", "2", "-nodes", "300", "-seed", "9"}, extra...)
		code, _, stderr := runCommand(args...)
		if code != 0 {
			t.Fatalf("sightline %q: exit %d\n%s", args, code, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b, stderr
	}
	hce, _ := gen("hce.bin")
	withNet, log := gen("net.bin", "-nnue")
	if !strings.Contains(log, "evaluating with net") {
		t.Errorf("datagen -nnue does not name its net:\n%s", log)
	}
	if bytes.Equal(hce, withNet) {
		t.Error("datagen -nnue wrote the hand-written evaluation's games byte for byte")
	}
}

// TestDatagenAppendAndConvert checks -append (a file cut short inside a
// game is cut back and added to; its games and the new ones read back
// whole) and -convert to .bin (a version-1 copy of a file converts back to
// the same bytes).
func TestDatagenAppendAndConvert(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "games.bin")
	gen := func(games string) {
		t.Helper()
		if code, _, stderr := runCommand("datagen", "-out", data, "-append", "-games", games, "-nodes", "200", "-seed", "3"); code != 0 {
			t.Fatalf("datagen -append: exit %d\n%s", code, stderr)
		}
	}
	gen("2") // a new file
	whole, err := os.ReadFile(data)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(data, append(whole, 5, 0, 1, 2, 3), 0o644) // a kill inside a third game
	gen("2")
	games := readGames(t, data)
	if len(games) != 4 {
		t.Fatalf("after -append: %d games, want 4", len(games))
	}
	if first, _ := os.ReadFile(data); !bytes.HasPrefix(first, whole) {
		t.Errorf("-append changed the games already in the file")
	}
	if games[2][0].Pos.String() == games[0][0].Pos.String() && len(games[2]) == len(games[0]) {
		t.Errorf("the resumed run played its first game again")
	}

	// Version 1 and back.
	v1 := filepath.Join(dir, "v1.bin")
	var buf bytes.Buffer
	w, err := datafile.NewWriterVersion(&buf, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if err := w.WriteGame(g); err != nil {
			t.Fatal(err)
		}
	}
	w.Flush()
	os.WriteFile(v1, buf.Bytes(), 0o644)
	back := filepath.Join(dir, "back.bin")
	if code, _, stderr := runCommand("datagen", "-convert", v1, "-to", back); code != 0 {
		t.Fatalf("datagen -convert to .bin: exit %d\n%s", code, stderr)
	}
	a, _ := os.ReadFile(data)
	b, _ := os.ReadFile(back)
	if !bytes.Equal(a, b) {
		t.Errorf("version 1 converted back: %d bytes, the original %d, or other bytes", len(b), len(a))
	}
	for _, args := range [][]string{
		{"datagen", "-convert", v1, "-to", back},                        // exists
		{"datagen", "-convert", v1, "-to", filepath.Join(dir, "x.txt")}, // neither .epd nor .bin
		{"datagen", "-out", v1, "-append", "-games", "1"},               // version 1: convert it first
	} {
		if code, _, stderr := runCommand(args...); code != 2 || stderr == "" {
			t.Errorf("sightline %q: exit %d, want 2 with a message; stderr %q", args, code, stderr)
		}
	}
}

// readGames reads every game of a data file.
func readGames(t *testing.T, path string) [][]datafile.Record {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var games [][]datafile.Record
	if _, err := datafile.EachGame(f, func(g []datafile.Record) bool {
		games = append(games, append([]datafile.Record(nil), g...))
		return true
	}); err != nil {
		t.Fatal(err)
	}
	return games
}
