package engine

import (
	"fmt"
	"os"
	"sync"

	"github.com/rs/zerolog"
)

// Direction tells whether a protocol line came in from the GUI or went out.
type Direction uint8

// Directions of protocol lines, written "<<" (in) and ">>" (out) in the log,
// the arrows pointing the way the line travelled from the engine's view.
const (
	In Direction = iota
	Out
)

// String returns the arrow the Debug Log File writes before the line.
func (d Direction) String() string {
	if d == In {
		return "<<"
	}
	return ">>"
}

// debugLog is the "Debug Log File" option: when a file is set, every protocol
// line in and out is appended to it through zerolog. The search goroutine and
// the protocol loop both write lines, so it has its own lock.
type debugLog struct {
	mu   sync.Mutex
	file *os.File
	log  zerolog.Logger
}

// open switches logging to path; an empty path (or "<empty>", the way some
// GUIs send an empty string) turns it off. On failure the old file stays.
func (d *debugLog) open(path string) error {
	if path == "" || path == "<empty>" {
		d.close()
		return nil
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("option %s: %w", OptDebugLogFile, err)
	}
	d.close()
	d.mu.Lock()
	defer d.mu.Unlock()
	d.file = f
	d.log = zerolog.New(f).With().Timestamp().Logger()
	return nil
}

func (d *debugLog) close() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.file != nil {
		d.file.Close()
		d.file = nil
	}
}

// line records one protocol line, if a file is open.
func (d *debugLog) line(dir Direction, s string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.file != nil {
		d.log.Info().Msg(dir.String() + " " + s)
	}
}
