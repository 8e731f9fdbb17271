package tablebase

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImports: the package sits between movegen and search, so of
// Sightline's packages it may import movegen alone.
func TestImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "github.com/sightline-chess/sightline/") &&
			p != "github.com/sightline-chess/sightline/movegen" && p != "github.com/sightline-chess/sightline/tablebase" {
			t.Errorf("tablebase depends on %s; it may import only movegen", p)
		}
	}
}
