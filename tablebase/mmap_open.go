//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows

package tablebase

import (
	"fmt"
	"os"
)

// openForMapping opens the table file at path for mapFile and returns it
// with its size, once a stat of the open file says it can be mapped: a
// regular file (Open looked at the name, but the name may have changed
// hands since), not empty, and small enough for a slice to hold. The
// caller closes the file; a mapping outlives it.
func openForMapping(path string) (*os.File, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	fi, err := f.Stat()
	if err == nil {
		err = mappable(fi)
	}
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, fi.Size(), nil
}

// mappable says why the file fi describes cannot be mapped, or returns nil.
func mappable(fi os.FileInfo) error {
	size := fi.Size()
	switch {
	case !fi.Mode().IsRegular():
		return fmt.Errorf("%s, not a table file", fileKind(fi.Mode()))
	case size == 0:
		return fmt.Errorf("%w: empty file", errCorrupt)
	case int64(int(size)) != size:
		return fmt.Errorf("file too large to map (%d bytes)", size)
	}
	return nil
}
