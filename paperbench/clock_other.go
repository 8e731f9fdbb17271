//go:build !linux

package paperbench

import "time"

// threadCPUTime has no portable form; elsewhere the benchmark uses wall time.
func threadCPUTime() (time.Duration, bool) { return 0, false }
