//go:build unix

package datafile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// Two runs on one file would each write at their own offset, over each
// other's games: while one holds the file, a second is refused, before it
// cuts anything; once the first closes it, it may be added to again.
func TestOneRunAFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.bin")
	first, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := OpenAppend(path); !errors.Is(err, errFileBusy) {
		t.Errorf("OpenAppend of a file being created: error %v, want errFileBusy", err)
	}
	first.Close()

	data := someGames(t)
	if err := os.WriteFile(path, append(data, 9, 0, 1), 0o644); err != nil { // a game cut short
		t.Fatal(err)
	}
	f, games, err := OpenAppend(path)
	if err != nil || games == 0 {
		t.Fatalf("OpenAppend: %d games, error %v", games, err)
	}
	inFlight := []byte{9, 0, 1} // the holder's next game, half written
	if _, err := f.Write(inFlight); err != nil {
		t.Fatal(err)
	}
	if _, _, err := OpenAppend(path); !errors.Is(err, errFileBusy) {
		t.Errorf("a second OpenAppend: error %v, want errFileBusy", err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, append(data, inFlight...)) {
		t.Errorf("the refused OpenAppend changed the file: %d bytes, want %d", len(got), len(data)+len(inFlight))
	}
	f.Close()
	f, _, err = OpenAppend(path)
	if err != nil {
		t.Fatalf("OpenAppend after the first run closed the file: %v", err)
	}
	f.Close()
	if got, _ := os.ReadFile(path); !bytes.Equal(got, data) {
		t.Errorf("the file holds %d bytes, want its %d bytes of whole games", len(got), len(data))
	}
}
