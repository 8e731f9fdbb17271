// Package atomicfile writes a file so that it is never seen half written.
//
// What it promises: after Write returns, path holds data whole; while it
// runs, and if the process is killed meanwhile, path holds what it held
// before (or nothing, if it did not exist). The tools' state files (the
// trainer's checkpoints, the SPSA driver's state) are written this way, so
// a kill loses at most the step in progress.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write writes data to a temporary file beside path, syncs it, and renames
// it over path: a rename within one folder replaces the name at once.
func Write(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
