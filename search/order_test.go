package search

import (
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// TestCounterMoveAndContinuation4 plays a line, lets a quiet move cut off
// at its end, and checks what was learnt: the move becomes the counter move
// of the opponent's last move (handed out just after the killers), and the
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
	w.startPicker(ply, movegen.NoMove) // as the node would before its cutoff
	w.updateQuietStats(ply, cut, 6, 0)
	if c := w.counterMove(ply); c != cut {
		t.Errorf("counterMove after %v cut off = %v, want %v", cut, c, cut)
	}
	_, _, cont4 := w.contTables(ply)
	if cont4 != w.stack[ply-4].cont || cont4[f.pos.PieceOn(cut.From())][cut.To()] <= 0 {
		t.Errorf("continuation history 4 plies back after a cutoff by %v: no bonus", cut)
	}

	// The killer of this ply is the same move: clear it, so that the move is
	// handed out as the counter move.
	f.killers = [2]movegen.Move{}
	mp := w.startPicker(ply, movegen.NoMove)
	for {
		m, stage, _ := mp.nextMove()
		if m == movegen.NoMove {
			t.Fatalf("the picker never handed out the counter move %v", cut)
		}
		if m == cut {
			if stage != stageCounter {
				t.Errorf("the counter move %v came from stage %d, want stageCounter %d", m, stage, stageCounter)
			}
			break
		}
	}
}

// TestHistoryKeyedByThreats: a quiet move's butterfly history is kept apart
// by whether the opponent attacks its from and to squares, so a bonus
// learnt while the knight was attacked (the move saved it) says nothing of
// the same move where the knight stood safe. The move cuts as the node's
// hash move, before any generation, or before the picker has scored any
// quiet move (it finds the threats only when first asked): the bonus must
// go to the entry of this position's threats all the same.
func TestHistoryKeyedByThreats(t *testing.T) {
	for _, handOut := range []bool{true, false} {
		w := walkLine(t, "4k3/8/8/8/1p6/2N5/8/4K3 w - - 0 1")
		f := &w.stack[0]
		m, err := f.pos.ParseMove("c3e4", false)
		if err != nil {
			t.Fatal(err)
		}
		threats := f.pos.Threats()
		if !threats.Has(m.From()) {
			t.Fatalf("threats of %s miss c3, which the b4 pawn attacks:\n%s", f.pos.String(), threats)
		}
		mp := w.startPicker(0, m)
		if handOut {
			if got, stage, _ := mp.nextMove(); got != m || stage != stageHash {
				t.Fatalf("first move of the picker = %v (stage %d), want the hash move %v", got, stage, m)
			}
		}
		w.updateQuietStats(0, m, 6, 0)
		attacked := *w.butterfly(movegen.White, threats, m)
		safe := *w.butterfly(movegen.White, threats&^m.From().Bitboard(), m)
		if attacked <= 0 || safe != 0 {
			t.Errorf("history of %v after its cutoff (handed out first: %v): %d with c3 attacked (want > 0), %d with c3 safe (want 0)",
				m, handOut, attacked, safe)
		}
		if got := mp.quietHistory(m); got != attacked {
			t.Errorf("picker's history of %v = %d, want the butterfly entry's %d", m, got, attacked)
		}
	}
}
