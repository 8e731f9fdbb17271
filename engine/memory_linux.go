//go:build linux

package engine

import "syscall"

// physicalMemoryMB returns the machine's RAM in megabytes, or 0 if unknown.
func physicalMemoryMB() int {
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) != nil {
		return 0
	}
	return int(uint64(si.Totalram) * uint64(si.Unit) >> 20)
}
