package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchCPUProfile checks the profile `make pgo` takes: written, not
// empty, and the bench's fingerprint line unchanged beside it.
func TestBenchCPUProfile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cpu.pgo")
	code, out, stderr := runCommand("bench", "-cpuprofile", path, "2")
	if _, plain, _ := runCommand("bench", "2"); code != 0 || fingerprint(out) != fingerprint(plain) {
		t.Fatalf("bench -cpuprofile: exit %d, output %q, stderr %q", code, out, stderr)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() == 0 {
		t.Errorf("bench -cpuprofile wrote no profile: %v", err)
	}
	if code, _, _ := runCommand("bench", "-cpuprofile", filepath.Join(t.TempDir(), "no", "cpu.pgo"), "2"); code != 2 {
		t.Errorf("bench -cpuprofile into a missing folder: exit %d, want 2", code)
	}
}

// fingerprint is the node count of a bench's last line.
func fingerprint(out string) string {
	f := strings.Fields(out)
	if len(f) < 4 {
		return ""
	}
	return f[len(f)-4]
}
