//go:build linux

package engine

import "testing"

// TestMappedBytes checks that the address space already mapped is read: the
// Hash cap under ulimit -v subtracts it, and a zero would let a Hash through
// that kills the process.
func TestMappedBytes(t *testing.T) {
	if got := mappedBytes(); got < 1<<20 {
		t.Errorf("mappedBytes() = %d, want at least a megabyte (a Go process maps more)", got)
	}
}
