package search

import (
	"strings"
	"testing"

	"github.com/notnil/chess"
	"github.com/sightline-chess/sightline/movegen"
)

// wacCase is one line of testdata/wac.epd: a position and its best moves.
type wacCase struct {
	id, fen string
	best    []movegen.Move
}

// readWAC parses the suite, turning each "bm" SAN move into our Move with
// notnil/chess as an independent SAN reader.
func readWAC(t *testing.T) []wacCase {
	t.Helper()
	es, err := movegen.ReadEPDFile("../testdata/wac.epd")
	if err != nil {
		t.Fatalf("read WAC suite: %v", err)
	}
	var cases []wacCase
	for _, e := range es {
		bm, ok := e.Operation("bm")
		if !ok {
			continue // "am" (avoid move) lines are not used
		}
		id, _ := e.Operation("id")
		c := wacCase{id: strings.Trim(id, `"`), fen: e.Position.String()}
		for _, san := range strings.Fields(bm) {
			m, err := sanToMove(c.fen, san)
			if err != nil {
				t.Fatalf("WAC line %d: %v", e.Line, err)
			}
			c.best = append(c.best, m)
		}
		cases = append(cases, c)
	}
	return cases
}

// sanToMove converts a SAN move of fen into our Move via its UCI form.
func sanToMove(fen, san string) (movegen.Move, error) {
	opt, err := chess.FEN(fen)
	if err != nil {
		return movegen.NoMove, err
	}
	g := chess.NewGame(opt)
	m, err := chess.AlgebraicNotation{}.Decode(g.Position(), san)
	if err != nil {
		return movegen.NoMove, err
	}
	pos := movegen.MustParseFEN(fen)
	return pos.ParseMove(chess.UCINotation{}.Encode(g.Position(), m), false)
}

func TestWAC(t *testing.T) {
	// A fixed node budget per position keeps the test deterministic and
	// independent of the machine's speed.
	const nodes = 100_000
	cases := readWAC(t)
	n, floor := len(cases), 240
	if testing.Short() {
		n, floor = 100, 75
	}
	s := New(16)
	solved := 0
	var failed []string
	for _, c := range cases[:n] {
		s.Clear()
		pos := movegen.MustParseFEN(c.fen)
		res := s.Search(pos, nil, Limits{Nodes: nodes}, Options{Threads: 1}, nil)
		if containsMove(c.best, res.Best) {
			solved++
		} else {
			failed = append(failed, c.id)
		}
	}
	t.Logf("WAC: solved %d of %d at %d nodes each; missed %v", solved, n, nodes, failed)
	if solved < floor {
		t.Errorf("WAC: solved %d of %d, want at least %d", solved, n, floor)
	}
}
