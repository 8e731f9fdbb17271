//go:build !linux

package engine

// physicalMemoryMB returns the machine's RAM in megabytes, or 0 if unknown;
// off Linux it is unknown and only the Hash option's own range applies.
func physicalMemoryMB() int { return 0 }
