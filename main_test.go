package main

import (
	"bytes"
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
		{[]string{"paperbench", "-h"}, 0},
		{[]string{"bench", "--help"}, 0},
		{[]string{"-log-level", "bogus", "perft", "-depth", "1"}, 2},
		{[]string{"no-such-command"}, 2},
		{[]string{"bench", "31"}, 2},
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
