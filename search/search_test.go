package search

import (
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

// run searches fen with a fresh Searcher and returns the result and reports.
func run(t *testing.T, fen string, history []uint64, lim Limits, opt Options) (Result, []Info) {
	t.Helper()
	pos, err := movegen.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	var infos []Info
	res := New(8).Search(pos, history, lim, opt, func(i Info) { infos = append(infos, i) })
	return res, infos
}

// isLegal reports whether m is a legal move of fen.
func isLegal(fen string, m movegen.Move) bool {
	pos := movegen.MustParseFEN(fen)
	var ml movegen.MoveList
	pos.GenerateLegal(&ml)
	for _, x := range ml.Slice() {
		if x == m {
			return true
		}
	}
	return false
}

func lastInfo(t *testing.T, infos []Info) Info {
	t.Helper()
	if len(infos) == 0 {
		t.Fatalf("no Info reported")
	}
	return infos[len(infos)-1]
}

func TestMates(t *testing.T) {
	tests := []struct {
		fen   string
		depth int
		mate  int
		best  string // "" when several moves mate equally fast
	}{
		{"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3", 3, 1, "f3f7"},
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 3, 1, "d1d8"},
		{"8/8/8/8/8/5K2/7R/5k2 w - - 0 1", 3, 1, "h2h1"},
		{"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 5, 2, "d5f6"},
		{"1r6/4b2k/1q1pNrpp/p2Pp3/4P3/1P1R3Q/5PPP/5RK1 w - - 1 1", 5, 2, "h3h6"},
		{"r1b1k1nr/p2p1ppp/n2B4/1p1NPN1P/6P1/3P1Q2/P1P1K3/q5b1 w - - 1 1", 7, 3, "f5g7"},
		{"r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 7, 3, "f6a6"},
		{"2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1", 7, 3, ""},
		// Being mated: Black's only move walks into Rh1#.
		{"7k/5K2/8/8/8/8/8/R7 b - - 0 1", 4, -1, "h8h7"},
	}
	for _, tc := range tests {
		res, infos := run(t, tc.fen, nil, Limits{Depth: tc.depth}, Options{Threads: 1})
		info := lastInfo(t, infos)
		if info.Mate != tc.mate {
			t.Errorf("Search(%q, depth %d): Info.Mate = %d (score %d, pv %v), want %d", tc.fen, tc.depth, info.Mate, info.Score, info.PV, tc.mate)
		}
		if tc.best != "" && res.Best.String() != tc.best {
			t.Errorf("Search(%q, depth %d).Best = %v, want %s", tc.fen, tc.depth, res.Best, tc.best)
		}
		if !isLegal(tc.fen, res.Best) {
			t.Errorf("Search(%q).Best = %v is not legal", tc.fen, res.Best)
		}
	}
}

func TestMateLimit(t *testing.T) {
	// With only "go mate 2", the search must end once the mate is found.
	fen := "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1"
	res, infos := run(t, fen, nil, Limits{Mate: 2, Nodes: 5_000_000}, Options{Threads: 1})
	if info := lastInfo(t, infos); info.Mate != 2 || res.Best.String() != "d5f6" {
		t.Errorf("Search(%q, mate 2) = %v mate %d, want d5f6 mate 2", fen, res.Best, info.Mate)
	}
	if res.Nodes >= 5_000_000 {
		t.Errorf("Search(%q, mate 2) ran to the node limit instead of stopping at the mate", fen)
	}
}

func TestNoLegalMove(t *testing.T) {
	tests := []struct {
		fen   string
		score eval.Score
	}{
		{"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", -eval.Mate}, // checkmate
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0},          // stalemate
	}
	for _, tc := range tests {
		res, infos := run(t, tc.fen, nil, Limits{Depth: 5}, Options{Threads: 1})
		if res.Best != movegen.NoMove || res.Score != tc.score {
			t.Errorf("Search(%q) = %v score %d, want NoMove score %d", tc.fen, res.Best, res.Score, tc.score)
		}
		if info := lastInfo(t, infos); info.Score != tc.score || info.Depth != 0 {
			t.Errorf("Search(%q) reported %+v, want depth 0 score %d", tc.fen, info, tc.score)
		}
	}
}

func TestFiftyMoveDraw(t *testing.T) {
	// Queen up, but every white move is the hundredth reversible ply.
	const draw = "8/8/8/4k3/8/8/8/4K2Q w - - 99 80"
	res, _ := run(t, draw, nil, Limits{Depth: 5}, Options{Threads: 1})
	if res.Score != 0 {
		t.Errorf("Search(%q).Score = %d, want 0 (fifty-move rule)", draw, res.Score)
	}
	const live = "8/8/8/4k3/8/8/8/4K2Q w - - 0 80"
	if res, _ := run(t, live, nil, Limits{Depth: 5}, Options{Threads: 1}); res.Score < 300 {
		t.Errorf("Search(%q).Score = %d, want a queen's advantage", live, res.Score)
	}
}

// forcedKa2 is a position whose only move, Ka2, walks into a lost
// position, with two game histories: one in which the position after Ka2
// occurred twice (so Ka2 is a threefold repetition) and one in which it
// occurred once.
const forcedKa2 = "1r6/8/8/8/8/2k5/8/K7 w - - 10 60"

// forcedKa2Game returns forcedKa2, its move Ka2, the position after it, and
// the two histories (the other keys: positions the game passed through in
// between).
func forcedKa2Game(t *testing.T) (pos movegen.Position, m movegen.Move, child movegen.Position, twice, once []uint64) {
	t.Helper()
	pos = movegen.MustParseFEN(forcedKa2)
	child = pos
	m, err := child.ParseMove("a1a2", false)
	if err != nil {
		t.Fatal(err)
	}
	child.MakeMove(m)
	const filler = 0x1234567
	k := child.Key()
	return pos, m, child, []uint64{k, filler, k, filler, filler}, []uint64{filler, filler, k, filler, filler}
}

func TestRepetitionDraw(t *testing.T) {
	_, m, _, twice, once := forcedKa2Game(t)
	res, _ := run(t, forcedKa2, twice, Limits{Depth: 6}, Options{Threads: 1})
	if res.Score != 0 || res.Best != m {
		t.Errorf("Search(%q) with the reply twice in history = %v score %d, want a1a2 score 0", forcedKa2, res.Best, res.Score)
	}
	if res, _ := run(t, forcedKa2, once, Limits{Depth: 6}, Options{Threads: 1}); res.Score > -300 {
		t.Errorf("Search(%q) with the reply once in history: score %d, want lost (a twofold with the game is no draw)", forcedKa2, res.Score)
	}
}

// TestNoPonderAfterThreefold: when the move played repeats a position for
// the third time the game is over, so neither the ponder move nor the last
// info line's PV goes on past it, even when the hash table holds a move for
// the position after it (fastchess warns of a PV that continues after a
// threefold repetition).
func TestNoPonderAfterThreefold(t *testing.T) {
	pos, m, child, twice, once := forcedKa2Game(t)
	s := New(8)
	// The hash table holds a move for the position after a1a2, as it
	// would where the search met that position elsewhere in the tree.
	var ml movegen.MoveList
	child.GenerateLegal(&ml)
	s.tt.Store(child.Key(), 0, ml.Slice()[0], 0, 0, 10, Exact, true)
	var last Info
	res := s.Search(pos, twice, Limits{Depth: 6}, Options{Threads: 1}, func(i Info) { last = i })
	if res.Best != m || res.Ponder != movegen.NoMove {
		t.Errorf("Search(%q) with a1a2's position twice before = %v ponder %v, want a1a2 and no ponder move", forcedKa2, res.Best, res.Ponder)
	}
	if len(last.PV) != 1 {
		t.Errorf("last info's pv = %v, want a1a2 alone", last.PV)
	}
	// A twofold with the game is no draw: the game goes on, with a ponder move.
	if res := s.Search(pos, once, Limits{Depth: 6}, Options{Threads: 1}, nil); res.Ponder == movegen.NoMove {
		t.Errorf("Search(%q) with a1a2's position once before: no ponder move, want one", forcedKa2)
	}
}

func TestRepetitionInTree(t *testing.T) {
	// A rook down, White can give perpetual check; a twofold repetition in
	// the tree counts as a draw, so the search finds it.
	const fen = "6k1/6p1/7p/8/8/8/r5PP/2Q3K1 w - - 0 1"
	// Walk Qc8+ Kh7 Qc2+ Kg8 Qc8+: the last position repeats ply 1.
	w := walkLine(t, fen, "c1c8", "g8h7", "c8c2", "h7g8", "c2c8")
	for ply := 1; ply <= 4; ply++ {
		if w.isDraw(ply) {
			t.Errorf("isDraw at ply %d = true, want false (no repetition yet)", ply)
		}
	}
	if !w.isDraw(5) {
		t.Errorf("isDraw at ply 5 = false, want true (repeats ply 1)")
	}
}

// walkLine prepares a worker on fen and plays line from its root as the
// search would, filling the stack and the key history ply by ply.
func walkLine(t *testing.T, fen string, line ...string) *worker {
	t.Helper()
	pos := movegen.MustParseFEN(fen)
	w := New(1).workers[0]
	w.prepare(&pos, nil, rootMoveList(&pos, nil), nil)
	for ply, s := range line {
		next := w.stack[ply].pos
		m, err := next.ParseMove(s, false)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", s, err)
		}
		next.MakeMove(m)
		w.stack[ply+1].pos = next
		w.stack[ply+1].sinceNull = w.stack[ply].sinceNull + 1
		w.keys[w.rootIdx+ply+1] = next.Key()
	}
	return w
}

