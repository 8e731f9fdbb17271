package engine

import (
	"testing"

	"github.com/rs/zerolog"

	"github.com/sightline-chess/sightline/movegen"
)

func TestStrengthFor(t *testing.T) {
	last := strengthFor(MinElo)
	if last.nodes != limitNodesAtMin || last.noise != limitNoiseAtMin {
		t.Errorf("strengthFor(%d) = %+v, want %d nodes and %d cp", MinElo, last, limitNodesAtMin, limitNoiseAtMin)
	}
	for elo := MinElo + 100; elo <= MaxElo; elo += 100 {
		s := strengthFor(elo)
		if s.nodes <= last.nodes || s.noise > last.noise {
			t.Errorf("strengthFor(%d) = %+v after %+v: a higher rating must search more and err less", elo, s, last)
		}
		last = s
	}
	if last.noise != 0 {
		t.Errorf("strengthFor(%d) has noise %d, want none at the top", MaxElo, last.noise)
	}
	if s := strengthFor(MaxElo + 500); s != last {
		t.Errorf("a rating above the range: %+v, want the top's %+v", s, last)
	}
}

// searchWeak plays one search of fen at UCI_Elo elo and returns the move and
// the most nodes any info line reported.
func searchWeak(t *testing.T, e *Engine, fen string) (movegen.Move, uint64) {
	t.Helper()
	if err := e.SetPosition(fen, nil); err != nil {
		t.Fatal(err)
	}
	var nodes uint64
	done := make(chan Outcome, 1)
	e.Go(Limits{}, func(i Info) { nodes = max(nodes, i.Nodes) }, func(o Outcome) { done <- o })
	o := <-done
	return o.Best, nodes
}

// At the lowest rating the engine keeps its node budget and does not always
// play the same move where several are close; it never plays an illegal one,
// nor one far worse than the best (here: it never leaves the queen hanging).
// At full strength with the limit off it plays the best move every time.
func TestLimitStrength(t *testing.T) {
	e := New(zerolog.Nop())
	defer e.Close()
	for name, v := range map[string]string{OptLimitStrength: "true", OptElo: "1000"} {
		if _, err := e.SetOption(name, v); err != nil {
			t.Fatal(err)
		}
	}
	start := "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	seen := map[movegen.Move]bool{}
	for i := 0; i < 30; i++ {
		m, nodes := searchWeak(t, e, start)
		if nodes > 2*limitNodesAtMin {
			t.Errorf("UCI_Elo %d searched %d nodes, want about %d", MinElo, nodes, limitNodesAtMin)
		}
		seen[m] = true
	}
	if len(seen) < 2 {
		t.Errorf("UCI_Elo %d played %v in 30 searches of the same position, want some variety", MinElo, seen)
	}
	// The white queen on d5 is attacked by the e6 pawn; every move but
	// saving it loses 900 cp, beyond any random error.
	hanging := "rnb1kbnr/pppp1ppp/4p3/3Q4/8/8/PPPP1PPP/RNB1KBNR w KQkq - 0 4"
	for i := 0; i < 20; i++ {
		m, _ := searchWeak(t, e, hanging)
		if m.From() != movegen.NewSquare(3, 4) {
			t.Errorf("UCI_Elo %d left its queen hanging with %v", MinElo, m)
		}
	}
}
