//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows)

package tablebase

import (
	"fmt"
	"os"
)

// mapping holds a whole file read into memory, where the platform gives the
// engine no mmap here (Plan 9, WebAssembly, ...): tables then cost their
// size in RAM.
type mapping struct {
	data []byte
}

func mapFile(path string) (mapping, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return mapping{}, err
	}
	if len(data) == 0 {
		return mapping{}, fmt.Errorf("%w: empty file", errCorrupt)
	}
	return mapping{data: data}, nil
}

func (m mapping) close() error { return nil }
