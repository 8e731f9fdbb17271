// Command tunegen keeps the search's tunables in one place,
// search/tunables.go, where each is a constant with a "tune: MIN..MAX step
// C" comment, and writes everything else about them from it:
//
//	tunables_table.go  every tunable's name, default and range (both builds)
//	tunables_tune.go   the tune build's int variables and their addresses
//	tunables_const.go  the normal build's side of the same names
//
// A constant of tunables.go without that comment is fixed: a number of the
// same feature as the tunables beside it, kept in their block so that a
// reader finds the feature's numbers together. No tuner moves it; the tune
// build, which does not compile tunables.go, gets it as the same constant
// in tunables_tune.go.
//
// Usage:
//
//	tunegen [DIR]                 write the three files from DIR/tunables.go
//	tunegen -apply VALUES [DIR]   first write VALUES into DIR/tunables.go
//
// DIR is the search package's folder ("." by default, which is where `go
// generate ./search` runs it). VALUES is an SPSA run's values file, the
// form cmd/spsa -values and OpenBench write: a "name, value" line for
// each tunable it moved, blank lines and lines starting with # aside. Each
// named tunable gets that integer as its default; its range, step and
// comment stay, and the file is gofmt-ed. A line of another form, a name
// that is not a tunable, one named twice or a value outside its range is
// refused with a message naming the line, and nothing is written.
//
// Exit status: 0 done, 2 bad arguments, bad input or a file that could not
// be read or written. The test fails when the files in the repository are
// not what tunegen would write, so that a constant added, removed or
// changed in tunables.go without regenerating is caught by `make test`,
// not by the first tune build.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// rEnd is OpenBench's r_end, the learning rate at the end of a run, for
// every tunable: the value its SPSA guide suggests; nothing here has asked
// for another yet.
const rEnd = 0.002

// tunable is one constant of tunables.go and its range.
type tunable struct {
	name                  string
	value, min, max, cEnd int
	// span is where the value's literal lies in the source, as byte
	// offsets [start, end): what -apply rewrites.
	span [2]int
}

// fixed is a constant of tunables.go that no tuner moves.
type fixed struct {
	name  string
	value int
}

// generated are the files tunegen writes, in the order render returns them.
var generated = [...]string{"tunables_table.go", "tunables_tune.go", "tunables_const.go"}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tunegen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	apply := fs.String("apply", "", "write this SPSA values file (\"name, value\" lines) into tunables.go first")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tunegen [-apply VALUES] [DIR]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 1 {
		fs.Usage()
		return 2
	}
	dir := "."
	if fs.NArg() == 1 {
		dir = fs.Arg(0)
	}
	if err := generate(dir, *apply, stdout); err != nil {
		fmt.Fprintln(stderr, "tunegen:", err)
		return 2
	}
	return 0
}

// generate reads dir/tunables.go, writes the values file into it if one is
// named, and writes the generated files in dir. Every check comes before
// the first write.
func generate(dir, valuesPath string, stdout io.Writer) error {
	path := filepath.Join(dir, "tunables.go")
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	ts, fs, err := parse(src)
	if err != nil {
		return err
	}
	if valuesPath != "" {
		values, err := os.ReadFile(valuesPath)
		if err != nil {
			return err
		}
		var changes []string
		if src, changes, err = applyValues(src, ts, fs, valuesPath, values); err != nil {
			return err
		}
		if ts, fs, err = parse(src); err != nil {
			return fmt.Errorf("tunables.go after the values: %v", err)
		}
		for _, c := range changes {
			fmt.Fprintln(stdout, c)
		}
		fmt.Fprintf(stdout, "%s: %d of %d tunables changed\n", path, len(changes), len(ts))
	}
	files, err := render(ts, fs)
	if err != nil {
		return err
	}
	if valuesPath != "" {
		if err := os.WriteFile(path, src, 0o644); err != nil {
			return err
		}
	}
	for i, name := range generated {
		if err := os.WriteFile(filepath.Join(dir, name), files[i], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// parse returns the tunables of a tunables.go source and its fixed
// constants, each in their order. Every constant there is an untyped
// integer literal, so that the tune build can declare it again without
// anything else of the file.
func parse(src []byte) ([]tunable, []fixed, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "tunables.go", src, parser.ParseComments)
	if err != nil {
		return nil, nil, err
	}
	var ts []tunable
	var fs []fixed
	seen := map[string]bool{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			return nil, nil, fmt.Errorf("%s: tunables.go holds only constants", fset.Position(d.Pos()))
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			pos := fset.Position(v.Pos())
			if len(v.Names) != 1 || len(v.Values) != 1 || v.Type != nil {
				return nil, nil, fmt.Errorf("%s: want one untyped constant per line", pos)
			}
			t := tunable{name: v.Names[0].Name}
			if t.value, err = intLiteral(v.Values[0]); err != nil {
				return nil, nil, fmt.Errorf("%s: %s: %v", pos, t.name, err)
			}
			t.span = [2]int{fset.Position(v.Values[0].Pos()).Offset, fset.Position(v.Values[0].End()).Offset}
			if v.Comment == nil || !isRangeComment(v.Comment.Text()) {
				fs = append(fs, fixed{t.name, t.value})
				continue
			}
			if err := t.parseRange(v.Comment.Text()); err != nil {
				return nil, nil, fmt.Errorf("%s: %s: %v", pos, t.name, err)
			}
			if seen[strings.ToLower(t.name)] {
				// UCI option names are matched without regard to case.
				return nil, nil, fmt.Errorf("%s: %s declared twice (ignoring case)", pos, t.name)
			}
			seen[strings.ToLower(t.name)] = true
			ts = append(ts, t)
		}
	}
	if len(ts) == 0 {
		return nil, nil, fmt.Errorf("tunables.go declares no tunable")
	}
	return ts, fs, nil
}

// isRangeComment reports whether a constant's trailing comment is meant as
// a tunable's range: its first word is "tune" (with or without the colon),
// so that a range mistyped is refused rather than read as a fixed
// constant's remark.
func isRangeComment(comment string) bool {
	w, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(comment)), " ")
	return w == "tune" || strings.HasPrefix(w, "tune:")
}

