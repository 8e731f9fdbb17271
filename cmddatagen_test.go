package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDatagenAndTuneCommands plays a tiny run, converts it, tunes a copy of
// params.go on it, and checks that bad input exits 2 with a message and
// never a panic.
func TestDatagenAndTuneCommands(t *testing.T) {
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
	src, err := os.ReadFile("eval/params.go")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(params, src, 0o644)
	epdFile := filepath.Join(dir, "games.epd")
	os.WriteFile(epdFile, []byte(epd), 0o644)
	if code, out, stderr := runCommand("tune", "-data", data+","+epdFile, "-epochs", "3", "-out", params); code != 0 || !strings.Contains(out, "wrote") {
		t.Fatalf("tune: exit %d, %q\n%s", code, out, stderr)
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
		{"datagen", "-out", filepath.Join(dir, "f"), "-games", "1", "-net", garbage},
		{"datagen", "-out", filepath.Join(dir, "g"), "-games", "1", "-net", filepath.Join(dir, "missing.nnue")},
		{"datagen", "-convert", garbage, "-to", "-"},
		{"datagen", "-convert", filepath.Join(dir, "missing.bin"), "-to", "-"},
		{"tune", "-out", params},
		{"tune", "-data", garbage, "-out", params},
		{"tune", "-data", filepath.Join(dir, "missing.bin"), "-out", params},
		{"tune", "-data", data, "-out", filepath.Join(dir, "no", "params.go")},
		{"tune", "-data", data, "-lambda", "2", "-out", params},
		{"tune", "-data", data, "-epochs", "-1", "-out", params},
	} {
		code, _, stderr := runCommand(args...)
		if code != 2 || stderr == "" {
			t.Errorf("sightline %q: exit %d, want 2 with a message; stderr %q", args, code, stderr)
		}
	}
	for _, name := range []string{"a", "b", "c", "d", "e", "f", "g"} {
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
