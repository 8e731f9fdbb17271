//go:build !linux

package engine

// usableMemoryMB returns the memory this process may use, in megabytes, or 0
// if unknown; off Linux it is unknown and only the Hash option's own range
// applies.
func usableMemoryMB() int { return 0 }
