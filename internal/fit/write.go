package fit

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"sort"
	"strconv"

	"github.com/sightline-chess/sightline/eval"
)

// edit replaces src[start:end] with text.
type edit struct {
	start, end int
	text       string
}

// RewriteParams returns params.go's source src with every fitted weight
// replaced by its value in w, and nothing else changed: layout, order and
// comments stay, so the diff of a fit shows only numbers. Each named
// weight must be declared once in src with as many values as it has.
func RewriteParams(src []byte, w *eval.Weights) ([]byte, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "params.go", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	values := map[string][]eval.Score{
		eval.KingDangerMGName:    {w.KingDangerMG},
		eval.KingDangerMaxMGName: {w.KingDangerMaxMG},
	}
	for _, g := range eval.WeightGroups() {
		if g.MGName != "" {
			values[g.MGName] = w.MG[g.Start : g.Start+len(g.MG)]
		}
		if g.EGName != "" {
			values[g.EGName] = w.EG[g.Start : g.Start+len(g.EG)]
		}
	}
	var edits []edit
	done := map[string]bool{}
	for _, decl := range file.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range gd.Specs {
			vs, ok := spec.(*ast.ValueSpec)
			if !ok {
				continue
			}
			for i, name := range vs.Names {
				want, ok := values[name.Name]
				if !ok || i >= len(vs.Values) {
					continue
				}
				if done[name.Name] {
					return nil, fmt.Errorf("params.go declares %s twice", name.Name)
				}
				done[name.Name] = true
				es, err := numberEdits(fset, vs.Values[i], want)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", name.Name, err)
				}
				edits = append(edits, es...)
			}
		}
	}
	for name := range values {
		if !done[name] {
			return nil, fmt.Errorf("params.go has no value for %s", name)
		}
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
	out := append([]byte(nil), src...)
	for _, e := range edits {
		out = append(out[:e.start], append([]byte(e.text), out[e.end:]...)...)
	}
	return format.Source(out)
}

// numberEdits replaces the integer literals of expr (a number, a negated
// one, or a composite literal of them, nested for tables) by want, in order.
// An empty inner literal ({} in a table) stands for a row of zeros, which
// must stay zeros.
func numberEdits(fset *token.FileSet, expr ast.Expr, want []eval.Score) ([]edit, error) {
	var nums []ast.Expr
	var walk func(e ast.Expr) error
	walk = func(e ast.Expr) error {
		switch x := e.(type) {
		case *ast.CompositeLit:
			nested := len(x.Elts) > 0
			for _, el := range x.Elts {
				if _, ok := el.(*ast.CompositeLit); !ok {
					nested = false
				}
			}
			if !nested && len(x.Elts) == 0 {
				nums = append(nums, nil) // a marker: one empty row
				return nil
			}
			for _, el := range x.Elts {
				if err := walk(el); err != nil {
					return err
				}
			}
			return nil
		case *ast.BasicLit, *ast.UnaryExpr:
			nums = append(nums, x)
			return nil
		case *ast.ParenExpr:
			return walk(x.X)
		}
		return fmt.Errorf("unexpected expression at %v", fset.Position(e.Pos()))
	}
	if err := walk(expr); err != nil {
		return nil, err
	}
	// An empty row is as long as the others: the total less the numbers
	// written, shared among the empty rows.
	empty := 0
	for _, n := range nums {
		if n == nil {
			empty++
		}
	}
	rowLen := 0
	if empty > 0 {
		rowLen = (len(want) - (len(nums) - empty)) / empty
	}
	var edits []edit
	i := 0
	for _, n := range nums {
		if n == nil {
			for j := 0; j < rowLen; j++ {
				if want[i+j] != 0 {
					return nil, fmt.Errorf("value %d of an empty row would become %d", i+j, want[i+j])
				}
			}
			i += rowLen
			continue
		}
		if i >= len(want) {
			return nil, fmt.Errorf("more numbers in params.go than the %d weights", len(want))
		}
		edits = append(edits, edit{
			start: fset.Position(n.Pos()).Offset,
			end:   fset.Position(n.End()).Offset,
			text:  strconv.Itoa(int(want[i])),
		})
		i++
	}
	if i != len(want) {
		return nil, fmt.Errorf("%d numbers in params.go, want %d", i, len(want))
	}
	return edits, nil
}
