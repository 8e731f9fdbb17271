package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// module is this module's path.
const module = "github.com/sightline-chess/sightline"

// chain is the order imports run in (CONTRIBUTING.md), as paths inside the module
// ("" is main): each package of the engine may import only the ones before it.
// tablebase, which reads Syzygy files, needs only movegen and serves search;
// eval/nnue, the network, stands on eval: its mobility inputs are counted
// with the hand-written evaluation's own code.
var chain = []string{"movegen", "tablebase", "eval", "eval/nnue", "search", "engine", "uci", ""}

// measurement are the packages that exist to measure the paper's claims. The
// engine binary links none of them; main may import other packages outside
// the chain (tools such as a data generator), but not these.
var measurement = []string{"paperbench", "movegen/sliders", "cmd/"}

// dataReaders are the tools that read the training data and play no games:
// the file format, the evaluation's fit and the network's trainer. None of
// them may link the search; the format stands apart from datagen, the
// self-play that writes it, for this.
var dataReaders = []string{"internal/datafile", "internal/fit", "internal/nnuetrain"}

// oracle is the independent move generator the tests check movegen against;
// no code but tests may use it.
const oracle = "github.com/notnil/chess"

// listedPackage is one package as `go list` reports it (full import paths).
type listedPackage struct {
	Path    string
	Imports []string // direct imports, non-test files only
	Deps    []string // every package it depends on, non-test files only
}

// local returns p's path inside the module ("" for main), and whether p is
// in the module at all.
func local(p string) (string, bool) {
	if p == module {
		return "", true
	}
	rest, ok := strings.CutPrefix(p, module+"/")
	return rest, ok
}

// display names a package for a message.
func display(p string) string {
	if l, ok := local(p); ok && l == "" {
		return "main"
	} else if ok {
		return l
	}
	return p
}

func isMeasurement(p string) bool {
	l, ok := local(p)
	if !ok {
		return false
	}
	for _, m := range measurement {
		if l == m || strings.HasSuffix(m, "/") && strings.HasPrefix(l, m) {
			return true
		}
	}
	return false
}

// chainIndex returns p's place in the chain, or -1.
func chainIndex(p string) int {
	if l, ok := local(p); ok {
		return slices.Index(chain, l)
	}
	return -1
}

// importViolations returns one line per broken rule.
func importViolations(pkgs []listedPackage) []string {
	var bad []string
	order := strings.Join(chain[:len(chain)-1], " <- ") + " <- main"
	for _, pkg := range pkgs {
		if slices.Contains(pkg.Deps, oracle) {
			bad = append(bad, display(pkg.Path)+" uses "+oracle+", which only tests may use")
		}
		if l, ok := local(pkg.Path); ok && slices.Contains(dataReaders, l) && slices.Contains(pkg.Deps, module+"/search") {
			bad = append(bad, l+" depends on search: a tool that only reads data imports datafile, not datagen")
		}
		at := chainIndex(pkg.Path)
		if at < 0 {
			continue // tools and measurement import what they need
		}
		isMain := at == len(chain)-1
		for _, imp := range pkg.Imports {
			if _, ok := local(imp); !ok {
				continue // the standard library and other modules
			}
			before := chainIndex(imp)
			switch {
			case before >= 0 && before < at:
			case before >= 0:
				bad = append(bad, display(pkg.Path)+" imports "+display(imp)+", against the order "+order)
			case !isMain:
				bad = append(bad, display(pkg.Path)+" imports "+display(imp)+", which is outside the engine's chain")
			}
		}
		if !isMain {
			continue
		}
		for _, dep := range pkg.Deps {
			if isMeasurement(dep) {
				bad = append(bad, "main depends on "+display(dep)+": measurement code must stay out of the engine binary")
			}
		}
	}
	return bad
}