func TestInsufficientMaterial(t *testing.T) {
	tests := []struct {
		fen  string
		want bool
	}{
		{"8/8/4k3/8/8/3K4/8/8 w - - 0 1", true},
		{"8/8/4k3/8/8/3KN3/8/8 w - - 0 1", true},
		{"8/8/4kb2/8/8/3K4/8/8 w - - 0 1", true},
		{"8/8/4kb2/8/8/3KN3/8/8 w - - 0 1", false},
		{"8/8/4k3/8/8/3K4/7R/8 w - - 0 1", false},
		{"8/8/4k3/8/8/3KP3/8/8 w - - 0 1", false},
	}
	for _, tc := range tests {
		p := movegen.MustParseFEN(tc.fen)
		if got := insufficientMaterial(&p); got != tc.want {
			t.Errorf("insufficientMaterial(%q) = %v, want %v", tc.fen, got, tc.want)
		}
	}
}

// timed runs f and returns how long it took: the wall time, or the process's
// CPU time if that is less. This is how the wall-clock tests below stay
// honest on a loaded 2-core CI machine. Load can only make the CPU time
// smaller than the wall time (the process waits its turn), so it cannot
// make a test fail. A search that overruns its limit or ignores stop keeps a
// CPU busy the whole time, so the overrun shows in both clocks and the test
// still fails. TestTimedCountsWork checks that the CPU clock moves at all,
// without which nothing would fail.
func timed(f func()) time.Duration {
	cpu0, ok := processCPUTime()
	start := time.Now()
	f()
	took := time.Since(start)
	if cpu1, ok1 := processCPUTime(); ok && ok1 && cpu1-cpu0 < took {
		took = cpu1 - cpu0
	}
	return took
}

