package uci

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sightline-chess/sightline/movegen"
)

// The protocol stress test's long form: go test ./uci -run Stress -stress 10m
// plays interleavings until the time is up instead of the short form's few;
// -stress.seed replays the interleavings of a failure's message.
var (
	stressFor  = flag.Duration("stress", 0, "run TestProtocolStress for this long instead of its short form")
	stressSeed = flag.Uint64("stress.seed", 0, "first seed of TestProtocolStress (0: from the clock)")
)

// stressDeadline bounds one interleaving, from its first line to the end of
// the output after quit. Its searches are small (a few thousand nodes, tens
// of milliseconds), so even under the race detector on a busy machine an
// interleaving that runs out of it has deadlocked.
const stressDeadline = 90 * time.Second

// TestProtocolStress drives the real loop as a hurried GUI would: random
// interleavings of go (every kind), stop, ponderhit, position, setoption,
// isready and ucinewgame, all written without waiting for any reply, with
// Threads 1 and 2. Every go must get exactly one bestmove, legal in the
// position it searched, every isready one readyok, and the output must end
// after quit within a deadline: a lost bestmove, a doubled one, a deadlock
// or a panic fails it. Run under -race by make test-race.
func TestProtocolStress(t *testing.T) {
	seed := *stressSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	n, commands := 16, 40
	if testing.Short() {
		n = 8
	}
	var until time.Time
	if *stressFor > 0 {
		until = time.Now().Add(*stressFor)
	}
	ran, gos := 0, 0
	for i := 0; ; i++ {
		if until.IsZero() && i == n || !until.IsZero() && !time.Now().Before(until) {
			break
		}
		s := seed + uint64(i)
		threads := 1 + i%2
		g, ok := stressInterleaving(t, s, threads, commands)
		if !ok {
			t.Fatalf("interleaving with -stress.seed %d (Threads %d) failed", s, threads)
		}
		ran, gos = ran+1, gos+g
	}
	t.Logf("%d interleavings of %d commands (%d go), seeds %d to %d", ran, commands, gos, seed, seed+uint64(ran)-1)
}

// stressGo is one go command of an interleaving and the position it
// searches, to check its bestmove against.
type stressGo struct {
	line string
	pos  movegen.Position
}

// stressInterleaving plays one random interleaving of commands lines (then
// isready and quit) on a fresh loop and reports how many go commands it
// sent and whether every check held, having logged what did not.
func stressInterleaving(t *testing.T, seed uint64, threads, commands int) (int, bool) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed))
	start, _ := movegen.ParseFEN(movegen.StartFEN)
	pos := start // the position the loop holds once it has read every line so far
	lines := []string{fmt.Sprintf("setoption name Threads value %d", threads)}
	var gos []stressGo
	readies := 0
	for range commands {
		var l string
		switch k := rng.IntN(16); {
		case k < 4:
			l = stressGoLine(rng)
			gos = append(gos, stressGo{l, pos})
		case k < 6:
			l = "stop"
		case k < 7:
			l = "ponderhit"
		case k < 9:
			l, pos = stressPosition(rng, pos)
		case k < 12:
			l = stressOption(rng)
		case k < 14:
			l = "isready"
			readies++
		default:
			l = "ucinewgame"
			pos = start
		}
		lines = append(lines, l)
	}
	lines = append(lines, "isready", "quit")
	readies++

	c, status := startLoop(t)
	written := make(chan error, 1)
	go func() {
		// One write: the loop reads lines as it gets to them, and this
		// goroutine, not the test's, is the one a stuck loop would block.
		_, err := io.WriteString(c.in, strings.Join(lines, "\n")+"\n")
		written <- err
	}()

	fail := func(format string, args ...any) (int, bool) {
		t.Helper()
		t.Errorf(format, args...)
		t.Logf("input:\n%s", strings.Join(lines, "\n"))
		t.Logf("last output: %q", c.tail())
		return len(gos), false
	}
	deadline := time.NewTimer(stressDeadline)
	defer deadline.Stop()
	var bestmoves, readyoks int
	for ended := false; !ended; {
		select {
		case l, ok := <-c.lines:
			if !ok {
				ended = true
				break
			}
			c.seen = append(c.seen, l)
			switch f := strings.Fields(l); {
			case len(f) == 0:
				return fail("empty output line")
			case f[0] == "readyok":
				readyoks++
			case f[0] == "bestmove":
				if bestmoves >= len(gos) {
					return fail("bestmove %d %q for %d go commands", bestmoves+1, l, len(gos))
				}
				if err := stressCheckBestMove(l, gos[bestmoves].pos); err != nil {
					return fail("go %d (%q): %v", bestmoves+1, gos[bestmoves].line, err)
				}
				bestmoves++
			case f[0] != "info":
				// One writer, whole lines: anything else is a torn or stray line.
				return fail("unexpected output line %q", l)
			}
		case <-deadline.C:
			buf := make([]byte, 1<<20)
			buf = buf[:runtime.Stack(buf, true)]
			return fail("output did not end within %v of the first line (deadlock?); goroutines:\n%s", stressDeadline, buf)
		}
	}
	if err := <-written; err != nil {
		return fail("writing the input: %v", err)
	}
	if s := <-status; s != 0 {
		return fail("Run returned %d, want 0", s)
	}
	if bestmoves != len(gos) || readyoks != readies {
		return fail("%d bestmove for %d go, %d readyok for %d isready", bestmoves, len(gos), readyoks, readies)
	}
	return len(gos), true
}

