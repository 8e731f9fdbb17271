package search

import (
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// TestCounterMoveAndContinuation4 plays a line, lets a quiet move cut off
// at its end, and checks what was learnt: the move becomes the counter move
// of the opponent's last move (ordered just below the killers), and the
// continuation history four plies back (our own move before last) rewards it.
func TestCounterMoveAndContinuation4(t *testing.T) {
	line := []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"}
	w := walkLine(t, movegen.StartFEN, line...)
	for ply, s := range line {
		f := &w.stack[ply]
		m, err := f.pos.ParseMove(s, false)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", s, err)
		}
		f.move = m
		f.cont = &w.contHistory[f.pos.PieceOn(m.From())][m.To()]
	}
	ply := len(line)
	f := &w.stack[ply]
	cut, err := f.pos.ParseMove("a7a6", false)
	if err != nil {
		t.Fatal(err)
	}
	if c := w.counterMove(ply); c != movegen.NoMove {
		t.Fatalf("counterMove before any cutoff = %v, want none", c)
	}
	w.updateQuietStats(ply, cut, 6, 0)
	if c := w.counterMove(ply); c != cut {
		t.Errorf("counterMove after %v cut off = %v, want %v", cut, c, cut)
	}
	_, _, cont4 := w.contTables(ply)
	if cont4 != w.stack[ply-4].cont || cont4[f.pos.PieceOn(cut.From())][cut.To()] <= 0 {
		t.Errorf("continuation history 4 plies back after a cutoff by %v: no bonus", cut)
	}

	// The killer of this ply is the same move: clear it, so that the move is
	// ordered as the counter move.
	f.killers = [2]movegen.Move{}
	f.moves.N = 0
	f.pos.GenerateLegal(&f.moves)
	w.scoreMoves(ply, f, movegen.NoMove)
	for i, m := range f.moves.Moves[:f.moves.N] {
		if m == cut && f.scores[i] != scoreCounter {
			t.Errorf("ordering score of the counter move %v = %d, want scoreCounter %d", m, f.scores[i], scoreCounter)
		}
	}
}
