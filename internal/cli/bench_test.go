package cli

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/eval/nnue"
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

// TestBenchNet checks `bench -net`: the embedded net's own file gives the
// embedded net's fingerprint, a wider net than the build's is refused with
// its message, and a file that is not a net is refused with exit status 2
// and a message, not a panic.
func TestBenchNet(t *testing.T) {
	nets := filepath.Join("..", "..", "eval", "nnue", "nets")
	own := filepath.Join(nets, nnue.DefaultNet().Name()+".nnue")
	_, plain, _ := runCommand("bench", "2")
	code, out, stderr := runCommand("bench", "-net", own, "2")
	if code != 0 || fingerprint(out) != fingerprint(plain) {
		t.Errorf("bench -net %s: exit %d, fingerprint %q, want 0 and the embedded net's %q (stderr %q)",
			own, code, fingerprint(out), fingerprint(plain), stderr)
	}
	bad := filepath.Join(t.TempDir(), "bad.nnue")
	if err := os.WriteFile(bad, []byte("not a net"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A net twice the build's width: the embedded net's file with the
	// header's width changed, which Load refuses before it reads further.
	b, err := os.ReadFile(own)
	if err != nil {
		t.Fatal(err)
	}
	binary.LittleEndian.PutUint16(b[10:], 2*nnue.Hidden)
	wide := filepath.Join(t.TempDir(), "wide.nnue")
	if err := os.WriteFile(wide, b, 0o644); err != nil {
		t.Fatal(err)
	}
	// Each refused file, with what its message must name.
	refused := map[string]string{
		bad:  bad,
		wide: fmt.Sprintf("%d hidden neurons", 2*nnue.Hidden),
		filepath.Join(t.TempDir(), "missing.nnue"): "missing.nnue",
	}
	for path, want := range refused {
		code, _, stderr := runCommand("bench", "-net", path, "2")
		if code != 2 || !strings.HasPrefix(stderr, "bench: ") || !strings.Contains(stderr, want) {
			t.Errorf("bench -net %s: exit %d, stderr %q; want 2 and a message naming %q", path, code, stderr, want)
		}
	}
}
