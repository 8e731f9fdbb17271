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
// address-space limit (ulimit -v). Going past either kills the process as
// surely as running out of RAM, and Go cannot recover from it.
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
		mb = min(mb, rl.Cur>>20)
	}
	return int(mb)
}
