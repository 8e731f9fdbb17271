//go:build !unix

package engine

import "testing"

// specialNetFiles: no named pipes to make here.
func specialNetFiles(t *testing.T, dir string) []struct{ path, want string } { return nil }
