package main

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// references are the pages that say what is true now. Dated results, and
// with them the names of older nets, belong in the logs (docs/*-log.md).
var references = []string{"README.md", "docs/nnue.md", "docs/strength.md", "docs/datagen.md", "docs/speed.md", "docs/uci.md"}

// previousNet is the net the embedded one replaced: a reference may name it
// (what the embedded net beat) and no older one. A commit that embeds a new
// net moves the old embedded name here (CONTRIBUTING.md, "A net").
const previousNet = "g20k-256-mob-kb4-b8"

// embedLine is the default build's go:embed of its net (eval/nnue/hidden.go).
var embedLine = regexp.MustCompile(`(?m)^//go:embed nets/([A-Za-z0-9_.-]+)\.nnue$`)

// netName finds what reads as the name of one of our nets: a generation tag
// (g14a, g10w, g3) with the parts that follow it in a net's name (the width,
// mob, nomob or tab, the king buckets, the output buckets), or a tag with a
// letter alone (g12w).
// Moves and squares (g1f3, g7) do not match; neither do data files (gen1-a.bin).
var netName = regexp.MustCompile(`\bg[0-9]+[a-z]*(?:-(?:[0-9]+|mob|nomob|tab|kb[0-9]+|b[0-9]+))+\b|\bg[0-9]+[a-z]+\b`)

// netFile finds a file under eval/nnue/nets named in full.
var netFile = regexp.MustCompile(`nets/([A-Za-z0-9_.-]+)\.nnue\b`)

// netTag is a net name's generation tag: g14a of g14a-256-mob-b8.
func netTag(name string) string {
	return regexp.MustCompile(`^g[0-9]+[a-z]*`).FindString(name)
}

// staleNetNames returns, for one page's text, a line for each mention of a
// net other than the allowed ones (full names), with its line number.
func staleNetNames(text string, allowed []string) []string {
	var tags []string
	for _, a := range allowed {
		tags = append(tags, netTag(a))
	}
	var bad []string
	for i, line := range strings.Split(text, "\n") {
		for _, m := range netName.FindAllString(line, -1) {
			if !slices.Contains(tags, netTag(m)) {
				bad = append(bad, fmt.Sprintf("line %d names the net %s", i+1, m))
			}
		}
		for _, m := range netFile.FindAllStringSubmatch(line, -1) {
			if !slices.Contains(allowed, m[1]) {
				bad = append(bad, fmt.Sprintf("line %d names the file nets/%s.nnue", i+1, m[1]))
			}
		}
	}
	return bad
}

// embeddedNet reads the embedded net's name from its go:embed line.
func embeddedNet(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile("eval/nnue/hidden.go")
	if err != nil {
		t.Fatal(err)
	}
	m := embedLine.FindSubmatch(src)
	if m == nil {
		t.Fatal("eval/nnue/hidden.go has no //go:embed nets/NAME.nnue line")
	}
	return string(m[1])
}

// TestReferencesNameCurrentNets checks that the reference pages name only the
// embedded net and the one before it, and that both are in eval/nnue/nets.
func TestReferencesNameCurrentNets(t *testing.T) {
	allowed := []string{embeddedNet(t), previousNet}
	for _, name := range allowed {
		if _, err := os.Stat(filepath.Join("eval/nnue/nets", name+".nnue")); err != nil {
			t.Errorf("eval/nnue/nets/%s.nnue: %v", name, err)
		}
	}
	for _, page := range references {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range staleNetNames(string(text), allowed) {
			t.Errorf("%s: %s; only %s and %s may be named there (older nets go in the logs)", page, b, allowed[0], allowed[1])
		}
	}
}

// TestStaleNetNamesCatch checks that staleNetNames finds an older net in
// each form it is written, and lets pass what only looks like one.
func TestStaleNetNamesCatch(t *testing.T) {
	allowed := []string{"g14a-256-mob-b8", "g13c-256-mob-b8"}
	for _, tc := range []struct {
		text string
		want int
	}{
		{"the embedded net is g14a-256-mob-b8, which beat g13c", 0},
		{"g14a (eval/nnue/nets/g14a-256-mob-b8.nnue), 256 wide: g14a-256", 0},
		{"Nf3 g1f3, a pawn on g7, gen1-a.bin, -g 2, the file NET.nnue", 0},
		{"it beat g12w-256-mob-b8", 1},
		{"g20k-256-mob-kb4-b8 and g16t-256-tab-b8", 2},
		{"g12w scored 56.3%", 1},
		{"generation 7's g7a-mob-b8", 1},
		{"the 128-wide g3-nomob-128", 1},
		{"eval/nnue/nets/old.nnue", 1},
		{"ok\ng14a beat g13c, which beat g12w\n", 1},
	} {
		if got := staleNetNames(tc.text, allowed); len(got) != tc.want {
			t.Errorf("staleNetNames(%q) = %q, want %d mentions", tc.text, got, tc.want)
		}
	}
}

// TestPackageDocs checks CONTRIBUTING.md's promise that each package has a
// doc.go holding its package comment (a program's doc, "// Command" or the
// main package's, may stand in its main.go instead, as Go's commands do).
func TestPackageDocs(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the packages with")
	}
	out, err := exec.Command(goTool, "list", "-f", `{{.Dir}}|{{.Name}}|{{.ImportPath}}`, "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 3 {
			t.Fatalf("go list printed %q", line)
		}
		dir, name, path := f[0], f[1], display(f[2])
		file := "doc.go"
		if name == "main" {
			file = "main.go"
		}
		src, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, file), nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			t.Errorf("%s: no %s: %v", path, file, err)
			continue
		}
		if src.Doc == nil {
			t.Errorf("%s: %s holds no package comment", path, file)
		} else if want := "Package " + name + " "; name != "main" && !strings.HasPrefix(src.Doc.Text(), want) {
			t.Errorf("%s: %s's package comment starts %q, want %q", path, file, firstLine(src.Doc.Text()), want)
		}
	}
}

// firstLine is text up to its first line break.
func firstLine(text string) string {
	line, _, _ := strings.Cut(text, "\n")
	return line
}
