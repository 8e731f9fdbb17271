package search

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
	"github.com/sightline-chess/sightline/tablebase"
)

const tbDir = "../testdata/syzygy"

// openTB opens the test tables; wdlOnly leaves the DTZ files out.
func openTB(t *testing.T, wdlOnly bool) *tablebase.Tablebases {
	t.Helper()
	dir := tbDir
	if wdlOnly {
		dir = t.TempDir()
		files, _ := filepath.Glob(filepath.Join(tbDir, "*.rtbw"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644)
		}
	}
	tb, errs := tablebase.Open([]string{dir})
	if len(errs) > 0 {
		t.Fatalf("tablebase.Open: %v", errs)
	}
	t.Cleanup(func() { tb.Close() })
	return tb
}

func tbOptions() Options {
	return Options{Threads: 1, SyzygyProbeLimit: 7, SyzygyProbeDepth: 1, Syzygy50MoveRule: true}
}

// outcomeAfter is the WDL outcome of playing m in pos, for the mover.
func outcomeAfter(t *testing.T, tb *tablebase.Tablebases, pos movegen.Position, m movegen.Move) tablebase.WDL {
	t.Helper()
	pos.MakeMove(m)
	w, ok := tb.ProbeWDL(&pos)
	if !ok {
		t.Fatalf("ProbeWDL(%v) failed", &pos)
	}
	return -w
}

// TestTablebaseRootMoves: at a root in the tables only moves that keep the
// best outcome are searched, by DTZ and by WDL alone.
func TestTablebaseRootMoves(t *testing.T) {
	tests := []struct {
		fen  string
		want string // the only move kept, if one
	}{
		{"8/8/8/8/8/2k5/2R5/6K1 b - - 0 1", "c3c2"}, // take the rook or lose
		{"4k3/4P3/4K3/8/8/8/8/8 w - - 0 1", ""},     // Kd6 or Kf6 wins, others draw
		{"8/8/8/3k4/8/8/3r4/Q3K3 w - - 0 1", ""},    // KQvKR, a win to keep
		{"8/8/3k4/8/2P5/3p4/8/4K3 w - - 0 1", ""},
		{"6k1/8/8/8/8/8/r7/1K5R b - - 0 1", ""}, // KRvKR
		{"8/8/8/8/8/4k3/7P/4K3 b - - 0 1", ""},
	}
	for _, wdlOnly := range []bool{false, true} {
		tb := openTB(t, wdlOnly)
		for _, tc := range tests {
			pos := movegen.MustParseFEN(tc.fen)
			s := New(1)
			s.SetTablebases(tb)
			s.opt = tbOptions()
			all := rootMoveList(&pos, nil)
			best := tablebase.Loss
			for _, m := range all {
				best = max(best, outcomeAfter(t, tb, pos, m))
			}
			kept, scores := s.setupTablebases(&pos, nil, append([]movegen.Move(nil), all...))
			if scores == nil || len(kept) == 0 || len(kept) != len(scores) {
				t.Errorf("%s (wdl only %v): root not ranked: %v, %v", tc.fen, wdlOnly, kept, scores)
				continue
			}
			for _, m := range kept {
				if w := outcomeAfter(t, tb, pos, m); w != best {
					t.Errorf("%s (wdl only %v): kept %v with outcome %v; best is %v", tc.fen, wdlOnly, m, w, best)
				}
			}
			if tc.want != "" && (len(kept) != 1 || kept[0].String() != tc.want) {
				t.Errorf("%s: kept %v, want only %s", tc.fen, kept, tc.want)
			}
			if best == tablebase.Win && scores[0] != tbWin || best == tablebase.Draw && scores[0] != 0 {
				t.Errorf("%s: tablebase score %d for a %v", tc.fen, scores[0], best)
			}
		}
	}
}

