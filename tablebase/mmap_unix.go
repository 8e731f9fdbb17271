//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package tablebase

import (
	"fmt"
	"syscall"
)

// mapping is a file mapped read-only into memory: the pages are read when
// first touched and shared with every other process using the same file.
type mapping struct {
	data []byte
}

func mapFile(path string) (mapping, error) {
	f, size, err := openForMapping(path)
	if err != nil {
		return mapping{}, err
	}
	defer f.Close()
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return mapping{}, fmt.Errorf("mmap: %w", err)
	}
	return mapping{data: data}, nil
}

func (m mapping) close() error { return syscall.Munmap(m.data) }
