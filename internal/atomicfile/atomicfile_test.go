package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// Write replaces a file whole and leaves no temporary file behind, also
// when it fails.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state")
	for _, data := range []string{"first", "second, longer than the first"} {
		if err := Write(path, []byte(data)); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(path); string(got) != data {
			t.Errorf("after Write(%q) the file holds %q", data, got)
		}
	}
	if err := Write(filepath.Join(dir, "missing", "state"), []byte("x")); err == nil {
		t.Error("Write into a folder that does not exist succeeded")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d entries, want only the file", len(entries))
	}
}