// TestTablebaseSearch: a search from a root in the tables plays a move that
// keeps the outcome, reports the tables' score and counts its probes.
func TestTablebaseSearch(t *testing.T) {
	for _, wdlOnly := range []bool{false, true} {
		tb := openTB(t, wdlOnly)
		for _, fen := range []string{
			"8/8/8/8/8/2k5/2R5/6K1 b - - 0 1",
			"8/8/8/3k4/8/8/3r4/Q3K3 w - - 0 1",
			"8/8/8/3k4/8/8/3r4/Q3K3 b - - 0 1",
			"8/8/3k4/8/2P5/3p4/8/4K3 w - - 0 1",
		} {
			pos := movegen.MustParseFEN(fen)
			root, _ := tb.ProbeWDL(&pos)
			s := New(8)
			s.SetTablebases(tb)
			var last Info
			res := s.Search(pos, nil, Limits{Depth: 8}, tbOptions(), func(i Info) { last = i })
			if w := outcomeAfter(t, tb, pos, res.Best); w != root && !(root == tablebase.Loss) {
				t.Errorf("%s (wdl only %v): played %v, outcome %v; the root is a %v", fen, wdlOnly, res.Best, w, root)
			}
			want := map[tablebase.WDL]int{tablebase.Win: int(tbWin), tablebase.Draw: 0, tablebase.Loss: -int(tbWin)}[root]
			if last.Mate == 0 && int(last.Score) != want {
				t.Errorf("%s (wdl only %v): score %d, want %d", fen, wdlOnly, last.Score, want)
			}
			if last.TBHits == 0 {
				t.Errorf("%s: no tbhits", fen)
			}
		}
	}
}

// TestTablebaseProbesInSearch: without DTZ tables, a won root leaves the
// WDL probes on inside the search; with SyzygyProbeLimit 0 none is made.
func TestTablebaseProbesInSearch(t *testing.T) {
	tb := openTB(t, true)
	fen := "8/8/8/3k4/8/8/3r4/Q3K3 w - - 0 1"
	pos := movegen.MustParseFEN(fen)
	roots := uint64(len(rootMoveList(&pos, nil)))
	s := New(8)
	s.SetTablebases(tb)
	var last Info
	s.Search(pos, nil, Limits{Depth: 8}, tbOptions(), func(i Info) { last = i })
	if last.TBHits <= roots {
		t.Errorf("tbhits %d with %d root moves: no probe inside the search", last.TBHits, roots)
	}
	opt := tbOptions()
	opt.SyzygyProbeLimit = 0
	s.Clear()
	s.Search(pos, nil, Limits{Depth: 8}, opt, func(i Info) { last = i })
	if last.TBHits != 0 || last.Score >= tbWinBound {
		t.Errorf("SyzygyProbeLimit 0: tbhits %d, score %d; want none and a search score", last.TBHits, last.Score)
	}
}

// TestTablebaseSearchAllocations: probing allocates nothing per node.
func TestTablebaseSearchAllocations(t *testing.T) {
	tb := openTB(t, true)
	// Five pieces: not in the tables, but every capture leads into them.
	pos := movegen.MustParseFEN("8/8/3k4/8/2P5/3p4/8/3RK3 w - - 0 1")
	s := New(4)
	s.SetTablebases(tb)
	opt := tbOptions()
	allocs := func(depth int) float64 {
		return testing.AllocsPerRun(3, func() {
			s.Clear()
			s.Search(pos, nil, Limits{Depth: depth}, opt, nil)
		})
	}
	shallow, deep := allocs(2), allocs(9)
	if deep > shallow || deep > 16 {
		t.Errorf("Search allocations with tablebases: depth 2 %.0f, depth 9 %.0f; want the same small number", shallow, deep)
	}
	var last Info
	s.Search(pos, nil, Limits{Depth: 9}, opt, func(i Info) { last = i })
	if last.TBHits == 0 {
		t.Errorf("no probe in %s", strings.Fields(pos.String())[0])
	}
}

