//go:build windows

package tablebase

import (
	"fmt"
	"syscall"
	"unsafe"
)

// mapping is a file mapped read-only into memory (a file mapping object and
// a view of it): pages are read when first touched, and a set of tables far
// larger than the RAM costs only address space.
type mapping struct {
	data []byte
	addr uintptr
}

func mapFile(path string) (mapping, error) {
	f, size, err := openForMapping(path)
	if err != nil {
		return mapping{}, err
	}
	defer f.Close()
	h, err := syscall.CreateFileMapping(syscall.Handle(f.Fd()), nil, syscall.PAGE_READONLY, uint32(size>>32), uint32(size), nil)
	if err != nil {
		return mapping{}, fmt.Errorf("CreateFileMapping: %w", err)
	}
	// The view keeps the mapping object alive; its handle is not needed.
	defer syscall.CloseHandle(h)
	addr, err := syscall.MapViewOfFile(h, syscall.FILE_MAP_READ, 0, 0, uintptr(size))
	if err != nil {
		return mapping{}, fmt.Errorf("MapViewOfFile: %w", err)
	}
	// addr is memory the system owns, outside Go's heap: reading it through
	// a slice is safe while the view stays mapped (until close).
	p := *(*unsafe.Pointer)(unsafe.Pointer(&addr))
	return mapping{data: unsafe.Slice((*byte)(p), int(size)), addr: addr}, nil
}

func (m mapping) close() error { return syscall.UnmapViewOfFile(m.addr) }