// intLiteral is the value of an integer literal, perhaps negated.
func intLiteral(e ast.Expr) (int, error) {
	neg := false
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.SUB {
		neg, e = true, u.X
	}
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.INT {
		return 0, fmt.Errorf("value is not an integer literal")
	}
	n, err := strconv.Atoi(lit.Value)
	if err != nil {
		return 0, err
	}
	if neg {
		n = -n
	}
	return n, nil
}

// parseRange reads "tune: MIN..MAX step C" from the start of a line
// comment (text may go on after it) and checks that it makes sense.
func (t *tunable) parseRange(comment string) error {
	rest, ok := strings.CutPrefix(strings.TrimSpace(comment), "tune:")
	if !ok {
		return fmt.Errorf("comment %q does not start with \"tune:\"", comment)
	}
	if _, err := fmt.Sscanf(rest, " %d..%d step %d", &t.min, &t.max, &t.cEnd); err != nil {
		return fmt.Errorf("comment %q: want \"tune: MIN..MAX step C\": %v", comment, err)
	}
	switch {
	case t.min >= t.max:
		return fmt.Errorf("range %d..%d is empty", t.min, t.max)
	case t.value < t.min || t.value > t.max:
		return fmt.Errorf("value %d is outside %d..%d", t.value, t.min, t.max)
	case t.cEnd <= 0 || t.cEnd > t.max-t.min:
		return fmt.Errorf("step %d is not within 1..%d", t.cEnd, t.max-t.min)
	}
	return nil
}

// applyValues returns src, the tunables.go whose tunables parse found as
// ts, with the values of the values file (named name, for messages) put in
// place of their defaults and gofmt-ed, and a "name: old -> new" line for
// each value that changed. The file names each tunable at most once; it
// need not name them all (a run may tune a few).
func applyValues(src []byte, ts []tunable, fs []fixed, name string, values []byte) ([]byte, []string, error) {
	byName := map[string]int{}
	for i, t := range ts {
		byName[t.name] = i
	}
	newValue := map[int]int{}  // index in ts -> value
	lineOf := map[string]int{} // tunable -> line of the values file naming it
	sc := bufio.NewScanner(bytes.NewReader(values))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, ",")
		if len(fields) != 2 {
			return nil, nil, fmt.Errorf("%s:%d: %q is not \"name, value\"", name, n, line)
		}
		tn, vs := strings.TrimSpace(fields[0]), strings.TrimSpace(fields[1])
		v, err := strconv.Atoi(vs)
		if err != nil {
			return nil, nil, fmt.Errorf("%s:%d: %s: value %q is not an integer", name, n, tn, vs)
		}
		i, ok := byName[tn]
		if !ok {
			return nil, nil, fmt.Errorf("%s:%d: %q is not a tunable of tunables.go%s", name, n, tn, notTunableHint(ts, fs, tn))
		}
		if first, twice := lineOf[tn]; twice {
			return nil, nil, fmt.Errorf("%s:%d: %s is named again (first on line %d)", name, n, tn, first)
		}
		lineOf[tn] = n
		if t := ts[i]; v < t.min || v > t.max {
			return nil, nil, fmt.Errorf("%s:%d: %s = %d is outside its range %d..%d", name, n, tn, v, t.min, t.max)
		}
		newValue[i] = v
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(newValue) == 0 {
		return nil, nil, fmt.Errorf("%s holds no \"name, value\" line", name)
	}
	// Copy src with each named value's literal replaced, in file order.
	var out bytes.Buffer
	var changes []string
	prev := 0
	for i, t := range ts {
		v, ok := newValue[i]
		if !ok {
			continue
		}
		out.Write(src[prev:t.span[0]])
		out.WriteString(strconv.Itoa(v))
		prev = t.span[1]
		if v != t.value {
			changes = append(changes, fmt.Sprintf("%s: %d -> %d", t.name, t.value, v))
		}
	}
	out.Write(src[prev:])
	// gofmt realigns the comments of a block whose values changed width.
	formatted, err := format.Source(out.Bytes())
	if err != nil {
		return nil, nil, err
	}
	return formatted, changes, nil
}

