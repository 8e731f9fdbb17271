//go:build linux

package engine

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// usableMemoryMB returns the memory this process may use, in megabytes, or
// 0 if unknown: the machine's RAM, lowered to a container's memory limit
// (cgroup v2 or v1, as seen from inside the container) and to the process's
// address-space limit (ulimit -v) less the address space already mapped.
// Going past either kills the process as surely as running out of RAM, and Go
// cannot recover from it. The mapped space counts because the Go runtime
// reserves far more address space than it uses (about 1.5 GB at start-up on
// amd64 here), and ulimit -v counts reservations.
func usableMemoryMB() int {
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) != nil {
		return 0
	}
	mb := uint64(si.Totalram) * uint64(si.Unit) >> 20
	for _, path := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		if b, err := os.ReadFile(path); err == nil {
			// "max" (v2) or a huge number (v1) mean no limit.
			if n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64); err == nil {
				mb = min(mb, n>>20)
			}
		}
	}
	var rl syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &rl) == nil && rl.Cur != ^uint64(0) {
		left := rl.Cur - min(rl.Cur, mappedBytes())
		mb = min(mb, left>>20)
	}
	return int(mb)
}

// mappedBytes returns the address space the process has mapped (VmSize), or
// 0 if /proc does not say.
func mappedBytes() uint64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	fields := strings.Fields(string(b))
	if len(fields) == 0 {
		return 0
	}
	pages, err := strconv.ParseUint(fields[0], 10, 64)
	if err != nil {
		return 0
	}
	return pages * uint64(os.Getpagesize())
}
