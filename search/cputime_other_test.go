//go:build !unix

package search

import "time"

// processCPUTime is unavailable here; timing tests fall back to wall time.
func processCPUTime() (time.Duration, bool) { return 0, false }