// goList lists every package of the module in the default build.
func goList(t *testing.T) []listedPackage {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the packages with")
	}
	out, err := exec.Command(goTool, "list", "-f", `{{.ImportPath}}|{{join .Imports " "}}|{{join .Deps " "}}`, "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []listedPackage
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 3 {
			t.Fatalf("go list printed %q", line)
		}
		pkgs = append(pkgs, listedPackage{f[0], strings.Fields(f[1]), strings.Fields(f[2])})
	}
	return pkgs
}

// TestImportRules checks the module's import graph: the engine's packages
// import one way, main links no measurement code, the tools that only read
// the training data link no search, and only tests use the notnil/chess
// oracle. (The -tags magic and rotated builds, which exist to measure the
// engine on other slider methods, are not checked.)
func TestImportRules(t *testing.T) {
	pkgs := goList(t)
	for _, p := range slices.Concat(chain, dataReaders) {
		found := false
		for _, pkg := range pkgs {
			l, ok := local(pkg.Path)
			found = found || ok && l == p
		}
		if !found {
			t.Fatalf("go list did not list %q; the rules would check nothing", display(module+"/"+p))
		}
	}
	for _, v := range importViolations(pkgs) {
		t.Error(v)
	}
}

// TestImportRulesCatch checks that importViolations finds each kind of broken
// rule, so that TestImportRules can fail.
func TestImportRulesCatch(t *testing.T) {
	m := func(paths ...string) []string {
		var out []string
		for _, p := range paths {
			if p == "" {
				out = append(out, module)
			} else if strings.Contains(p, ".") || p == "fmt" || p == "math/bits" {
				out = append(out, p)
			} else {
				out = append(out, module+"/"+p)
			}
		}
		return out
	}
	pkg := func(path string, imports []string, deps []string) listedPackage {
		return listedPackage{m(path)[0], imports, deps}
	}
	good := []listedPackage{
		pkg("movegen", m("fmt", "math/bits"), m("fmt", "math/bits")),
		pkg("eval", m("movegen"), m("movegen")),
		pkg("engine", m("search", "github.com/rs/zerolog"), nil),
		pkg("", m("uci", "internal/cli"), m("uci", "internal/cli", "engine", "datagen")),
		pkg("internal/cli", m("engine", "datagen"), nil),
		pkg("paperbench", m("movegen/sliders", "movegen"), nil),
		pkg("internal/nnuetrain", m("internal/datafile"), m("internal/datafile", "eval/nnue", "eval", "movegen")),
		pkg("internal/datagen", m("search"), m("search", "internal/datafile")),
	}
	if v := importViolations(good); len(v) != 0 {
		t.Errorf("importViolations(allowed graph) = %q, want none", v)
	}
	for _, tc := range []struct {
		pkg  listedPackage
		want string
	}{
		{pkg("movegen", m("eval"), nil), "movegen imports eval, against the order"},
		{pkg("search", m("uci"), nil), "search imports uci"},
		{pkg("eval", m("eval"), nil), "eval imports eval"},
		{pkg("engine", m("paperbench"), nil), "engine imports paperbench, which is outside"},
		{pkg("uci", m("internal/cli"), nil), "uci imports internal/cli, which is outside"},
		{pkg("uci", m(""), nil), "uci imports main"},
		{pkg("", m("datagen"), m("datagen", "movegen/sliders")), "main depends on movegen/sliders"},
		{pkg("", m("cmd/paperbench"), m("cmd/paperbench")), "main depends on cmd/paperbench"},
		{pkg("datagen", nil, m(oracle)), "datagen uses " + oracle},
		{pkg("internal/nnuetrain", m("internal/datagen"), m("internal/datagen", "search")), "nnuetrain depends on search"},
		{pkg("internal/datafile", nil, m("search")), "datafile depends on search"},
	} {
		v := importViolations([]listedPackage{tc.pkg})
		if len(v) != 1 || !strings.Contains(v[0], tc.want) {
			t.Errorf("importViolations(%+v) = %q, want one line with %q", tc.pkg, v, tc.want)
		}
	}
}
