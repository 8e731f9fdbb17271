package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

// TestBuildSuffix checks how the commit a build records is shown.
func TestBuildSuffix(t *testing.T) {
	rev := "abc1234def5678900000000000000000000000000"
	tests := []struct {
		settings []debug.BuildSetting
		want     string
	}{
		{nil, ""},
		{[]debug.BuildSetting{{Key: "vcs.revision", Value: rev}}, " (abc1234)"},
		{[]debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "false"}}, " (abc1234)"},
		{[]debug.BuildSetting{{Key: "vcs.modified", Value: "true"}, {Key: "vcs.revision", Value: rev}}, " (abc1234, modified)"},
		{[]debug.BuildSetting{{Key: "vcs.modified", Value: "true"}}, ""},
		{[]debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}}, " (abc)"},
	}
	for _, tc := range tests {
		if got := buildSuffix(tc.settings); got != tc.want {
			t.Errorf("buildSuffix(%v) = %q, want %q", tc.settings, got, tc.want)
		}
	}
}

// TestVersionCommand checks that `sightline version` and `--version` print
// the release, and that a link-time version replaces it.
func TestVersionCommand(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		code, stdout, stderr := runCommand(args...)
		if code != 0 || !strings.HasPrefix(stdout, "Sightline "+release) {
			t.Errorf("sightline %q = exit %d, stdout %q, stderr %q; want exit 0 and \"Sightline %s...\"", args, code, stdout, stderr, release)
		}
	}
	defer func(v string) { version = v }(version)
	version = "9.9.9-test"
	if _, stdout, _ := runCommand("version"); stdout != "Sightline 9.9.9-test\n" {
		t.Errorf("sightline version with -X main.version=9.9.9-test = %q, want %q", stdout, "Sightline 9.9.9-test\n")
	}
}
