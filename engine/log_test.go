package engine

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/sightline-chess/sightline/movegen"
)

// TestSearchDoneLog checks the debug line each search writes: one JSON
// object whose keys are all distinct. The program's logger stamps every line
// with "time", so a field of that name made two "time" keys, of which a JSON
// reader keeps one.
func TestSearchDoneLog(t *testing.T) {
	var buf bytes.Buffer // written before done, read after it
	e := New(zerolog.New(&buf).Level(zerolog.DebugLevel).With().Timestamp().Logger())
	defer e.Close()
	if err := e.SetPosition(movegen.StartFEN, nil); err != nil {
		t.Fatal(err)
	}
	runSearch(t, e, Limits{Depth: 3})
	var line string
	for _, l := range strings.Split(buf.String(), "\n") {
		if strings.Contains(l, `"search done"`) {
			line = l
		}
	}
	if line == "" {
		t.Fatalf("no search done line in %q", buf.String())
	}
	dec := json.NewDecoder(strings.NewReader(line))
	if _, err := dec.Token(); err != nil { // {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		if seen[k.(string)] {
			t.Errorf("key %q twice in %s", k, line)
		}
		seen[k.(string)] = true
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range []string{"fen", "best", "nodes", "elapsed", "time"} {
		if !seen[k] {
			t.Errorf("no %q in %s", k, line)
		}
	}
}