// TestTimedCountsWork checks that timed reports busy work as taking time:
// 30 ms of CPU time spent in a loop must come out as at least 25 ms (the CPU
// clock may lag a scheduler tick). A CPU clock stuck at one value would make
// timed report nothing, and TestStopLatency and TestHardLimit unable to fail.
func TestTimedCountsWork(t *testing.T) {
	if _, ok := processCPUTime(); !ok {
		t.Skip("no process CPU time here; timed uses the wall clock")
	}
	const work = 30 * time.Millisecond
	took := timed(func() {
		cpu0, _ := processCPUTime()
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
			if cpu, _ := processCPUTime(); cpu-cpu0 >= work {
				return
			}
		}
	})
	if took < work-5*time.Millisecond {
		t.Errorf("timed(%v of busy work) = %v: the CPU clock does not count work", work, took)
	}
}

func TestTinyClocks(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		fen string
		lim Limits
	}{
		{movegen.StartFEN, Limits{HasClock: true, Time: [2]time.Duration{1 * ms, 1 * ms}}},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", Limits{HasClock: true, Time: [2]time.Duration{1000 * ms, 0}}},
		{movegen.StartFEN, Limits{HasClock: true, Time: [2]time.Duration{-50 * ms, 1000 * ms}}},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", Limits{HasClock: true, Time: [2]time.Duration{0, 0}}},
		{movegen.StartFEN, Limits{MoveTime: 1 * ms}},
	}
	for _, tc := range tests {
		var res Result
		took := timed(func() { res, _ = run(t, tc.fen, nil, tc.lim, Options{Threads: 1, MoveOverhead: 10 * ms}) })
		if !isLegal(tc.fen, res.Best) {
			t.Errorf("Search(%q, %+v).Best = %v, not a legal move", tc.fen, tc.lim, res.Best)
		}
		if took > 200*ms {
			t.Errorf("Search(%q, %+v) took %v with no time on the clock", tc.fen, tc.lim, took)
		}
	}
}

