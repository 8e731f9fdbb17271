//go:build darwin

package engine

import "syscall"

// usableMemoryMB returns the machine's RAM in megabytes (sysctl hw.memsize),
// or 0 if unknown. macOS sets no per-process limit that a GUI's engine
// would meet first.
func usableMemoryMB() int {
	s, err := syscall.Sysctl("hw.memsize")
	if err != nil || len(s) == 0 || len(s) > 8 {
		return 0
	}
	// A little-endian uint64; Sysctl drops the last byte when it is zero,
	// as for a string's terminating NUL, so fewer than 8 bytes may come.
	var b uint64
	for i := len(s) - 1; i >= 0; i-- {
		b = b<<8 | uint64(s[i])
	}
	return int(b >> 20)
}
