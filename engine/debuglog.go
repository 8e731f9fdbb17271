package engine

import (
	"fmt"
	"os"
	"sync"
	"time"
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
// line in and out is appended to it as a plain line a person can read with
// less or grep, stamped to the millisecond (local time), which is what it
// takes to see where a game's time went:
//
//	2026-11-26 11:42:04.123 << go wtime 1000 btime 1000
//	2026-11-26 11:42:04.157 >> bestmove e2e4 ponder e7e5
//
// Each line is written at once, unbuffered, so that the log is whole up to
// the moment the engine was killed. The search goroutine and the protocol
// loop both write lines, so it has its own lock.
type debugLog struct {
	mu   sync.Mutex
	file *os.File
	buf  []byte // one line being written, reused
}

// debugTimeFormat stamps each line: date, time and milliseconds.
const debugTimeFormat = "2006-01-02 15:04:05.000"

// open switches logging to path; an empty path (or "<empty>", the way some
// GUIs send an empty string) turns it off. On failure the old file stays.
// A line marks where each opening starts, since the file is appended to.
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
	d.writeLocked("--", "Debug Log File opened")
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
		d.writeLocked(dir.String(), s)
	}
}

// writeLocked writes "<time> <mark> <s>" and a newline. A write that fails
// (a full disk) is dropped: the log must never stop the engine.
func (d *debugLog) writeLocked(mark, s string) {
	b := time.Now().AppendFormat(d.buf[:0], debugTimeFormat)
	b = append(b, ' ')
	b = append(b, mark...)
	b = append(b, ' ')
	b = append(b, s...)
	b = append(b, '\n')
	d.file.Write(b)
	d.buf = b
}
