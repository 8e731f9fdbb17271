package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestStencilsFresh checks that every committed paperbench/stencil_*.go is
// what generate.go gives today.
func TestStencilsFresh(t *testing.T) {
	dir := filepath.Join("..", "..")
	files, err := generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("paperbench/%s is stale or missing: run go generate ./paperbench", name)
		}
	}
	old, _ := filepath.Glob(filepath.Join(dir, "stencil_*.go"))
	if len(old) != len(files) {
		t.Errorf("paperbench holds %d stencil_*.go files, the generator writes %d: remove the extra ones", len(old), len(files))
	}
}

// TestStencilRewrite checks the rewrite on a small generic function: the type
// parameter list goes, M becomes the type, and the function is renamed at its
// declaration, its calls and its doc comment.
func TestStencilRewrite(t *testing.T) {
	src := []byte(`package p

import "fmt"

// count returns twice what m says.
func count[M sliderMethod](m M) int {
	// Inner comment kept.
	return m.n() + again(m)
}

func again[M sliderMethod](m M) int { return m.n() }

func plain() { fmt.Println() }
`)
	got, err := stencil("generate.go", src, "X", "xMethod")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"// countX returns twice what m says.\nfunc countX(m xMethod) int {",
		"// Inner comment kept.",
		"return m.n() + againX(m)",
		"func againX(m xMethod) int",
	} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("stencil output lacks %q:\n%s", want, got)
		}
	}
	if bytes.Contains(got, []byte("plain")) {
		t.Errorf("stencil copied a function that is not generic:\n%s", got)
	}
}
