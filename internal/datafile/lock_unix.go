//go:build unix

package datafile

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock on f for as long as f stays
// open (the kernel drops it when the process ends, killed or not). A
// second datagen on the same file fails here instead of writing its games
// over the first one's: each keeps its own write offset.
func lockFile(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errFileBusy
	}
	return err
}