// stressCheckBestMove checks a bestmove line against the position searched:
// "bestmove (none)" exactly when there is no legal move.
func stressCheckBestMove(line string, pos movegen.Position) error {
	var ml movegen.MoveList
	pos.GenerateLegal(&ml)
	if ml.N == 0 {
		if line != "bestmove (none)" {
			return fmt.Errorf("%q in %s, which has no legal move", line, pos.String())
		}
		return nil
	}
	return checkBestMove(line, pos, false)
}

// stressGoLine returns a go command whose search is short: by depth, nodes,
// time or clock, or one that runs until stop or ponderhit (the interleaving
// ends with quit, which stops it).
func stressGoLine(rng *rand.Rand) string {
	switch rng.IntN(7) {
	case 0:
		return fmt.Sprintf("go depth %d", 1+rng.IntN(4))
	case 1:
		return fmt.Sprintf("go nodes %d", 1+rng.IntN(20000))
	case 2:
		return fmt.Sprintf("go movetime %d", rng.IntN(30))
	case 3:
		return "go infinite"
	case 4:
		return fmt.Sprintf("go ponder wtime %d btime %d winc 10 binc 10", 10+rng.IntN(2000), 10+rng.IntN(2000))
	case 5:
		return fmt.Sprintf("go wtime %d btime %d movestogo %d", rng.IntN(500), rng.IntN(500), 1+rng.IntN(40))
	default:
		return fmt.Sprintf("go wtime %d btime %d winc %d binc %d", rng.IntN(1000), rng.IntN(1000), rng.IntN(20), rng.IntN(20))
	}
}

// stressFENs are positions beside the random games: one checkmated and one
// stalemated (a search of them says bestmove (none)), and a few-piece ending.
var stressFENs = []string{
	"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
	"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
	"8/8/4k3/8/3PK3/8/8/8 w - - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
}

// stressPosition returns a position command and the position the loop holds
// after it: a random game from the start, one of stressFENs with a random
// move or two, sometimes with an illegal move after them (the loop keeps
// the moves before it), or (rarely) a malformed FEN that must leave cur in
// place.
func stressPosition(rng *rand.Rand, cur movegen.Position) (string, movegen.Position) {
	if rng.IntN(8) == 0 {
		return "position fen 8/8/8/8/8/8/8/8 w - - 0 1", cur
	}
	fen, head := movegen.StartFEN, "position startpos"
	plies := rng.IntN(30)
	if rng.IntN(3) == 0 {
		fen = stressFENs[rng.IntN(len(stressFENs))]
		head = "position fen " + fen
		plies = rng.IntN(3)
	}
	p, err := movegen.ParseFEN(fen)
	if err != nil {
		panic(fmt.Sprintf("stressFENs: %q: %v", fen, err)) // the test's own table
	}
	var moves []string
	for range plies {
		var ml movegen.MoveList
		p.GenerateLegal(&ml)
		if ml.N == 0 {
			break
		}
		m := ml.Moves[rng.IntN(ml.N)]
		moves = append(moves, m.UCI(false))
		p.MakeMove(m)
	}
	if rng.IntN(8) == 0 {
		moves = append(moves, "a1a1")
	}
	if len(moves) > 0 {
		head += " moves " + strings.Join(moves, " ")
	}
	return head, p
}

// stressOption returns a setoption a GUI sends between or during games.
// Hash and Clear Hash are refused during a search, with an info string.
func stressOption(rng *rand.Rand) string {
	switch rng.IntN(8) {
	case 0:
		return fmt.Sprintf("setoption name Hash value %d", 1+rng.IntN(16))
	case 1:
		return "setoption name Clear Hash"
	case 2:
		return fmt.Sprintf("setoption name Threads value %d", 1+rng.IntN(2))
	case 3:
		return fmt.Sprintf("setoption name MultiPV value %d", 1+rng.IntN(4))
	case 4:
		return fmt.Sprintf("setoption name Ponder value %t", rng.IntN(2) == 0)
	case 5:
		return fmt.Sprintf("setoption name UCI_LimitStrength value %t", rng.IntN(4) == 0)
	case 6:
		return fmt.Sprintf("setoption name UCI_ShowWDL value %t", rng.IntN(2) == 0)
	default:
		return fmt.Sprintf("setoption name Move Overhead value %d", rng.IntN(100))
	}
}