// TestStopLatency measures from Stop to Search returning, three times; the
// best of three must be within 10 ms, measured by timed (the others are
// logged). A search that looks at the stop flag too rarely, or not at all,
// burns CPU time until it does and fails. Under the race detector every node
// costs ten times as much, so the 1024 nodes between looks at the stop flag
// do too; that run checks the stop path's synchronisation, and its limit is
// 100 ms.
func TestStopLatency(t *testing.T) {
	limit := 10 * time.Millisecond
	if raceBuild {
		limit = 100 * time.Millisecond
	}
	const fen = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
	pos := movegen.MustParseFEN(fen)
	var lat []time.Duration
	for i := 0; i < 3; i++ {
		s := New(16)
		reported := make(chan struct{}, 1)
		done := make(chan Result)
		go func() {
			done <- s.Search(pos, nil, Limits{Infinite: true}, Options{Threads: 1}, func(info Info) {
				if info.Depth >= 6 {
					select {
					case reported <- struct{}{}:
					default:
					}
				}
			})
		}()
		<-reported
		var res Result
		lat = append(lat, timed(func() {
			s.Stop()
			res = <-done
		}))
		if !isLegal(fen, res.Best) {
			t.Errorf("Search(%q) stopped: Best = %v, not legal", fen, res.Best)
		}
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	t.Logf("Stop latencies: %v", lat)
	if lat[0] > limit {
		t.Errorf("Stop latency (best of 3) = %v, want <= %v", lat[0], limit)
	}
}

// TestHardLimit checks that a 60 ms movetime is kept: the fastest of three
// searches, measured by timed from the call to Search to its return, takes
// at most 80 ms. Only the search is timed (the table is allocated before),
// and the fastest of three counts, so that neither a slow allocation nor a
// machine that descheduled the test once can fail it; a limit that is not
// kept fails all three.
func TestHardLimit(t *testing.T) {
	const fen = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
	pos := movegen.MustParseFEN(fen)
	lim := Limits{MoveTime: 60 * time.Millisecond}
	opt := Options{Threads: 1, MoveOverhead: 10 * time.Millisecond}
	var fastest time.Duration
	for i := 0; i < 3; i++ {
		s := New(8)
		var res Result
		took := timed(func() { res = s.Search(pos, nil, lim, opt, nil) })
		if !isLegal(fen, res.Best) {
			t.Fatalf("Search(%q, movetime 60ms) best %v, not legal", fen, res.Best)
		}
		if i == 0 || took < fastest {
			fastest = took
		}
	}
	if fastest > 80*time.Millisecond {
		t.Errorf("Search(%q, movetime 60ms overhead 10ms) took at best %v of 3; want <= 60ms plus a little", fen, fastest)
	}
}

func TestPonder(t *testing.T) {
	// While pondering the (empty) clock does not count; after PonderHit it does.
	pos := movegen.MustParseFEN(movegen.StartFEN)
	s := New(16)
	deep := make(chan struct{}, 1)
	done := make(chan Result)
	lim := Limits{Ponder: true, HasClock: true, Time: [2]time.Duration{1, 1}}
	go func() {
		done <- s.Search(pos, nil, lim, Options{Threads: 1}, func(info Info) {
			if info.Depth >= 8 {
				select {
				case deep <- struct{}{}:
				default:
				}
			}
		})
	}()
	select {
	case <-deep:
	case res := <-done:
		t.Fatalf("ponder search returned %v before depth 8: the clock counted while pondering", res.Best)
	}
	s.PonderHit()
	select {
	case res := <-done:
		if !isLegal(movegen.StartFEN, res.Best) {
			t.Errorf("after PonderHit: Best = %v, not legal", res.Best)
		}
	case <-time.After(5 * time.Second):
		s.Stop()
		<-done
		t.Errorf("search went on for 5s after PonderHit with an empty clock")
	}
}

// TestPonderHitRestartsLimit checks that the time limit counts from
// PonderHit, not from the start of the ponder search: a search that pondered
// longer than its movetime still thinks for about that movetime after the
// hit. Only a lower bound is checked, which a slow machine cannot break.
func TestPonderHitRestartsLimit(t *testing.T) {
	pos := movegen.MustParseFEN(movegen.StartFEN)
	s := New(16)
	done := make(chan Result)
	const moveTime = 400 * time.Millisecond
	go func() {
		done <- s.Search(pos, nil, Limits{Ponder: true, MoveTime: moveTime}, Options{Threads: 1}, nil)
	}()
	select {
	case res := <-done:
		t.Fatalf("ponder search returned %v by itself", res.Best)
	case <-time.After(2 * moveTime):
	}
	hit := time.Now()
	s.PonderHit()
	res := <-done
	if after := time.Since(hit); after < moveTime/4 {
		t.Errorf("search stopped %v after PonderHit, want about the movetime %v", after, moveTime)
	}
	if !isLegal(movegen.StartFEN, res.Best) {
		t.Errorf("after PonderHit: Best = %v, not legal", res.Best)
	}
}

func TestDeterministicNodes(t *testing.T) {
	depth := 9
	if testing.Short() {
		depth = 7
	}
	const fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	pos := movegen.MustParseFEN(fen)
	s := New(16)
	var counts []uint64
	for i := 0; i < 3; i++ {
		if i == 2 {
			s = New(16) // a new Searcher counts the same as a cleared one
		} else {
			s.Clear()
		}
		counts = append(counts, s.Search(pos, nil, Limits{Depth: depth}, Options{Threads: 1}, nil).Nodes)
	}
	if counts[0] != counts[1] || counts[0] != counts[2] || counts[0] == 0 {
		t.Errorf("Search(%q, depth %d) nodes = %v, want the same nonzero count each time", fen, depth, counts)
	}
}

// TestNodeLimit checks that "go nodes N" stops at exactly N nodes with one
// thread, also for N far below checkInterval (at first the limit was read
// only every checkInterval nodes, and "go nodes 1" finished depth 4). With
// several threads each reads the others' counts as last published; one
// descheduled may then run on by up to a poll interval.
func TestNodeLimit(t *testing.T) {
	const fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	for _, threads := range []int{1, 2} {
		for _, limit := range []uint64{1, 2, 7, 100, 1000, 1519, 4999, 5000, 5001, 30000} {
			res, _ := run(t, fen, nil, Limits{Nodes: limit}, Options{Threads: threads})
			if most := limit + uint64(threads-1)*checkInterval; res.Nodes < limit || res.Nodes > most {
				t.Errorf("Threads %d, nodes %d: searched %d nodes, want %d to %d", threads, limit, res.Nodes, limit, most)
			}
			if !isLegal(fen, res.Best) {
				t.Errorf("Threads %d, nodes %d: best move %v is not legal", threads, limit, res.Best)
			}
		}
	}
}

// TestBestMoveLeadsLastPV checks that the move played is the first move of
// the last line reported. A search stopped inside an iteration may change its
// mind (a move that beat the old best before the stop counts); the GUI must
// then be shown that line, or it displays the score and line of a move that
// was not played. The first position is a game where "go nodes 20000" played
// e2e4 after a last reported line of f1e1.
func TestBestMoveLeadsLastPV(t *testing.T) {
	game := movegen.MustParseFEN(movegen.StartFEN)
	for _, s := range strings.Fields("g1f3 d7d5 g2g3 c7c6 f1g2 c8g4 c2c4 b8d7 c4d5 c6d5 b1c3 e7e6 d2d4 g8e7 e1g1 e7c6") {
		m, err := game.ParseMove(s, false)
		if err != nil {
			t.Fatal(err)
		}
		game.MakeMove(m)
	}
	fens := []string{
		game.String(),
		movegen.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
	}
	for _, fen := range fens {
		for nodes := uint64(2000); nodes <= 64000; nodes += 2000 {
			res, infos := run(t, fen, nil, Limits{Nodes: nodes}, Options{Threads: 1})
			last := lastInfo(t, infos)
			if len(last.PV) == 0 || last.PV[0] != res.Best {
				t.Errorf("%q, nodes %d: bestmove %v, last reported line %v", fen, nodes, res.Best, last.PV)
			}
		}
	}
}

func TestThreads(t *testing.T) {
	// Small enough for `go test -race` (make test-race).
	const fen = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
	res, infos := run(t, fen, nil, Limits{Depth: 7}, Options{Threads: 2})
	if !isLegal(fen, res.Best) {
		t.Errorf("Search(%q, Threads 2).Best = %v, not legal", fen, res.Best)
	}
	info := lastInfo(t, infos)
	if info.Depth != 7 || info.Nodes == 0 || res.Nodes < info.Nodes {
		t.Errorf("Search(%q, Threads 2): last info %+v, result nodes %d", fen, info, res.Nodes)
	}
	// The threads share the hash table: a mate is still found.
	const mate = "r1b1k1nr/p2p1ppp/n2B4/1p1NPN1P/6P1/3P1Q2/P1P1K3/q5b1 w - - 1 1"
	if _, infos := run(t, mate, nil, Limits{Depth: 7}, Options{Threads: 3}); lastInfo(t, infos).Mate != 3 {
		t.Errorf("Search(%q, Threads 3): mate %d, want 3", mate, lastInfo(t, infos).Mate)
	}
}

func TestMultiPV(t *testing.T) {
	const fen = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
	_, infos := run(t, fen, nil, Limits{Depth: 6}, Options{Threads: 1, MultiPV: 3})
	var last []Info
	for _, i := range infos {
		if i.Depth == 6 {
			last = append(last, i)
		}
	}
	if len(last) != 3 {
		t.Fatalf("MultiPV 3 at depth 6: %d lines, want 3", len(last))
	}
	seen := map[movegen.Move]bool{}
	for k, i := range last {
		if i.MultiPV != k+1 || len(i.PV) == 0 || seen[i.PV[0]] {
			t.Errorf("MultiPV line %d: multipv %d pv %v (lines must be numbered and start with different moves)", k+1, i.MultiPV, i.PV)
			continue
		}
		seen[i.PV[0]] = true
		if k > 0 && i.Score > last[k-1].Score {
			t.Errorf("MultiPV line %d scores %d, above line %d's %d", k+1, i.Score, k, last[k-1].Score)
		}
	}
}

func TestSearchMoves(t *testing.T) {
	pos := movegen.MustParseFEN(movegen.StartFEN)
	only, _ := pos.ParseMove("a2a3", false)
	res, infos := run(t, movegen.StartFEN, nil, Limits{Depth: 5, SearchMoves: []movegen.Move{only}}, Options{Threads: 1})
	if res.Best != only || lastInfo(t, infos).PV[0] != only {
		t.Errorf("Search(startpos, searchmoves a2a3).Best = %v, want a2a3", res.Best)
	}
}

func TestPonderMove(t *testing.T) {
	res, _ := run(t, movegen.StartFEN, nil, Limits{Depth: 6}, Options{Threads: 1})
	pos := movegen.MustParseFEN(movegen.StartFEN)
	pos.MakeMove(res.Best)
	if !isLegal(pos.String(), res.Ponder) {
		t.Errorf("Search(startpos) = %v ponder %v: ponder move not legal after best", res.Best, res.Ponder)
	}
}

func TestSearchAllocations(t *testing.T) {
	// A fixed-depth search allocates a few things per search (root move
	// list) and nothing per node: the count must not grow with depth.
	pos := movegen.MustParseFEN("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10")
	s := New(4)
	opt := Options{Threads: 1}
	s.Search(pos, nil, Limits{Depth: 6}, opt, nil) // warm up
	allocs := func(depth int) float64 {
		return testing.AllocsPerRun(3, func() {
			s.Clear()
			s.Search(pos, nil, Limits{Depth: depth}, opt, nil)
		})
	}
	shallow, deep := allocs(2), allocs(7)
	t.Logf("allocations per search: depth 2 %.0f, depth 7 %.0f", shallow, deep)
	if deep > shallow || deep > 16 {
		t.Errorf("Search allocations: depth 2 %.0f, depth 7 %.0f; want the same small number", shallow, deep)
	}
}

func TestPrepare(t *testing.T) {
	pos := movegen.MustParseFEN(movegen.StartFEN)
	ms := time.Millisecond
	s := New(8)
	// A Stop between Prepare and Search ends that search at once.
	s.Prepare()
	s.Stop()
	res := s.Search(pos, nil, Limits{Infinite: true}, Options{Threads: 2}, nil)
	if !isLegal(movegen.StartFEN, res.Best) {
		t.Errorf("Search after Prepare+Stop: Best = %v, not legal", res.Best)
	}
	// So does a PonderHit with an empty clock.
	s.Prepare()
	s.PonderHit()
	res = s.Search(pos, nil, Limits{Ponder: true, HasClock: true, Time: [2]time.Duration{ms, ms}}, Options{Threads: 1}, nil)
	if !isLegal(movegen.StartFEN, res.Best) {
		t.Errorf("Search after Prepare+PonderHit: Best = %v, not legal", res.Best)
	}
	// Without Prepare, a stale Stop from before is forgotten.
	s.Stop()
	var depth int
	s.Search(pos, nil, Limits{Depth: 5}, Options{Threads: 1}, func(i Info) { depth = i.Depth })
	if depth != 5 {
		t.Errorf("Search(depth 5) after a stale Stop reached depth %d, want 5", depth)
	}
}

func TestReportBound(t *testing.T) {
	pos := movegen.MustParseFEN(movegen.StartFEN)
	s := New(1)
	w := s.workers[0]
	s.opt = Options{Threads: 1, MultiPV: 1}
	w.prepare(&pos, nil, rootMoveList(&pos, nil), nil)
	var got []Info
	w.reportFn = func(i Info) { got = append(got, i) }
	rm := &w.rootMoves[3]
	rm.score, rm.pv[0], rm.pvLen = 70, rm.move, 1

	s.start = time.Now()
	w.reportBound(5, 70, Lower)
	if len(got) != 0 {
		t.Errorf("reportBound early in the search reported %+v, want nothing", got)
	}
	s.start = time.Now().Add(-2 * boundReportDelay)
	w.reportBound(5, 70, Lower)
	if len(got) != 1 || got[0].Bound != Lower || got[0].Score != 70 || got[0].Depth != 5 || len(got[0].PV) != 1 || got[0].PV[0] != rm.move {
		t.Errorf("reportBound(5, 70, Lower) reported %+v, want one lowerbound line of depth 5, score 70, pv %v", got, rm.move)
	}
}

// TestStoppedInsideDepthOne checks a search stopped before depth 1 finished:
// in this position (16 queens) the first root move alone takes over a
// million nodes at depth 1. The last line reported must carry a real score
// and a pv leading with the move played; it once said "cp -32001" with no
// pv, and a GUI adjudicated the game lost on that score.
func TestStoppedInsideDepthOne(t *testing.T) {
	const fen = "rnb1kbnr/8/8/qqqqqqqq/QQQQQQQQ/8/8/RNB1KBNR w - - 0 1"
	res, infos := run(t, fen, nil, Limits{Nodes: 50000}, Options{Threads: 1})
	last := lastInfo(t, infos)
	if last.Score <= -mateBound || last.Score >= mateBound || res.Score != last.Score {
		t.Errorf("last info score %d, result %d: want one real score", last.Score, res.Score)
	}
	if len(last.PV) == 0 || last.PV[0] != res.Best {
		t.Errorf("last info pv %v, best move %v: want a pv leading with it", last.PV, res.Best)
	}
}
