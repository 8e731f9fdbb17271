package main

import (
	"runtime/debug"
	"strings"
)

// release is the version this source tree is, as CHANGELOG.md names it.
// Raise it, with a CHANGELOG entry, when a release is made.
const release = "1.0.0"

// version, when set at link time (-X main.version=..., as `make release`
// may do), replaces the whole version string. Empty in a plain build.
var version = ""

// versionString is what "id name Sightline ..." and `sightline version`
// show: the release and, since one release spans many commits, the commit
// the binary was built from. The Go toolchain embeds the commit in every
// `go build` inside a git checkout (vcs.revision), so no build step has to
// remember to pass it; "modified" marks a build with uncommitted changes,
// whose games cannot be tied to any commit.
func versionString() string {
	if version != "" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return release
	}
	return release + buildSuffix(info.Settings)
}

// buildSuffix is " (abc1234)" or " (abc1234, modified)" from the vcs
// settings of a build, or "" when the build recorded none (go test, go run
// outside a checkout, a module built with -buildvcs=false).
func buildSuffix(settings []debug.BuildSetting) string {
	var rev string
	modified := false
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return ""
	}
	if len(rev) > 7 {
		rev = rev[:7]
	}
	parts := []string{rev}
	if modified {
		parts = append(parts, "modified")
	}
	return " (" + strings.Join(parts, ", ") + ")"
}
