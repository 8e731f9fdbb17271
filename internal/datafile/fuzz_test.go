package datafile

import (
	"bytes"
	"testing"
)

// FuzzReader feeds the data-file reader arbitrary bytes: it must refuse or
// read them, never panic, and every game it returns must be whole (a count
// of records within bounds, each position one the move generator accepts).
func FuzzReader(f *testing.F) {
	for _, version := range []uint16{1, 2} {
		var buf bytes.Buffer
		w, _ := NewWriterVersion(&buf, version)
		for _, g := range randomGames(3, uint64(version)) {
			w.WriteGame(g)
		}
		w.Flush()
		f.Add(buf.Bytes())
		f.Add(buf.Bytes()[:buf.Len()/2])
	}
	f.Add([]byte("SLDG\x02\x00\x04\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x02"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := NewReader(bytes.NewReader(data))
		if err != nil {
			return
		}
		var game []Record
		for {
			game, err = r.Next(game[:0])
			if err != nil {
				return // the end, a cut, or damage named: all fine, if no panic
			}
			if len(game) == 0 || len(game) > MaxGamePlies {
				t.Fatalf("a game of %d records", len(game))
			}
			for i := range game {
				_ = game[i].Pos.String() // a position that prints
			}
		}
	})
}