// TestTablebaseThreads: Lazy SMP threads share the tables (run under the
// race detector by make test-race).
func TestTablebaseThreads(t *testing.T) {
	tb := openTB(t, true)
	pos := movegen.MustParseFEN("8/8/3k4/8/2P5/3p4/8/3RK3 w - - 0 1")
	s := New(8)
	s.SetTablebases(tb)
	opt := tbOptions()
	opt.Threads = 2
	var last Info
	res := s.Search(pos, nil, Limits{Depth: 9}, opt, func(i Info) { last = i })
	if !isLegal(pos.String(), res.Best) || last.TBHits == 0 {
		t.Errorf("two threads with tables: best %v, tbhits %d", res.Best, last.TBHits)
	}
	s.SetTablebases(nil) // waits for the helpers before the tables close
}

func TestTBRootScore(t *testing.T) {
	const m = tablebase.MaxDTZ
	tests := []struct {
		rank          int
		byDTZ, rule50 bool
		want          int
	}{
		{m, true, true, int(tbWin)},
		{-m, true, true, -int(tbWin)},
		{0, true, true, 0},
		{m/2 - 120, true, true, 40},          // a cursed win 120 plies from zeroing: a few centipawns
		{-m/2 + 120, true, true, -40},        // a blessed loss
		{m/2 - 120, true, false, int(tbWin)}, // without the rule it is a win
		{m/2 - 60, true, true, int(tbWin)},   // a win to convert now (after a repetition)
		{tablebase.WDLRank(tablebase.CursedWin), false, true, 2},
		{tablebase.WDLRank(tablebase.CursedWin), false, false, int(tbWin)},
		{tablebase.WDLRank(tablebase.BlessedLoss), false, true, -2},
		{tablebase.WDLRank(tablebase.Loss), false, true, -int(tbWin)},
	}
	for _, tc := range tests {
		if got := tbRootScore(tc.rank, tc.byDTZ, tc.rule50); int(got) != tc.want {
			t.Errorf("tbRootScore(%d, %v, %v) = %d, want %d", tc.rank, tc.byDTZ, tc.rule50, got, tc.want)
		}
	}
}

// TestTablebaseRepetition: the root's repetition bookkeeping.
func TestTablebaseRepetition(t *testing.T) {
	pos := movegen.MustParseFEN("8/8/8/3k4/8/8/3r4/Q3K3 w - - 10 40")
	a, b := uint64(1), uint64(2)
	if !hasRepeated(&pos, []uint64{a, b, 3, 4, a}) {
		t.Errorf("hasRepeated: a position twice since the last zeroing move not seen")
	}
	if hasRepeated(&pos, []uint64{a, b, 3, 4}) {
		t.Errorf("hasRepeated: no repetition, but reported")
	}
	after := pos
	m, err := after.ParseMove("a1a2", false)
	if err != nil {
		t.Fatal(err)
	}
	after.MakeMove(m)
	k := after.Key()
	// The history ends just before the root; the side to move after the
	// root move stood there one and three entries back.
	if !drawnAfterRoot(&after, []uint64{5, k, 6, k}, 7) {
		t.Errorf("drawnAfterRoot: a third occurrence not seen")
	}
	if drawnAfterRoot(&after, []uint64{5, 6, 7, k}, 7) {
		t.Errorf("drawnAfterRoot: a second occurrence taken for a draw")
	}
}

// TestTablebaseWinInPV: from a root outside the tables, a capture into a
// won table shows as a tablebase win, not as the evaluation of the PV's
// last position (the probe's floor in PV nodes).
func TestTablebaseWinInPV(t *testing.T) {
	tb := openTB(t, false)
	pos := movegen.MustParseFEN("8/8/8/n2k4/8/8/3r4/Q3K3 w - - 0 1") // Qxa5+ leaves KQvKR
	s := New(8)
	s.SetTablebases(tb)
	var last Info
	res := s.Search(pos, nil, Limits{Depth: 8}, tbOptions(), func(i Info) { last = i })
	if res.Best.String() != "a1a5" || last.Score < tbWinBound || last.Score >= mateBound {
		t.Errorf("KQvKRN: %v with score %d, want a1a5 and a tablebase win", res.Best, last.Score)
	}
}
