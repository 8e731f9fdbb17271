package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestRunExitStatus checks the exit statuses the README promises for the
// command line's own flags: 0 for help wherever it is asked for, 2 with a
// message for bad usage.
func TestRunExitStatus(t *testing.T) {
	tests := []struct {
		args []string
		code int
	}{
		{[]string{"help"}, 0},
		{[]string{"-h"}, 0},
		{[]string{"perft", "-h"}, 0},
		{[]string{"bench", "--help"}, 0},
		{[]string{"-log-level", "bogus", "perft", "-depth", "1"}, 2},
		{[]string{"no-such-command"}, 2},
		{[]string{"bench", "31"}, 2},
		{[]string{"fit", "-h"}, 0},
		{[]string{"tune", "-h"}, 0}, // the fit's old name
		{[]string{"tune", "-epochs", "-1"}, 2},
	}
	for _, tc := range tests {
		var stdout, stderr bytes.Buffer
		if code := run(tc.args, strings.NewReader(""), &stdout, &stderr); code != tc.code {
			t.Errorf("sightline %q = exit %d, want %d; stderr:\n%s", tc.args, code, tc.code, stderr.String())
		}
		if tc.code == 2 && stderr.Len() == 0 {
			t.Errorf("sightline %q: exit 2 with no message", tc.args)
		}
	}
}

// runCommand runs the command line args with no input and returns its exit
// status and what it wrote to stdout and stderr.
func runCommand(args ...string) (code int, stdout, stderr string) {
	var out, errs bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errs)
	return code, out.String(), errs.String()
}

// failingWriter fails every write, as stdout does on a full disk.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestRunOutputLost checks that a subcommand whose results cannot be written
// exits 1 and says why, rather than reporting success.
func TestRunOutputLost(t *testing.T) {
	for _, args := range [][]string{
		{"help"},
		{"perft", "-depth", "2"},
		{"perft", "-depth", "1", "-divide"},
	} {
		var stderr bytes.Buffer
		if code := run(args, strings.NewReader(""), failingWriter{}, &stderr); code != 1 {
			t.Errorf("sightline %q with stdout failing = exit %d, want 1", args, code)
		}
		if !strings.Contains(stderr.String(), "no space left on device") {
			t.Errorf("sightline %q with stdout failing: stderr %q does not name the error", args, stderr.String())
		}
	}
}
