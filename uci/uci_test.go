package uci

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sightline-chess/sightline/engine"
	"github.com/sightline-chess/sightline/movegen"
)

func TestHandshake(t *testing.T) {
	c, _ := startLoop(t)
	c.send("uci")
	_, before := c.waitFor("uciok")
	text := strings.Join(before, "\n")
	for _, want := range []string{
		"id name Sightline ", "id author ",
		"option name Hash type spin default 16 min 1 max 65536",
		"option name Threads type spin default 1 min 1 max 256",
		"option name MultiPV type spin default 1 min 1 max 256",
		"option name Ponder type check default false",
		"option name Move Overhead type spin default 30 min 0 max 5000",
		"option name Clear Hash type button",
		"option name UCI_Chess960 type check default false",
		"option name Debug Log File type string",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("uci reply lacks %q:\n%s", want, text)
		}
	}
	c.send("isready")
	c.waitFor("readyok")
}

// TestBadInput sends each bad line after a valid position, then isready and
// go depth 4: the loop must answer readyok and play a legal move of the
// position set before the bad line.
func TestBadInput(t *testing.T) {
	huge := "position startpos moves " + strings.Repeat("e2e4 ", 300_000) // over the line limit
	tests := []struct {
		line      string
		wantInfo  bool // an "info string" must explain the problem
		bestmoves int  // bestmove lines the bad line itself causes
	}{
		{"xyzzy", true, 0},
		{"\x00\x01\x02\xff garbage", true, 0},
		{"position", true, 0},
		{"position fen", true, 0},
		{"position kiwipete", true, 0},
		{"position startpos e2e4", true, 0},
		{"position fen 8/8/8/8/8/8/8/8 w - - 0 1", true, 0},
		{"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", true, 0},
		{"position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true, 0},
		{"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", true, 0},
		{"position fen 4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", true, 0},
		{"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", true, 0},
		{"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1", true, 0},
		{"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", true, 0},
		// An illegal move keeps the moves before it (TestIllegalMoveKeepsPrefix):
		// here the two valid ones.
		{"position startpos moves e2e4 e7e5 e1e3", true, 0},
		{"position startpos moves e2e4 e7e5 xx g1f3", true, 0},
		{huge, true, 0},
		{"go depth five", true, 1},
		{"go wtime 4824.02 btime 5000.5", true, 1},
		{"go depth", true, 1},
		{"go fast", true, 1},
		{"go searchmoves", true, 1},
		{"go depth 2 searchmoves e2e5", true, 1},
		{"go depth 2 searchmoves zz g1f3", true, 1},
		{"go perft 0", true, 0},
		{"go perft 99", true, 0},
		{"go depth -3", true, 1},
		{"go depth 0", true, 1},
		{"go depth 10000", true, 1},
		{"go nodes -5", true, 1},
		{"go wtime -50 btime -50", true, 1},
		{"go movetime -1", true, 1},
		{"go mate -2 depth 2", true, 1},
		{"go movestogo 0 wtime 100 btime 100", true, 1},
		{"go infinite", false, 1},
		{"go winc 100", true, 1},
		{"go movestogo 5", true, 1},
		{"go ponder", false, 1},
		{"setoption name Hash value 0", true, 0},
		{"setoption name Hash value 99999999", true, 0},
		{"setoption name Threads value many", true, 0},
		{"setoption name NoSuchOption value 1", true, 0},
		{"setoption name", true, 0},
		{"setoption name UCI_Chess960 value maybe", true, 0},
		{"setoption name Move Overhead value -1", true, 0},
		{"debug sideways", true, 0},
		{"isready now", false, 0},
		{"stop", false, 0},
		{"ponderhit", false, 0},
	}
	valid := []string{"e2e4", "e7e5"}
	pos := play(t, "", valid...)
	for _, tc := range tests {
		name := tc.line
		if len(name) > 40 {
			name = name[:40]
		}
		t.Run(name, func(t *testing.T) {
			c, _ := startLoop(t)
			c.send("position startpos moves "+strings.Join(valid, " "), tc.line, "isready")
			_, before := c.waitFor("readyok")
			c.send("go depth 4")
			if tc.wantInfo && !containsPrefix(before, "info string") {
				t.Errorf("%q: no info string before readyok; got %q", tc.line, before)
			}
			// The bad line's own search may have ended before readyok.
			pending := tc.bestmoves
			for _, l := range before {
				if strings.HasPrefix(l, "bestmove") {
					if err := checkBestMove(l, pos, false); err != nil {
						t.Error(err)
					}
					pending--
				}
			}
			for i := 0; i < pending; i++ {
				c.bestMove(pos, false)
			}
			c.bestMove(pos, false)
			c.send("isready")
			_, after := c.waitFor("readyok")
			if containsPrefix(after, "bestmove") {
				t.Errorf("%q: more bestmoves than go commands: %q", tc.line, after)
			}
		})
	}
}

// TestIllegalMoveKeepsPrefix checks that "position ... moves" with an
// illegal or malformed move plays the moves before it, says which move it
// refused, and searches from there, as Stockfish does.
func TestIllegalMoveKeepsPrefix(t *testing.T) {
	tests := []struct {
		line   string
		played []string // the moves that must have been played
		ply    string   // the refused move's ply, as the info string names it
	}{
		{"position startpos moves e2e4 e2e4", []string{"e2e4"}, "ply 2"},
		{"position startpos moves e2e4 e7e5 g1f3 xx b8c6", []string{"e2e4", "e7e5", "g1f3"}, "ply 4"},
		{"position startpos moves e7e8q", nil, "ply 1"},
		{"position startpos moves e2e4 e7e5 e1g1", []string{"e2e4", "e7e5"}, "ply 3"},
	}
	for _, tc := range tests {
		c, _ := startLoop(t)
		c.send("position startpos moves d2d4", tc.line, "isready")
		_, before := c.waitFor("readyok")
		if len(before) != 1 || !strings.HasPrefix(before[0], "info string position: "+tc.ply+": ") {
			t.Errorf("%q: said %q, want one info string naming %s", tc.line, before, tc.ply)
		}
		c.send("go depth 3")
		c.bestMove(play(t, "", tc.played...), false)
	}
}

// TestTrailingWordsIgnored checks that a command that takes no arguments
// works with words after it, as with Stockfish.
func TestTrailingWordsIgnored(t *testing.T) {
	c, status := startLoop(t)
	c.send("uci extra words")
	c.waitFor("uciok")
	c.send("isready now")
	if _, before := c.waitFor("readyok"); len(before) != 0 {
		t.Errorf("isready now: said %q before readyok", before)
	}
	c.send("go infinite", "stop x")
	c.bestMove(play(t, ""), false)
	c.send("ucinewgame please", "quit now")
	select {
	case <-status:
	case <-time.After(replyTimeout):
		t.Fatal("quit now: the loop did not end")
	}
}
func containsPrefix(lines []string, prefix string) bool { return countPrefix(lines, prefix) > 0 }

// countPrefix returns how many of lines start with prefix.
func countPrefix(lines []string, prefix string) int {
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

// TestLongGame sends a position with over 300 plies, as Arena does late in
// a long game, and checks the board and the reply.
func TestLongGame(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	pos := movegen.MustParseFEN(movegen.StartFEN)
	var moves []string
	for len(moves) < 320 {
		var ml movegen.MoveList
		pos.GenerateLegal(&ml)
		if ml.N == 0 {
			pos, moves = movegen.MustParseFEN(movegen.StartFEN), nil
			continue
		}
		m := ml.Moves[rng.Intn(ml.N)]
		moves = append(moves, m.String())
		pos.MakeMove(m)
	}
	var ml movegen.MoveList
	if pos.GenerateLegal(&ml); ml.N == 0 {
		t.Skip("the random game ended; pick another seed")
	}
	c, _ := startLoop(t)
	c.send("position startpos moves "+strings.Join(moves, " "), "d")
	line, _ := c.waitFor("Fen: ")
	if got := strings.TrimPrefix(line, "Fen: "); got != pos.String() {
		t.Errorf("after %d plies, d shows %s, want %s", len(moves), got, pos.String())
	}
	c.send("go depth 4")
	c.bestMove(pos, false)
}

var bestMoveLine = regexp.MustCompile(`^bestmove (\(none\)|[a-h][1-8][a-h][1-8][nbrq]?( ponder [a-h][1-8][a-h][1-8][nbrq]?)?)$`)

// currmoveLine is the line a search over a second old sends as it starts
// each root move; a slow machine (the race detector, a loaded CI) reaches
// it even at depth 5.
var currmoveLine = regexp.MustCompile(`^info depth \d+ currmove [a-h][1-8][a-h][1-8][nbrq]? currmovenumber \d+$`)

var infoLine = regexp.MustCompile(`^info depth \d+ seldepth \d+ multipv \d+ score (cp -?\d+|mate -?\d+)( lowerbound| upperbound)? nodes \d+ nps \d+ hashfull \d+ tbhits \d+ time \d+( pv( [a-h][1-8][a-h][1-8][nbrq]?)+)?$`)

func TestInfoLines(t *testing.T) {
	c, _ := startLoop(t)
	c.send("setoption name MultiPV value 3", "position startpos moves d2d4", "go depth 5")
	pos := play(t, "", "d2d4")
	_, before := c.waitFor("bestmove")
	multipv := map[string]bool{}
	for _, l := range before {
		if strings.HasPrefix(l, "info string") {
			t.Errorf("unexpected %q", l)
			continue
		}
		if currmoveLine.MatchString(l) {
			continue
		}
		if !infoLine.MatchString(l) {
			t.Errorf("info line %q does not match %s", l, infoLine)
			continue
		}
		f := strings.Fields(l)
		multipv[f[6]] = true
		if i := indexOf(f, "pv"); i >= 0 {
			p := pos
			for _, s := range f[i+1:] {
				m, err := p.ParseMove(s, false)
				if err != nil {
					t.Errorf("%q: pv move %s: %v", l, s, err)
					break
				}
				p.MakeMove(m)
			}
		}
	}
	for _, k := range []string{"1", "2", "3"} {
		if !multipv[k] {
			t.Errorf("MultiPV 3: no info line with multipv %s in %q", k, before)
		}
	}
}

func indexOf(f []string, s string) int {
	for i, x := range f {
		if x == s {
			return i
		}
	}
	return -1
}

func TestNoLegalMove(t *testing.T) {
	tests := []struct{ fen, score string }{
		{"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "score mate 0"},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "score cp 0"},
	}
	for _, tc := range tests {
		c, _ := startLoop(t)
		c.send("position fen "+tc.fen, "go depth 3")
		line, before := c.waitFor("bestmove")
		if line != "bestmove (none)" {
			t.Errorf("%s: %q, want bestmove (none)", tc.fen, line)
		}
		if len(before) == 0 || !strings.Contains(before[len(before)-1], tc.score) {
			t.Errorf("%s: last info %q, want one with %q", tc.fen, before, tc.score)
		}
	}
}

func TestStopInfinite(t *testing.T) {
	c, _ := startLoop(t)
	c.send("setoption name Threads value 2", "position startpos", "go infinite")
	c.waitFor("info depth") // the search is under way
	c.send("isready")
	_, before := c.waitFor("readyok")
	if containsPrefix(before, "bestmove") {
		t.Fatalf("bestmove before stop in go infinite: %q", before)
	}
	start := time.Now()
	c.send("stop")
	c.bestMove(play(t, ""), false)
	t.Logf("bestmove %v after stop", time.Since(start))
	if d := time.Since(start); d > time.Second {
		t.Errorf("bestmove came %v after stop", d)
	}
}

func TestPonder(t *testing.T) {
	c, _ := startLoop(t)
	c.send("setoption name Ponder value true", "position startpos moves e2e4 c7c5", "go ponder wtime 2000 btime 2000 winc 10 binc 10")
	c.waitFor("info depth")
	c.send("isready")
	_, before := c.waitFor("readyok")
	if containsPrefix(before, "bestmove") {
		t.Fatalf("bestmove while pondering: %q", before)
	}
	c.send("ponderhit")
	c.bestMove(play(t, "", "e2e4", "c7c5"), false)
}

// TestPonderMiss is the GUI's path when the opponent plays another move:
// stop, wait for bestmove, then search the new position.
func TestPonderMiss(t *testing.T) {
	c, _ := startLoop(t)
	c.send("position startpos moves e2e4 c7c5", "go ponder wtime 2000 btime 2000")
	c.send("stop")
	c.bestMove(play(t, "", "e2e4", "c7c5"), false)
	c.send("position startpos moves e2e4 e7e5", "go wtime 2000 btime 2000")
	c.bestMove(play(t, "", "e2e4", "e7e5"), false)
}

func TestGoWhileSearching(t *testing.T) {
	c, _ := startLoop(t)
	pos := play(t, "")
	c.send("position startpos", "go infinite", "go depth 2")
	c.bestMove(pos, false)
	c.bestMove(pos, false)
}

func TestQuitDuringSearch(t *testing.T) {
	c, status := startLoop(t)
	c.send("go infinite", "quit")
	c.bestMove(play(t, ""), false)
	select {
	case s := <-status:
		if s != 0 {
			t.Errorf("Run returned %d after quit, want 0", s)
		}
	case <-time.After(replyTimeout):
		t.Fatal("Run did not return after quit")
	}
}

func TestEndOfInput(t *testing.T) {
	c, status := startLoop(t)
	c.send("isready")
	c.waitFor("readyok")
	c.in.Close()
	select {
	case s := <-status:
		if s != 0 {
			t.Errorf("Run returned %d at end of input, want 0", s)
		}
	case <-time.After(replyTimeout):
		t.Fatal("Run did not return at end of input")
	}
}

func TestChess960Castling(t *testing.T) {
	const fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	pos := play(t, fen)
	c, _ := startLoop(t)
	c.send("position fen "+fen, "go depth 1 searchmoves e1g1")
	if m := c.bestMove(pos, false); m != "e1g1" {
		t.Errorf("standard castling written %s, want e1g1", m)
	}
	c.send("setoption name UCI_Chess960 value true", "position fen "+fen, "go depth 1 searchmoves e1h1")
	if m := c.bestMove(pos, true); m != "e1h1" {
		t.Errorf("Chess960 castling written %s, want e1h1", m)
	}
	c.send("go perft 1")
	_, before := c.waitFor("Nodes searched")
	if !containsPrefix(before, "e1h1: 1") || !containsPrefix(before, "e1a1: 1") {
		t.Errorf("Chess960 perft divide lacks e1h1/e1a1: %q", before)
	}
}

// TestChess960PositionWithoutOption sends Chess960 positions with
// UCI_Chess960 off. Their castling cannot be written as the king's two-square
// step without clashing with a king move ("b1c1") or naming no move
// ("g1g1"), so the engine says so and uses king takes rook throughout.
func TestChess960PositionWithoutOption(t *testing.T) {
	c, _ := startLoop(t)
	const clash = "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1"
	c.send("position fen "+clash, "go perft 1")
	_, before := c.waitFor("Nodes searched")
	if !containsPrefix(before, "info string castling here is Chess960's") {
		t.Errorf("no info string about the notation: %q", before)
	}
	seen := map[string]bool{}
	for _, l := range before {
		if strings.Contains(l, ": ") && !strings.HasPrefix(l, "info") {
			if seen[l] {
				t.Errorf("perft divide lists %q twice", l)
			}
			seen[l] = true
		}
	}
	if !seen["b1a1: 1"] || !seen["b1h1: 1"] {
		t.Errorf("perft divide lacks castling as b1a1 and b1h1: %q", before)
	}

	const inPlace = "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1"
	c.send("position fen "+inPlace, "go depth 3 searchmoves g1h1")
	if m := c.bestMove(play(t, inPlace), true); m != "g1h1" {
		t.Errorf("castling with the king in place written %s, want g1h1", m)
	}
	// A game from the standard start keeps the standard notation.
	c.send("position startpos", "isready")
	if _, before := c.waitFor("readyok"); containsPrefix(before, "info string") {
		t.Errorf("the start position got an info string: %q", before)
	}
}

// A searchmoves entry that is not legal is left out with an info string, and
// the search still answers: a GUI that sent it waits for a bestmove. With no
// legal entry at all, every move is searched.
func TestSearchMovesNotLegal(t *testing.T) {
	c, _ := startLoop(t)
	pos := play(t, "")
	c.send("position startpos", "go depth 3 searchmoves e2e5 d2d4 zz")
	line, before := c.waitFor("bestmove")
	if err := checkBestMove(line, pos, false); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(line, "bestmove d2d4") {
		t.Errorf("searchmoves e2e5 d2d4 zz: got %q, want bestmove d2d4", line)
	}
	if warned := countPrefix(before, "info string go searchmoves"); warned != 2 {
		t.Errorf("want an info string for each of e2e5 and zz, got %d in %q", warned, before)
	}
	c.send("go depth 2 searchmoves e2e5 a1a8")
	line, before = c.waitFor("bestmove")
	if err := checkBestMove(line, pos, false); err != nil {
		t.Fatal(err)
	}
	if !containsPrefix(before, "info string go searchmoves: no listed move is legal") {
		t.Errorf("no info string saying every move is searched: %q", before)
	}
}

func TestPerftDivide(t *testing.T) {
	c, _ := startLoop(t)
	c.send("position startpos", "go perft 3")
	line, before := c.waitFor("Nodes searched")
	if line != "Nodes searched: 8902" {
		t.Errorf("go perft 3 = %q, want Nodes searched: 8902", line)
	}
	n := 0
	for _, l := range before {
		if strings.Contains(l, ": ") {
			n++
		}
	}
	if n != 20 {
		t.Errorf("go perft 3 divided into %d moves, want 20: %q", n, before)
	}
}

func TestDisplayAndEval(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"
	c, _ := startLoop(t)
	c.send("position fen   "+fen+"\r", "d")
	_, before := c.waitFor("Checkers:")
	text := strings.Join(before, "\n")
	if !strings.Contains(text, "Fen: "+fen) || !regexp.MustCompile(`Key: [0-9A-F]{16}`).MatchString(text) {
		t.Errorf("d output lacks FEN or key:\n%s", text)
	}
	c.send("isready")
	line, _ := c.waitFor("readyok")
	_ = line
	c.send("d")
	checkers, _ := c.waitFor("Checkers:")
	if strings.TrimSpace(strings.TrimPrefix(checkers, "Checkers:")) != "e2" {
		t.Errorf("d: %q, want Checkers: e2", checkers)
	}
	c.send("eval", "isready")
	_, before = c.waitFor("readyok")
	if len(before) == 0 || containsPrefix(before, "info string") {
		t.Errorf("eval printed %q", before)
	}
}

func TestDebugLogFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "debug log.txt")
	c, _ := startLoop(t)
	c.send("setoption name Debug Log File value "+path, "isready")
	c.waitFor("readyok")
	c.send("setoption name Debug Log File value <empty>", "isready")
	c.waitFor("readyok")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Every line in and out, each a plain line stamped to the millisecond.
	want := []string{"-- Debug Log File opened", "<< isready", ">> readyok", "<< setoption name Debug Log File value <empty>"}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != len(want) {
		t.Fatalf("debug log:\n%s\nwant %d lines", b, len(want))
	}
	for i, w := range want {
		re := regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} ` + regexp.QuoteMeta(w) + "$")
		if !re.MatchString(lines[i]) {
			t.Errorf("debug log line %d = %q, want a millisecond timestamp and %q", i+1, lines[i], w)
		}
	}
}

func TestBenchCommand(t *testing.T) {
	c, _ := startLoop(t)
	c.send("bench 2")
	deadline := time.After(replyTimeout)
	re := regexp.MustCompile(`^\d+ nodes \d+ nps$`)
	for {
		select {
		case l := <-c.lines:
			if re.MatchString(l) {
				return
			}
			if !strings.HasPrefix(l, "info string position ") {
				t.Fatalf("bench printed %q", l)
			}
		case <-deadline:
			t.Fatal("bench did not finish")
		}
	}
}

// TestThreadsAboveCPUs checks that a Threads value beyond the CPUs is
// accepted, said to be capped, and searched with the capped count: 256
// uncapped threads on a few CPUs answer "go movetime 100" many seconds late.
func TestThreadsAboveCPUs(t *testing.T) {
	want := fmt.Sprintf("searches use %d", engine.SearchThreads(engine.MaxThreads))
	c, _ := startLoop(t)
	c.send("setoption name threads value 256", "isready")
	_, before := c.waitFor("readyok")
	if !slices.ContainsFunc(before, func(l string) bool { return strings.HasPrefix(l, "info string") && strings.Contains(l, want) }) {
		t.Errorf("setoption Threads 256: want an info string saying %q, got %q", want, before)
	}
	c.send("position startpos", "go movetime 100")
	c.bestMove(play(t, ""), false)
}
