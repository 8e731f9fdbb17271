package tablebase

import (
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestImports: the package sits between movegen and search, so of
// Sightline's packages it may import movegen alone. A go list that fails,
// or that does not list the package and movegen, fails the test: a check
// that cannot see the imports must not pass as one that found none.
func TestImports(t *testing.T) {
	const (
		self    = "github.com/sightline-chess/sightline/tablebase"
		movegen = "github.com/sightline-chess/sightline/movegen"
	)
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the imports with")
	}
	out, err := exec.Command(goTool, "list", "-deps", "-f", "{{.ImportPath}}", ".").Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list -deps: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	for _, p := range []string{self, movegen} {
		if !slices.Contains(deps, p) {
			t.Fatalf("go list -deps did not list %s; the check would see nothing:\n%s", p, out)
		}
	}
	for _, p := range deps {
		if strings.HasPrefix(p, "github.com/sightline-chess/sightline/") && p != movegen && p != self {
			t.Errorf("tablebase depends on %s; it may import only movegen", p)
		}
	}
}