// notTunableHint says why name is not a tunable where tunables.go can tell:
// it names a tunable but for case (the values file must spell it as
// tunables.go does), or a fixed constant.
func notTunableHint(ts []tunable, fs []fixed, name string) string {
	for _, t := range ts {
		if strings.EqualFold(t.name, name) {
			return fmt.Sprintf(" (did you mean %s?)", t.name)
		}
	}
	for _, f := range fs {
		if f.name == name {
			return " (it is fixed: it has no \"tune:\" range)"
		}
	}
	return ""
}

const header = "// Code generated by tunegen from tunables.go; DO NOT EDIT.\n\n"

// render returns the generated files' contents, gofmt-ed, in the order of
// generated.
func render(ts []tunable, fs []fixed) ([len(generated)][]byte, error) {
	var files [len(generated)][]byte
	var b bytes.Buffer
	b.WriteString(header + "package search\n\n")
	b.WriteString("// tunableTable is every tunable of tunables.go with its default and range,\n// in that file's order.\n")
	b.WriteString("var tunableTable = [...]Tunable{\n")
	for _, t := range ts {
		fmt.Fprintf(&b, "\t{Name: %q, Default: %d, Min: %d, Max: %d, CEnd: %d, REnd: %v},\n",
			t.name, t.value, t.min, t.max, t.cEnd, rEnd)
	}
	b.WriteString("}\n")
	files[0] = b.Bytes()

	b = bytes.Buffer{}
	b.WriteString(header + "//go:build tune\n\npackage search\n\n")
	b.WriteString("// TuneBuild reports whether this is the tune build, whose tunables are\n" +
		"// variables set through SetTunable (UCI options) rather than constants.\n" +
		"const TuneBuild = true\n\n")
	b.WriteString("// The tune build's tunables: variables at tunables.go's defaults, which\n// SetTunable changes.\nvar (\n")
	for _, t := range ts {
		fmt.Fprintf(&b, "\t%s = %d\n", t.name, t.value)
	}
	b.WriteString(")\n\n// tunableVars holds the address of each, in tunableTable's order.\n")
	b.WriteString("var tunableVars = [...]*int{\n")
	for _, t := range ts {
		fmt.Fprintf(&b, "\t&%s,\n", t.name)
	}
	b.WriteString("}\n")
	if len(fs) > 0 {
		b.WriteString("\n// The fixed constants of tunables.go, which no tuner moves: the same\n" +
			"// constants in both builds.\nconst (\n")
		for _, f := range fs {
			fmt.Fprintf(&b, "\t%s = %d\n", f.name, f.value)
		}
		b.WriteString(")\n")
	}
	files[1] = b.Bytes()

	b = bytes.Buffer{}
	b.WriteString(header + "//go:build !tune\n\npackage search\n\n")
	b.WriteString("// TuneBuild reports whether this is the tune build, whose tunables are\n" +
		"// variables set through SetTunable (UCI options) rather than constants.\n" +
		"const TuneBuild = false\n\n")
	b.WriteString("// tunableVars is the tune build's table of addresses, empty here: the\n" +
		"// tunables are constants (tunables.go), which have none, and SetTunable\n" +
		"// refuses before it would need one.\n" +
		"var tunableVars [len(tunableTable)]*int\n")
	files[2] = b.Bytes()

	for i := range files {
		var err error
		if files[i], err = format.Source(files[i]); err != nil {
			return files, fmt.Errorf("%s: %v", generated[i], err)
		}
	}
	return files, nil
}
