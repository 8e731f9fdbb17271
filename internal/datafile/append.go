package datafile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// OpenAppend opens the data file at path to add games to it, creating it
// (with its header) when it does not exist or is empty. A file cut short by
// a kill is cut back to the end of its last whole game first, so the games
// written next follow whole ones. It returns the file, positioned at its
// end, and the number of whole games it holds: a run that goes on from
// there numbers its games after them, so a long datagen stopped and started
// again plays new games, not the same ones. Only files of the current
// Version can be added to; a version-1 file is refused (convert it first).
// The file stays locked while it is open: a second run on it is refused
// (errFileBusy) before it reads or cuts anything.
func OpenAppend(path string) (f *os.File, games int, err error) {
	f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, 0, err
	}
	defer func() {
		if err != nil {
			f.Close()
			f = nil
		}
	}()
	if err := lockFile(f); err != nil {
		return nil, 0, fmt.Errorf("%s: %w", path, err)
	}
	info, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	if info.Size() == 0 {
		w, err := NewWriter(f)
		if err == nil {
			err = w.Flush()
		}
		return f, 0, err
	}
	end, games, err := wholeGamesEnd(f, info.Size())
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", path, err)
	}
	if end < info.Size() {
		if err := f.Truncate(end); err != nil {
			return nil, 0, err
		}
	}
	if _, err := f.Seek(end, io.SeekStart); err != nil {
		return nil, 0, err
	}
	return f, games, nil
}

// Create makes a new data file at path for a run to write, refusing one
// that exists (hours of games are never written over), and locks it as
// OpenAppend does, so that a run adding to it meanwhile is refused.
func Create(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err
	}
	if err := lockFile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// errFileBusy says that another process holds a data file's lock.
var errFileBusy = errors.New("another process is writing to it (a datagen run still going?)")

// wholeGamesEnd walks the game blocks of a version-2 file of size bytes by
// their sizes and returns the offset just after the last whole one and the number of whole
// games. It decodes no move: a walk of hours of data takes seconds.
func wholeGamesEnd(r io.ReadSeeker, size int64) (end int64, games int, err error) {
	var h [headerSize]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return 0, 0, fmt.Errorf("not a Sightline data file: it is shorter than the %d-byte header", headerSize)
	}
	v, err := checkHeader(h[:])
	if err != nil {
		return 0, 0, err
	}
	if v != Version {
		return 0, 0, fmt.Errorf("a version-%d data file: games are added only to version %d (datagen -convert it to a .bin first)", v, Version)
	}
	end = headerSize
	var head [2 + gameHeadV2]byte
	for {
		if _, err := io.ReadFull(r, head[:]); err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				return end, games, nil
			}
			return 0, 0, err
		}
		n := int(binary.LittleEndian.Uint16(head[:]))
		if n == 0 || n > MaxGamePlies || Result(head[2]) > WhiteWins {
			return 0, 0, fmt.Errorf("game %d's block is damaged", games+1)
		}
		next := end + int64(2+gameHeadV2+n*plySizeV2)
		if next > size {
			return end, games, nil
		}
		if _, err := r.Seek(next, io.SeekStart); err != nil {
			return 0, 0, err
		}
		end = next
		games++
	}
}
