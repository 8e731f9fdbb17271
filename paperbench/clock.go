package paperbench

import "time"

// Clock chooses what a round's time is measured in.
type Clock int

const (
	// CPUClock is the CPU time of the timing thread: time the thread spent
	// descheduled while other jobs ran on a shared machine does not count.
	// Cache and memory contention from those jobs still do. On systems where
	// it is not available it falls back to wall time.
	CPUClock Clock = iota
	// WallClock is elapsed real time, as the paper measured.
	WallClock
)

// String names the clock for the report.
func (c Clock) String() string {
	if c == CPUClock && threadCPUTimeWorks() {
		return "thread CPU time"
	}
	return "wall time"
}

// now returns a reading of clock c; only differences between readings on the
// same locked thread mean anything.
func (c Clock) now() time.Duration {
	if c == CPUClock {
		if t, ok := threadCPUTime(); ok {
			return t
		}
	}
	return time.Duration(time.Now().UnixNano())
}

// threadCPUTimeWorks reports whether threadCPUTime has a clock to read here.
func threadCPUTimeWorks() bool {
	_, ok := threadCPUTime()
	return ok
}
