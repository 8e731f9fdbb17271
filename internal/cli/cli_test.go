package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// commands are the commands by the names main gives them.
var commands = map[string]Command{
	"bench":       Bench,
	"perft":       Perft,
	"datagen":     Datagen,
	"fit":         Fit,
	"train":       Train,
	"spsa-params": SPSAParams,
	"genfens":     Genfens,
}

// runCommand runs the command line args (a command's name and its
// arguments) through Run as main does, and returns its exit status and what
// it wrote to stdout and stderr.
func runCommand(args ...string) (code int, stdout, stderr string) {
	var out, errs bytes.Buffer
	code = Run(commands[args[0]], args[1:], &out, &errs)
	return code, out.String(), errs.String()
}

// repoRoot returns the repository's root: the nearest directory at or
// above the working directory that holds go.mod.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod at or above the working directory")
		}
		dir = up
	}
}
