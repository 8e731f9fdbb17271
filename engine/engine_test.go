package engine

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/sightline-chess/sightline/movegen"
)

func TestParseGame(t *testing.T) {
	tests := []struct {
		fen     string
		moves   []string
		wantFEN string // empty: an error is expected
	}{
		{"", nil, movegen.StartFEN},
		{"", []string{"e2e4", "e7e5", "g1f3"}, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []string{"e1g1"}, "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []string{"e1h1"}, "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"},
		{"", []string{"e2e5"}, ""},
		{"", []string{"e2e4", "e2e4"}, ""},
		{"", []string{"e7e5"}, ""},
		{"", []string{"zz"}, ""},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", nil, ""},
		{"not a fen", nil, ""},
	}
	for _, tc := range tests {
		g, err := ParseGame(tc.fen, tc.moves, false)
		if tc.wantFEN == "" {
			if err == nil {
				t.Errorf("ParseGame(%q, %q) = %s, want an error", tc.fen, tc.moves, g.Position.String())
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseGame(%q, %q): %v", tc.fen, tc.moves, err)
			continue
		}
		if got := g.Position.String(); got != tc.wantFEN {
			t.Errorf("ParseGame(%q, %q) = %s, want %s", tc.fen, tc.moves, got, tc.wantFEN)
		}
		if len(g.History) != len(tc.moves) {
			t.Errorf("ParseGame(%q, %q): %d history keys, want %d", tc.fen, tc.moves, len(g.History), len(tc.moves))
		}
	}
}

// TestSetPositionOnError checks that a bad FEN keeps the previous game,
// and that an illegal move keeps the moves before it, as Stockfish does.
func TestSetPositionOnError(t *testing.T) {
	e := New(zerolog.Nop())
	defer e.Close()
	tests := []struct {
		fen     string
		moves   []string
		wantFEN string // empty: the game before stays
		wantPly int    // the ply of the refused move; 0: a FEN error
	}{
		{"8/8/8/8/8/8/8/8 w - - 0 1", nil, "", 0},
		{"not a fen", []string{"e2e4"}, "", 0},
		{"", []string{"d2d4", "d7d5", "d4d5"}, "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2", 3},
		{"", []string{"e2e4", "e7e5", "xx", "g1f3"}, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", 3},
		{"", []string{"e7e5"}, movegen.StartFEN, 1},
		{"8/8/8/8/8/8/8/K6k w - - 0 1", []string{"a1a2", "h1h8"}, "8/8/8/8/8/8/K7/7k b - - 1 1", 2},
	}
	for _, tc := range tests {
		if err := e.SetPosition("", []string{"c2c4"}); err != nil {
			t.Fatal(err)
		}
		g := e.Game()
		before := g.Position.String()
		err := e.SetPosition(tc.fen, tc.moves)
		var me *MoveError
		switch {
		case err == nil:
			t.Errorf("SetPosition(%q, %q) succeeded, want an error", tc.fen, tc.moves)
		case tc.wantPly == 0 && errors.As(err, &me):
			t.Errorf("SetPosition(%q, %q) = %v, want a FEN error", tc.fen, tc.moves, err)
		case tc.wantPly != 0 && (!errors.As(err, &me) || me.Ply != tc.wantPly):
			t.Errorf("SetPosition(%q, %q) = %v, want a MoveError at ply %d", tc.fen, tc.moves, err, tc.wantPly)
		}
		want := tc.wantFEN
		if want == "" {
			want = before
		}
		g = e.Game()
		if got := g.Position.String(); got != want {
			t.Errorf("after SetPosition(%q, %q) = %v, position = %s, want %s", tc.fen, tc.moves, err, got, want)
		}
		if tc.wantPly != 0 && len(g.History) != tc.wantPly-1 {
			t.Errorf("after SetPosition(%q, %q): %d history keys, want %d", tc.fen, tc.moves, len(g.History), tc.wantPly-1)
		}
	}
}

func TestSetOption(t *testing.T) {
	tests := []struct {
		name, value string
		ok          bool
		check       func(Settings) bool
	}{
		{"Hash", "64", true, func(s Settings) bool { return s.HashMB == 64 }},
		{"hash", "1", true, func(s Settings) bool { return s.HashMB == 1 }},
		{"Hash", "0", false, nil},
		{"Hash", "65537", false, nil},
		{"Hash", "lots", false, nil},
		{"Threads", "4", true, func(s Settings) bool { return s.Threads == 4 }},
		{"Threads", "0", false, nil},
		{"Threads", "257", false, nil},
		{"MultiPV", "3", true, func(s Settings) bool { return s.MultiPV == 3 }},
		{"MultiPV", "-1", false, nil},
		{"Move Overhead", "100", true, func(s Settings) bool { return s.MoveOverhead == 100*time.Millisecond }},
		{"move overhead", "5001", false, nil},
		{"Ponder", "true", true, func(s Settings) bool { return s.Ponder }},
		{"Ponder", "yes", false, nil},
		{"UCI_Chess960", "TRUE", true, func(s Settings) bool { return s.Chess960 }},
		{"Clear Hash", "", true, nil},
		{"Contempt", "10", false, nil},
		{"Debug Log File", filepath.Join(t.TempDir(), "no", "such", "dir", "log"), false, nil},
		{"UCI_AnalyseMode", "true", true, func(s Settings) bool { return s.AnalyseMode }},
		{"UCI_AnalyseMode", "perhaps", false, nil},
		{"SyzygyProbeDepth", "12", true, func(s Settings) bool { return s.SyzygyProbeDepth == 12 }},
		{"SyzygyProbeDepth", "0", false, nil},
		{"Syzygy50MoveRule", "false", true, func(s Settings) bool { return !s.Syzygy50MoveRule }},
		{"Syzygy50MoveRule", "maybe", false, nil},
		{"SyzygyProbeLimit", "0", true, func(s Settings) bool { return s.SyzygyProbeLimit == 0 }},
		{"SyzygyProbeLimit", "8", false, nil},
		{"SyzygyPath", filepath.Join(t.TempDir(), "no", "such", "dir"), false, nil},
		{"SyzygyPath", "../go.mod", false, nil},
		{"SyzygyPath", "../testdata/syzygy", true, func(s Settings) bool { return s.SyzygyPath == "../testdata/syzygy" }},
		// Of several, those that are not directories are left out (with a note).
		{"SyzygyPath", "../testdata/syzygy" + string(filepath.ListSeparator) + "../README.md", true, func(s Settings) bool { return s.SyzygyPath != "" }},
		{"SyzygyPath", "../README.md" + string(filepath.ListSeparator) + "../no/such/dir", false, nil},
		{"SyzygyPath", "<empty>", true, func(s Settings) bool { return s.SyzygyPath == "<empty>" }},
	}
	e := New(zerolog.Nop())
	defer e.Close()
	for _, tc := range tests {
		before := e.Settings()
		_, err := e.SetOption(tc.name, tc.value)
		if (err == nil) != tc.ok {
			t.Errorf("SetOption(%q, %q) error = %v, want ok=%v", tc.name, tc.value, err, tc.ok)
			continue
		}
		after := e.Settings()
		if !tc.ok && after != before {
			t.Errorf("SetOption(%q, %q) failed but changed settings from %+v to %+v", tc.name, tc.value, before, after)
		}
		if tc.check != nil && !tc.check(after) {
			t.Errorf("SetOption(%q, %q): settings %+v do not show the value", tc.name, tc.value, after)
		}
	}
}

// TestHashBeyondMemoryRefused pretends the machine has 64 MB, so that a
// broken check costs this test a 33 MB table rather than half the real RAM.
func TestHashBeyondMemoryRefused(t *testing.T) {
	e := New(zerolog.Nop())
	defer e.Close()
	e.memoryMB = func() int { return 64 }
	if _, err := e.SetOption(OptHash, "33"); err == nil {
		t.Errorf("SetOption(Hash, 33) with 64 MB of memory succeeded, want an error")
	}
	if got := e.Settings().HashMB; got != DefaultHashMB {
		t.Errorf("after a refused Hash, HashMB = %d, want %d", got, DefaultHashMB)
	}
	if _, err := e.SetOption(OptHash, "32"); err != nil {
		t.Errorf("SetOption(Hash, 32) with 64 MB of memory: %v, want it accepted", err)
	}
	if got := e.Settings().HashMB; got != 32 {
		t.Errorf("after Hash 32, HashMB = %d, want 32", got)
	}
}

// TestUsableMemoryKnown checks that the real memory query answers where
// the Hash limit depends on it: Linux, macOS and Windows.
func TestUsableMemoryKnown(t *testing.T) {
	switch runtime.GOOS {
	case "linux", "darwin", "windows":
	default:
		t.Skip("memory is not known on " + runtime.GOOS)
	}
	if ram := usableMemoryMB(); ram < 64 {
		t.Errorf("usableMemoryMB() = %d, want at least 64", ram)
	}
}

// TestOptionSpecsUCI checks the whole option list as a GUI sees it: an
// option that disappears, appears, or changes its type, default or range
// fails here, so that such a change is deliberate (and the README's table
// follows it).
func TestOptionSpecsUCI(t *testing.T) {
	want := []string{
		"option name Hash type spin default 16 min 1 max 65536",
		"option name Threads type spin default 1 min 1 max 256",
		"option name MultiPV type spin default 1 min 1 max 256",
		"option name Ponder type check default false",
		"option name Move Overhead type spin default 30 min 0 max 5000",
		"option name Clear Hash type button",
		"option name UCI_Chess960 type check default false",
		"option name Debug Log File type string default <empty>",
		"option name SyzygyPath type string default <empty>",
		"option name SyzygyProbeDepth type spin default 1 min 1 max 100",
		"option name Syzygy50MoveRule type check default true",
		"option name SyzygyProbeLimit type spin default 7 min 0 max 7",
		"option name UCI_ShowWDL type check default false",
		"option name UCI_AnalyseMode type check default false",
		"option name UCI_LimitStrength type check default false",
		"option name UCI_Elo type spin default 1500 min 1100 max 2800",
		"option name UseNNUE type check default true",
		"option name EvalFile type string default <empty>",
	}
	var got []string
	for _, o := range OptionSpecs() {
		got = append(got, o.UCI())
	}
	if !slices.Equal(got, want) {
		t.Errorf("OptionSpecs() announce\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestDebugLogFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "uci.log")
	e := New(zerolog.Nop())
	if _, err := e.SetOption(OptDebugLogFile, path); err != nil {
		t.Fatal(err)
	}
	e.LogLine(In, "isready")
	e.LogLine(Out, "readyok")
	e.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Plain lines a person can read, stamped to the millisecond.
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	want := []string{"-- Debug Log File opened", "<< isready", ">> readyok"}
	if len(lines) != len(want) {
		t.Fatalf("debug log %q, want %d lines", b, len(want))
	}
	n := len(debugTimeFormat)
	for i, w := range want {
		l := lines[i]
		if len(l) <= n {
			t.Errorf("debug log line %d = %q, want a timestamp and %q", i+1, l, w)
			continue
		}
		if _, err := time.Parse(debugTimeFormat, l[:n]); err != nil || l[n:] != " "+w {
			t.Errorf("debug log line %d = %q, want a timestamp like %q and %q", i+1, l, debugTimeFormat, w)
		}
	}
}

// runSearch runs Go and returns the outcome, failing after a generous timeout.
func runSearch(t *testing.T, e *Engine, lim Limits) Outcome {
	t.Helper()
	ch := make(chan Outcome, 1)
	if err := e.Go(lim, func(Info) {}, func(o Outcome) { ch <- o }); err != nil {
		t.Fatalf("Go(%+v) = %v", lim, err)
	}
	select {
	case o := <-ch:
		return o
	case <-time.After(30 * time.Second):
		e.Stop()
		t.Fatalf("search with %+v did not finish", lim)
	}
	return Outcome{}
}

func TestGoOutcome(t *testing.T) {
	tests := []struct {
		fen              string
		mated, stalemate bool
	}{
		{movegen.StartFEN, false, false},
		{"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", true, false},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, true},
	}
	e := New(zerolog.Nop())
	defer e.Close()
	for _, tc := range tests {
		if err := e.SetPosition(tc.fen, nil); err != nil {
			t.Fatal(err)
		}
		o := runSearch(t, e, Limits{Depth: 2})
		g := e.Game()
		if o.Mated != tc.mated || o.Stalemate != tc.stalemate {
			t.Errorf("Go(%q): mated=%v stalemate=%v, want %v %v", tc.fen, o.Mated, o.Stalemate, tc.mated, tc.stalemate)
		}
		if noMove := tc.mated || tc.stalemate; noMove != (o.Best == movegen.NoMove) || (!noMove && !isLegal(&g.Position, o.Best)) {
			t.Errorf("Go(%q): best move %s; want a legal move: %v", tc.fen, o.Best, !noMove)
		}
	}
}

// TestGoAbsurdLimits: limits no GUI sends (Go takes them from Go programs
// too, unchecked by the protocol's clamps) are refused with an error that
// wraps ErrLimits, start nothing and leave a running search running; limits
// at the edges of their ranges are taken and give a legal move. Each
// search is bounded by a node limit so that the test ends whatever the
// depth does.
func TestGoAbsurdLimits(t *testing.T) {
	const nodes = 20_000
	refused := []struct {
		name string
		lim  Limits
	}{
		{"negative depth", Limits{Depth: -5}},
		{"depth beyond any ply", Limits{Depth: 1 << 30, Nodes: nodes}},
		{"negative mate", Limits{Mate: -3}},
		{"mate too long", Limits{Mate: MaxMate + 1}},
		{"nodes near overflow", Limits{Nodes: math.MaxUint64}},
		{"soft nodes near overflow", Limits{SoftNodes: MaxNodes + 1}},
		{"negative movetime", Limits{MoveTime: -time.Second}},
		{"huge movetime", Limits{MoveTime: math.MaxInt64}},
		{"negative clock", Limits{HasClock: true, Time: [2]time.Duration{-time.Hour, time.Hour}}},
		{"negative increment", Limits{HasClock: true, Time: [2]time.Duration{time.Hour, time.Hour},
			Inc: [2]time.Duration{0, -time.Second}}},
		{"huge clock", Limits{HasClock: true, Time: [2]time.Duration{1 << 62, 1 << 62}}},
		{"negative moves to go", Limits{HasClock: true, Time: [2]time.Duration{time.Hour, time.Hour}, MovesToGo: -7}},
		{"clock without HasClock", Limits{Time: [2]time.Duration{time.Second, time.Second}}},
		{"no move", Limits{SearchMoves: []movegen.Move{movegen.NoMove}, Nodes: nodes}},
		{"not a move here", Limits{SearchMoves: []movegen.Move{mustParseMove(t, "e2e4"), 0xffff}, Nodes: nodes}},
	}
	e := New(zerolog.Nop())
	defer e.Close()
	g := e.Game()
	ponder := make(chan Outcome, 1)
	if err := e.Go(Limits{Ponder: true}, nil, func(o Outcome) { ponder <- o }); err != nil {
		t.Fatalf("Go(ponder) = %v", err)
	}
	for _, tc := range refused {
		err := e.Go(tc.lim, nil, func(Outcome) { t.Errorf("Go(%s) reported an outcome", tc.name) })
		if !errors.Is(err, ErrLimits) {
			t.Errorf("Go(%s) = %v, want an error wrapping ErrLimits", tc.name, err)
		}
		if !e.Busy() {
			t.Errorf("Go(%s) stopped the ponder search it refused to replace", tc.name)
		}
	}
	e.Stop()
	waitFor(t, ponder, "the ponder search's outcome")

	taken := []struct {
		name string
		lim  Limits
	}{
		{"deepest depth", Limits{Depth: MaxDepth, Nodes: nodes}},
		{"longest mate", Limits{Mate: MaxMate, Nodes: nodes}},
		{"most nodes", Limits{Nodes: MaxNodes, Depth: 3}},
		{"longest movetime", Limits{MoveTime: MaxTime, Nodes: nodes}},
		{"longest clock", Limits{HasClock: true, Time: [2]time.Duration{MaxTime, MaxTime},
			Inc: [2]time.Duration{MaxTime, MaxTime}, MovesToGo: MaxMovesToGo, Nodes: nodes}},
		{"empty clock", Limits{HasClock: true}},
		{"increment without a clock", Limits{Inc: [2]time.Duration{time.Second, time.Second}, Nodes: nodes}},
		{"one node", Limits{Nodes: 1}},
		{"soft nodes above nodes", Limits{SoftNodes: MaxNodes, Nodes: nodes}},
		{"one search move", Limits{SearchMoves: []movegen.Move{mustParseMove(t, "g1f3")}, Nodes: nodes}},
	}
	for _, tc := range taken {
		o := runSearch(t, e, tc.lim)
		if !isLegal(&g.Position, o.Best) {
			t.Errorf("Go(%s) = %s, want a legal move", tc.name, o.Best)
		}
	}
}

// mustParseMove reads a move of the start position.
func mustParseMove(t *testing.T, s string) movegen.Move {
	t.Helper()
	p := movegen.MustParseFEN(movegen.StartFEN)
	m, err := p.ParseMove(s, false)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// waitHeld waits until the running search holds its outcome back (see
// job.held) and fails the test if the outcome is reported instead.
func waitHeld(t *testing.T, e *Engine, ch <-chan Outcome, until string) {
	t.Helper()
	e.mu.Lock()
	run := e.run
	e.mu.Unlock()
	if run == nil {
		t.Fatalf("no search running")
	}
	select {
	case <-run.held:
	case o := <-ch:
		t.Fatalf("outcome %s reported before %s", o.Best, until)
	case <-time.After(30 * time.Second):
		t.Fatalf("the search did not end and hold its outcome in 30 s")
	}
	select {
	case o := <-ch:
		t.Fatalf("outcome %s reported while held, before %s", o.Best, until)
	default:
	}
	if !e.Busy() {
		t.Errorf("Busy() = false while the outcome is held")
	}
}

// TestHeldOutcomes: an infinite search holds its outcome until stop (a
// stray ponderhit does not release it) and a ponder search until
// ponderhit, also when the search itself ended long before, as UCI
// requires; the release then reports it.
func TestHeldOutcomes(t *testing.T) {
	tests := []struct {
		name    string
		lim     Limits
		release string
	}{
		{"infinite", Limits{Infinite: true, Depth: 1}, "stop"},
		{"ponder", Limits{Ponder: true, Depth: 1}, "ponderhit"},
		{"ponder stopped", Limits{Ponder: true, Depth: 1}, "stop"},
	}
	e := New(zerolog.Nop())
	defer e.Close()
	for _, tc := range tests {
		ch := make(chan Outcome, 1)
		e.Go(tc.lim, func(Info) {}, func(o Outcome) { ch <- o })
		if !tc.lim.Ponder {
			e.PonderHit() // a stray one, which must not release it
		}
		waitHeld(t, e, ch, tc.release)
		if tc.release == "ponderhit" {
			e.PonderHit()
		} else {
			e.Stop()
		}
		if o := waitFor(t, ch, tc.name+" outcome after "+tc.release); o.Best == movegen.NoMove {
			t.Errorf("%s search: no best move", tc.name)
		}
		e.Wait()
		if e.Busy() {
			t.Errorf("%s search: Busy() = true after the outcome was reported", tc.name)
		}
	}
}

func TestBenchPositions(t *testing.T) {
	seen := map[string]bool{}
	for _, fen := range benchPositions() {
		p, err := movegen.ParseFEN(fen)
		if err != nil {
			t.Errorf("bench position %q: %v", fen, err)
			continue
		}
		var ml movegen.MoveList
		p.GenerateLegal(&ml)
		if ml.N == 0 {
			t.Errorf("bench position %q has no legal move", fen)
		}
		if seen[fen] {
			t.Errorf("bench position %q listed twice", fen)
		}
		seen[fen] = true
	}
	if n := len(benchPositions()); n < 30 || n > 40 {
		t.Errorf("%d bench positions, want 30 to 40", n)
	}
}

func TestBenchDeterministic(t *testing.T) {
	const depth = 3
	a, b := Bench(depth, nil), Bench(depth, nil)
	if a.Nodes != b.Nodes {
		t.Errorf("Bench(%d) nodes = %d then %d, want equal", depth, a.Nodes, b.Nodes)
	}
	if a.Positions != len(benchPositions()) {
		t.Errorf("Bench(%d) searched %d positions, want %d", depth, a.Positions, len(benchPositions()))
	}
	if s := a.String(); !strings.HasSuffix(s, " nps") || !strings.Contains(s, " nodes ") {
		t.Errorf("BenchResult.String() = %q, want \"N nodes M nps\"", s)
	}
}

func TestSearchThreads(t *testing.T) {
	cpus := runtime.GOMAXPROCS(0)
	for _, tc := range []struct{ n, want int }{{0, 1}, {1, 1}, {cpus, cpus}, {cpus + 1, cpus}, {MaxThreads, min(cpus, MaxThreads)}} {
		if got := SearchThreads(tc.n); got != tc.want {
			t.Errorf("SearchThreads(%d) with GOMAXPROCS %d = %d, want %d", tc.n, cpus, got, tc.want)
		}
	}
}

// TestSyzygyPath: tables load from a directory, a path that is not a
// directory changes nothing that worked, bad files are named in the notes
// and the good ones still used, and "<empty>" turns the tables off.
func TestSyzygyPath(t *testing.T) {
	e := New(zerolog.Nop())
	defer e.Close()
	const kqvk = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"
	tbhits := func() uint64 {
		t.Helper()
		if err := e.SetPosition(kqvk, nil); err != nil {
			t.Fatal(err)
		}
		var last Info
		done := make(chan Outcome, 1)
		e.Go(Limits{Depth: 4}, func(i Info) { last = i }, func(o Outcome) { done <- o })
		<-done
		return last.TBHits
	}
	if n := tbhits(); n != 0 {
		t.Errorf("no SyzygyPath: tbhits %d, want 0", n)
	}
	if _, err := e.SetOption(OptSyzygyPath, "../testdata/syzygy"); err != nil {
		t.Fatalf("SetOption(SyzygyPath): %v", err)
	}
	notes := strings.Join(e.SyzygyNotes(), "\n")
	if !strings.Contains(notes, "14 WDL and 14 DTZ tables, up to 4 pieces") {
		t.Errorf("SyzygyNotes() = %q, want the tables counted", notes)
	}
	if n := tbhits(); n == 0 {
		t.Errorf("SyzygyPath set: tbhits 0 in KQvK")
	}
	if _, err := e.SetOption(OptSyzygyPath, "../go.mod"); err == nil {
		t.Errorf("SetOption(SyzygyPath, a file) succeeded")
	}
	if n := tbhits(); n == 0 || e.Settings().SyzygyPath != "../testdata/syzygy" {
		t.Errorf("a refused SyzygyPath changed the tables: tbhits %d, path %q", n, e.Settings().SyzygyPath)
	}

	dir := t.TempDir()
	good, err := os.ReadFile("../testdata/syzygy/KQvK.rtbw")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "KQvK.rtbw"), good, 0o644)
	os.WriteFile(filepath.Join(dir, "KRvK.rtbw"), good[:len(good)/2], 0o644)
	if _, err := e.SetOption(OptSyzygyPath, dir); err != nil {
		t.Fatalf("SetOption(SyzygyPath, dir with a bad file): %v", err)
	}
	notes = strings.Join(e.SyzygyNotes(), "\n")
	if !strings.Contains(notes, "KRvK.rtbw") || !strings.Contains(notes, "1 WDL and 0 DTZ tables") {
		t.Errorf("SyzygyNotes() = %q, want KRvK.rtbw named and KQvK opened", notes)
	}
	if n := tbhits(); n == 0 {
		t.Errorf("KQvK beside a bad file: tbhits 0")
	}
	if _, err := e.SetOption(OptSyzygyPath, "<empty>"); err != nil {
		t.Fatal(err)
	}
	if n := tbhits(); n != 0 {
		t.Errorf("SyzygyPath <empty>: tbhits %d, want 0", n)
	}
}

// TestSyzygyConverts plays a won tablebase ending out, the engine moving
// for both sides at a shallow depth: with the DTZ tables the winner must
// mate before the fifty-move rule, however little the search itself sees.
func TestSyzygyConverts(t *testing.T) {
	e := New(zerolog.Nop())
	defer e.Close()
	if _, err := e.SetOption(OptSyzygyPath, "../testdata/syzygy"); err != nil {
		t.Fatal(err)
	}
	for _, fen := range []string{
		"8/8/8/4k3/8/8/8/KBN5 w - - 0 1",   // KBNvK, 29 moves from mate
		"8/8/8/3k4/8/8/3r4/Q3K3 b - - 0 1", // KQvKR, Black to move
	} {
		var moves []string
		for ply := 0; ; ply++ {
			if err := e.SetPosition(fen, moves); err != nil {
				t.Fatal(err)
			}
			g := e.Game()
			if g.Position.HalfmoveClock() >= 100 || ply > 200 {
				t.Errorf("%s: not converted after %d plies: %v", fen, ply, moves)
				break
			}
			o := runSearch(t, e, Limits{Depth: 3})
			if o.Mated {
				t.Logf("%s: mate after %d plies", fen, ply)
				break
			}
			if o.Best == movegen.NoMove {
				t.Errorf("%s: no move and no mate after %v", fen, moves)
				break
			}
			moves = append(moves, o.Best.UCI(false))
		}
	}
}
