//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package tablebase

import (
	"fmt"
	"os"
	"syscall"
)

// mapping is a file mapped read-only into memory: the pages are read when
// first touched and shared with every other process using the same file.
type mapping struct {
	data []byte
}

func mapFile(path string) (mapping, error) {
	f, err := os.Open(path)
	if err != nil {
		return mapping{}, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return mapping{}, err
	}
	if !fi.Mode().IsRegular() { // Open looked, but the name may have changed hands
		return mapping{}, fmt.Errorf("%s, not a table file", fileKind(fi.Mode()))
	}
	size := fi.Size()
	if size == 0 {
		return mapping{}, fmt.Errorf("%w: empty file", errCorrupt)
	}
	if int64(int(size)) != size {
		return mapping{}, fmt.Errorf("file too large to map (%d bytes)", size)
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return mapping{}, fmt.Errorf("mmap: %w", err)
	}
	return mapping{data: data}, nil
}

func (m mapping) close() error { return syscall.Munmap(m.data) }
