package paperbench

import (
	"os/exec"
	"regexp"
	"testing"
)

// TestLookupsInline checks, with the compiler's own report, that every table
// method's lookups and board updates inline into its stencilled generator.
// One that does not pays a call per lookup, which would tilt Table 1: the
// rotated bishop lookup once crossed Go's inlining budget unnoticed. (The
// paper maps call Go's map runtime and the classical rays their loop anyway.)
func TestLookupsInline(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH to ask the compiler")
	}
	out, err := exec.Command(goTool, "build", "-gcflags=-m", "-o", "/dev/null", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	for _, fn := range []string{
		"rotatedMethod.rook", "rotatedMethod.bishop", "rotatedMethod.lift", "rotatedMethod.enPassant",
		"flatMethod.rook", "flatMethod.bishop",
		"magicMethod.rook", "magicMethod.bishop",
		"replayMethod.rook", "replayMethod.bishop",
		"plainBoard.lift", "plainBoard.enPassant",
	} {
		if !regexp.MustCompile(`(?m)can inline ` + regexp.QuoteMeta(fn) + `$`).Match(out) {
			t.Errorf("the compiler does not inline %s: see go build -gcflags=-m=2 ./paperbench", fn)
		}
	}
}
