//go:build !linux && !darwin && !windows

package engine

// usableMemoryMB returns the memory this process may use, in megabytes, or 0
// if unknown; here it is unknown, and only the Hash option's own range and
// the table's refusal of what the runtime cannot allocate (TT.Resize) apply.
func usableMemoryMB() int { return 0 }
