package tablebase

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Tablebases is a set of opened tables, read-only once Open returns.
type Tablebases struct {
	slots     []slot // open addressing by material key; a power of two long
	maxPieces int
	wdlCount  int
	dtzCount  int
	mapped    []mapping
}

// slot holds the tables of one material, as named (White first).
type slot struct {
	key      materialKey
	used     bool
	wdl, dtz *table
}

// Open opens every table file (*.rtbw, *.rtbz) in the given directories. A
// file that cannot be read or is not a sound table is left out, with an
// error naming it, and so is a name that is not a regular file (a named
// pipe, a device, a directory: found by a stat, never opened); so is a second file for the same table in a later
// directory. A directory that cannot be listed is an error too. The
// Tablebases returned is never nil, and holds no tables when none opened.
func Open(dirs []string) (*Tablebases, []error) {
	tb := &Tablebases{}
	var errs []error
	type found struct {
		path string
		key  materialKey
		dtz  bool
	}
	var files []found
	seen := map[string]string{}
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, e := range entries {
			name := e.Name()
			ext := filepath.Ext(name)
			if ext != ".rtbw" && ext != ".rtbz" {
				continue
			}
			path := filepath.Join(dir, name)
			// Only a regular file is opened: opening a named pipe waits
			// until something writes to it, and a device or a directory
			// is no table. Stat follows a link to what it names.
			if fi, err := os.Stat(path); err != nil {
				errs = append(errs, fmt.Errorf("%s: left out: %w", path, err))
				continue
			} else if !fi.Mode().IsRegular() {
				errs = append(errs, fmt.Errorf("%s: left out: %s, not a table file", path, fileKind(fi.Mode())))
				continue
			}
			if first, dup := seen[name]; dup {
				errs = append(errs, fmt.Errorf("%s: left out: %s is used", path, first))
				continue
			}
			key, err := parseMaterial(strings.TrimSuffix(name, ext))
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: left out: %w", path, err))
				continue
			}
			seen[name] = path
			files = append(files, found{path, key, ext == ".rtbz"})
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].path < files[j].path })

	size := 16
	for size < 2*len(files) {
		size *= 2
	}
	tb.slots = make([]slot, size)
	for _, f := range files {
		t, err := tb.openTable(f.path, f.key, f.dtz)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: left out: %w", f.path, err))
			continue
		}
		s := tb.slotFor(f.key)
		s.key, s.used = f.key, true
		if f.dtz {
			s.dtz = t
			tb.dtzCount++
		} else {
			s.wdl = t
			tb.wdlCount++
			tb.maxPieces = max(tb.maxPieces, f.key.pieces())
		}
	}
	return tb, errs
}

// fileKind names what a file that is not a regular file is.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeDevice != 0:
		return "a device"
	case m&os.ModeSocket != 0:
		return "a socket"
	}
	return "not a regular file (" + m.Type().String() + ")"
}

// openTable maps one file and reads its header.
func (tb *Tablebases) openTable(path string, key materialKey, dtz bool) (*table, error) {
	m, err := mapFile(path)
	if err != nil {
		return nil, err
	}
	t, err := parseTable(m.data, filepath.Base(path), key, dtz)
	if err != nil {
		m.close()
		return nil, err
	}
	tb.mapped = append(tb.mapped, m)
	return t, nil
}

// slotFor returns the slot of key, or the empty slot where it would go.
func (tb *Tablebases) slotFor(key materialKey) *slot {
	mask := len(tb.slots) - 1
	i := int(uint32(key)*0x9e3779b1>>16) & mask
	for {
		s := &tb.slots[i]
		if !s.used || s.key == key {
			return s
		}
		i = (i + 1) & mask
	}
}

// lookup returns the slot holding the tables of p's material (either colour
// first), or nil.
func (tb *Tablebases) lookup(key materialKey) *slot {
	if len(tb.slots) == 0 {
		return nil
	}
	if s := tb.slotFor(key); s.used {
		return s
	}
	if s := tb.slotFor(key.mirrored()); s.used {
		return s
	}
	return nil
}

// MaxPieces is the most pieces (kings included) of any WDL table opened; 0
// for none, or for a nil Tablebases.
func (tb *Tablebases) MaxPieces() int {
	if tb == nil {
		return 0
	}
	return tb.maxPieces
}

// HasDTZ reports whether any DTZ table opened.
func (tb *Tablebases) HasDTZ() bool { return tb != nil && tb.dtzCount > 0 }

// String summarises the set: "14 WDL and 14 DTZ tables, up to 4 pieces".
func (tb *Tablebases) String() string {
	if tb == nil {
		return "no tables"
	}
	return fmt.Sprintf("%d WDL and %d DTZ tables, up to %d pieces", tb.wdlCount, tb.dtzCount, tb.maxPieces)
}

// Close unmaps every file. No probe may run during or after Close.
func (tb *Tablebases) Close() error {
	if tb == nil {
		return nil
	}
	var errs []error
	for _, m := range tb.mapped {
		if err := m.close(); err != nil {
			errs = append(errs, err)
		}
	}
	tb.mapped = nil
	tb.slots = nil
	tb.maxPieces = 0
	return errors.Join(errs...)
}
