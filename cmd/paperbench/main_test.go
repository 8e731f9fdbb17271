package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPaperbenchCommand runs the command on three positions and checks its
// table and chart, then its exit status for bad input.
func TestPaperbenchCommand(t *testing.T) {
	dir := t.TempDir()
	epd := filepath.Join(dir, "three.epd")
	lines := "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - bm Qxf6; id \"kiwi\";\n" +
		"2q1r1k1/1ppb4/r2p1Pp1/p4n1p/2P1n3/5NPP/PP3Q1K/2BRRB2 w - - bm f7+; id \"ECM.001\";\n" +
		"7r/1p2k3/2bpp3/p3np2/P1PR4/2N2PP1/1P4K1/3B4 b - - bm Bxf3+; id \"ECM.002\";\n"
	if err := os.WriteFile(epd, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	svg := filepath.Join(dir, "chart.svg")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-epd", epd, "-repeat", "2", "-rounds", "3", "-svg", svg}, &stdout, &stderr); code != 0 {
		t.Fatalf("paperbench = exit %d, want 0; stderr:\n%s", code, stderr.String())
	}
	for _, want := range []string{"3 positions x 2 repeats", "| rotated bitboards |", "| direct lookup, paper maps |", "| direct lookup, Sightline |", "| fancy magic |", "| classical rays |"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("paperbench output lacks %q:\n%s", want, stdout.String())
		}
	}
	if data, err := os.ReadFile(svg); err != nil || !strings.HasPrefix(string(data), "<svg") {
		t.Errorf("paperbench -svg wrote %q (%v), want an SVG file", data, err)
	}

	stdout.Reset()
	if code := run([]string{"-epd", epd, "-repeat", "1", "-rounds", "1", "-count"}, &stdout, &stderr); code != 0 {
		t.Fatalf("paperbench -count = exit %d, want 0; stderr:\n%s", code, stderr.String())
	}
	if want := "moves counted and not written out"; !strings.Contains(stdout.String(), want) {
		t.Errorf("paperbench -count output lacks %q:\n%s", want, stdout.String())
	}

	bad := filepath.Join(dir, "bad.epd")
	if err := os.WriteFile(bad, []byte("8/8/8 w - -\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"-epd", filepath.Join(dir, "missing.epd")},
		{"-epd", bad},
		{"-epd", epd, "-methods", "flat,bogus"},
		{"-epd", epd, "-repeat", "0"},
		{"-no-such-flag"},
		{"extra"},
		{"-epd", epd, "-svg", filepath.Join(dir, "no-such-dir", "chart.svg")},
		{"-epd", ""},
	} {
		stdout.Reset()
		stderr.Reset()
		if code := run(args, &stdout, &stderr); code != 2 {
			t.Errorf("paperbench %q = exit %d, want 2", args, code)
		}
		if stderr.Len() == 0 {
			t.Errorf("paperbench %q wrote no error message", args)
		}
	}
}

// TestPaperbenchHelp checks that -h prints the flags and exits 0.
func TestPaperbenchHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-h"}, &stdout, &stderr); code != 0 {
		t.Errorf("paperbench -h = exit %d, want 0", code)
	}
	if !strings.Contains(stderr.String(), "-methods") {
		t.Errorf("paperbench -h: stderr %q does not list the flags", stderr.String())
	}
}

// TestPaperbenchSVGWriteError checks that a chart that cannot be written in
// full (here, to a full device) fails the command instead of leaving a
// truncated file behind with exit status 0.
func TestPaperbenchSVGWriteError(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full on this system")
	}
	epd := filepath.Join(t.TempDir(), "one.epd")
	if err := os.WriteFile(epd, []byte("7r/1p2k3/2bpp3/p3np2/P1PR4/2N2PP1/1P4K1/3B4 b - -\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-epd", epd, "-repeat", "1", "-rounds", "1", "-svg", "/dev/full"}, &stdout, &stderr); code != 2 {
		t.Errorf("paperbench -svg /dev/full = exit %d, want 2; stderr:\n%s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "-svg") {
		t.Errorf("paperbench -svg /dev/full: stderr %q does not name -svg", stderr.String())
	}
}
