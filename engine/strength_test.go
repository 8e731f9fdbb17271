package engine

import (
	"strconv"
	"testing"

	"github.com/rs/zerolog"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
)

// TestNetScaleRatedWithEmbeddedNet fails when the embedded net is not the
// one netScale's rows were rated with: a stronger net plays every node
// budget stronger, and its rows must be rated again before it ships
// (docs/strength.md, "UCI_Elo calibration").
func TestNetScaleRatedWithEmbeddedNet(t *testing.T) {
	if nnue.Hidden != benchHidden {
		t.Skipf("netScale was rated with the %d-neuron build's net, this build has %d", benchHidden, nnue.Hidden)
	}
	if got := nnue.DefaultNet().Name(); got != netScaleNet {
		t.Errorf("the embedded net is %s, netScale was rated with %s: rate its rows again with tools/calibrate.sh", got, netScaleNet)
	}
}

// The hand-written evaluation's table runs from MinElo to handWrittenTop and
// the net's on to MaxElo; a higher setting never searches less nor errs more
// with the same evaluation, and never goes back from the net to the
// hand-written one. Each row's setting gets that row's handicap exactly, a
// setting between rows a handicap between theirs, and MaxElo none at all.
func TestStrengthFor(t *testing.T) {
	if eloScale[0].elo != MinElo || eloScale[len(eloScale)-1].elo != handWrittenTop {
		t.Fatalf("eloScale runs %d to %d, want MinElo %d to handWrittenTop %d",
			eloScale[0].elo, eloScale[len(eloScale)-1].elo, MinElo, handWrittenTop)
	}
	if netScale[len(netScale)-1].elo != MaxElo || netScale[len(netScale)-1].nodes != 0 {
		t.Fatalf("netScale ends with %+v, want MaxElo %d and no node budget", netScale[len(netScale)-1], MaxElo)
	}
	if DefaultElo < MinElo || DefaultElo > MaxElo {
		t.Errorf("DefaultElo %d is outside %d-%d", DefaultElo, MinElo, MaxElo)
	}
	for i, row := range eloScale {
		// Each row searches its budget rounded up to calibratedStep, as
		// the games that measured it did.
		wantNodes := (row.nodes + calibratedStep - 1) / calibratedStep * calibratedStep
		if got := strengthFor(row.elo); got.nodes != wantNodes || got.noise != row.noise || got.net {
			t.Errorf("strengthFor(%d) = %+v, want row %d's %d nodes (%d rounded up) and %d cp", row.elo, got, i, wantNodes, row.nodes, row.noise)
		}
		if i > 0 && row.elo <= eloScale[i-1].elo {
			t.Errorf("eloScale row %d (%d) does not rise above row %d (%d)", i, row.elo, i-1, eloScale[i-1].elo)
		}
	}
	// The net's first row is where its ladder starts: a setting just above
	// handWrittenTop searches a little more than it.
	first := netScale[0]
	if s := strengthFor(handWrittenTop + 1); !s.net || s.nodes < first.nodes || s.noise != 0 {
		t.Errorf("strengthFor(%d) = %+v, want the net with at least its first row's %d nodes", handWrittenTop+1, s, first.nodes)
	}
	last := strengthFor(MinElo)
	if last.nodes != limitNodesAtMin || last.net {
		t.Errorf("strengthFor(%d) = %+v, want %d nodes with the hand-written evaluation", MinElo, last, limitNodesAtMin)
	}
	for elo := MinElo + 1; elo < MaxElo; elo++ {
		s := strengthFor(elo)
		switch {
		case s.nodes == 0 || s.nodes%calibratedStep != 0:
			t.Errorf("strengthFor(%d) = %+v: below MaxElo a budget must be a multiple of %d, as every level measured had", elo, s, calibratedStep)
		case last.net && !s.net:
			t.Errorf("strengthFor(%d) = %+v after %+v: back to the hand-written evaluation", elo, s, last)
		case s.net == last.net && (s.nodes < last.nodes || s.noise > last.noise):
			t.Errorf("strengthFor(%d) = %+v after %+v: a higher rating must never search less or err more", elo, s, last)
		}
		last = s
	}
	// Just below the top the budget is topNodes, to within the step the
	// geometric climb's last point is rounded to.
	if last.noise != 0 || !last.net || last.nodes > topNodes || last.nodes < topNodes-calibratedStep {
		t.Errorf("strengthFor(%d) = %+v, want the net, no noise and topNodes (%d, less at most %d) just below the top",
			MaxElo-1, last, topNodes, calibratedStep)
	}
	if s := strengthFor(MaxElo); s != (strength{net: true}) {
		t.Errorf("strengthFor(MaxElo) = %+v, want no handicap: the net, no node budget, no noise", s)
	}
	if s := strengthFor(MaxElo + 500); s != strengthFor(MaxElo) {
		t.Errorf("a rating above the range: %+v, want the top's %+v", s, strengthFor(MaxElo))
	}
	if s := strengthFor(MinElo - 500); s != strengthFor(MinElo) {
		t.Errorf("a rating below the range: %+v, want the bottom's %+v", s, strengthFor(MinElo))
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
	for name, v := range map[string]string{OptLimitStrength: "true", OptElo: strconv.Itoa(MinElo)} {
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

// TestLimitStrengthOutput checks what the GUI is shown when playing weaker:
// only the MultiPV lines the user asked for (the search looks at more, to
// choose among), and last the line of the move played, whichever the
// random error picked.
func TestLimitStrengthOutput(t *testing.T) {
	e := New(zerolog.Nop())
	defer e.Close()
	for name, v := range map[string]string{OptLimitStrength: "true", OptElo: strconv.Itoa(MinElo)} {
		if _, err := e.SetOption(name, v); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.SetPosition("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", nil); err != nil {
		t.Fatal(err)
	}
	for _, multiPV := range []int{1, 2} {
		if _, err := e.SetOption(OptMultiPV, strconv.Itoa(multiPV)); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 10; i++ {
			var infos []Info
			done := make(chan Outcome, 1)
			e.Go(Limits{}, func(i Info) { infos = append(infos, i) }, func(o Outcome) { done <- o })
			o := <-done
			for _, in := range infos {
				if in.MultiPV > multiPV {
					t.Fatalf("MultiPV %d: a line of rank %d was shown", multiPV, in.MultiPV)
				}
			}
			last := infos[len(infos)-1]
			if len(last.PV) == 0 || last.PV[0] != o.Best || (o.Ponder != movegen.NoMove && (len(last.PV) < 2 || last.PV[1] != o.Ponder)) {
				t.Fatalf("MultiPV %d: played %v ponder %v after a last line %v", multiPV, o.Best, o.Ponder, last.PV)
			}
		}
	}
}

// TestWeakPickerStaleLine: a search stopped inside depth 4 reports its first
// line with the move the second rank held at depth 3 (the sequence a
// node-limited search of the Italian-like position below once gave). The
// picker must then know that move by its new line only: picking the old
// one played the new first line's move with the old line's ponder move.
func TestWeakPickerStaleLine(t *testing.T) {
	fen := "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	pos := movegen.MustParseFEN(fen)
	line := func(depth, rank, score int, uci ...string) Info {
		i := Info{Depth: depth, MultiPV: rank, Score: eval.Score(score)}
		p := pos
		for _, s := range uci {
			m, err := p.ParseMove(s, false)
			if err != nil {
				t.Fatalf("%v: %v", uci, err)
			}
			i.PV = append(i.PV, m)
			p.MakeMove(m)
		}
		return i
	}
	for n := 0; n < 50; n++ {
		w := newWeakPicker(100, 1)
		watch := w.watch(nil)
		watch(line(3, 1, 45, "d2d4", "e5d4", "f3d4"))
		watch(line(3, 2, 45, "f1c4", "a7a6", "e1g1"))
		watch(line(3, 3, 44, "f1b5", "d7d6", "e1g1"))
		watch(line(3, 4, 27, "f1e2", "a7a6", "e1g1"))
		watch(line(4, 1, 52, "f1c4", "h7h6", "e1g1", "a7a6"))
		m, p, ok := w.pick()
		if !ok {
			t.Fatal("pick: no line")
		}
		if m.String() == "f1c4" && p.String() != "h7h6" {
			t.Fatalf("pick = %v ponder %v, want ponder h7h6 from f1c4's newest line", m, p)
		}
	}
}
