package uci

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/notnil/chess"
	notnil "github.com/notnil/chess/uci"
)

// The end-to-end tests build the real binary once and talk to it as a GUI does.
var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	// builtRev is the commit checked out while the binary was built (short
	// form), what its version must name; "" outside a git checkout or if
	// HEAD moved during the build.
	builtRev string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

// binary builds ./sightline from the module root into a temporary directory.
func binary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "sightline-e2e")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "sightline")
		head := func() string {
			out, _ := exec.Command("git", "rev-parse", "--short=7", "HEAD").Output()
			return strings.TrimSpace(string(out))
		}
		before := head()
		// -buildvcs=auto, as make builds: the commit goes into the version.
		out, err := exec.Command("go", "build", "-buildvcs=auto", "-o", binPath, "..").CombinedOutput()
		if err != nil {
			buildErr = errors.New(string(out) + err.Error())
		}
		// A commit made during the build (a shared checkout) leaves it
		// unknown which one the binary names.
		if after := head(); after == before {
			builtRev = before
		}
	})
	if buildErr != nil {
		t.Fatalf("go build: %v", buildErr)
	}
	return binPath
}

// TestBinaryPlaysLegalGame lets notnil/chess's UCI driver play the binary
// against itself as a GUI would, checking every bestmove with notnil's rules.
func TestBinaryPlaysLegalGame(t *testing.T) {
	bin := binary(t)
	eng, err := notnil.New(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	done := make(chan error, 1)
	var plies int
	go func() {
		done <- func() error {
			if err := eng.Run(notnil.CmdUCI, notnil.CmdIsReady, notnil.CmdUCINewGame); err != nil {
				return err
			}
			if eng.ID()["name"] == "" {
				return errors.New("no id name")
			}
			game := chess.NewGame()
			for plies = 0; plies < 80 && game.Outcome() == chess.NoOutcome; plies++ {
				cmdPos := notnil.CmdPosition{Position: chess.StartingPosition(), Moves: game.Moves()}
				if err := eng.Run(cmdPos, notnil.CmdGo{MoveTime: 20 * time.Millisecond}); err != nil {
					return err
				}
				best := eng.SearchResults().BestMove
				if best == nil {
					return errors.New("no bestmove")
				}
				m, err := chess.UCINotation{}.Decode(game.Position(), best.String())
				if err == nil {
					err = game.Move(m)
				}
				if err != nil {
					return errors.New("illegal bestmove " + best.String() + " in " + game.Position().String() + ": " + err.Error())
				}
			}
			return nil
		}()
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("after %d plies: %v", plies, err)
		}
		t.Logf("%d legal plies", plies)
	case <-time.After(5 * time.Minute):
		t.Fatal("game did not finish in 5 minutes")
	}
}

// startBinary runs the binary with args and returns a client on its pipes.
func startBinary(t *testing.T, args ...string) (*client, *exec.Cmd, *bytes.Buffer) {
	cmd := exec.Command(binary(t), args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		in.Close()
		cmd.Process.Kill()
		cmd.Wait()
	})
	return newClient(t, in, out), cmd, &stderr
}

// protocolLine matches every line the engine may write on stdout.
var protocolLine = regexp.MustCompile(`^(id (name|author) |option name |uciok$|readyok$|info |bestmove |Sightline .+ by the Sightline developers$)`)

func TestBinaryStopPonderQuit(t *testing.T) {
	c, cmd, stderr := startBinary(t, "-log-level", "debug")
	c.send("uci")
	c.waitFor("uciok")
	c.send("setoption name Threads value 2", "setoption name Hash value 32", "isready")
	c.waitFor("readyok")

	// Stop during go infinite, a few times: the answer must be prompt.
	var lags []time.Duration
	start := play(t, "")
	for i := 0; i < 5; i++ {
		c.send("position startpos", "go infinite")
		c.waitFor("info depth 6")
		t0 := time.Now()
		c.send("stop")
		c.bestMove(start, false)
		lags = append(lags, time.Since(t0))
	}
	sort.Slice(lags, func(i, j int) bool { return lags[i] < lags[j] })
	t.Logf("stop to bestmove: %v", lags)
	// The fastest of five, so that a busy machine descheduling the process
	// once or twice does not fail the test; a stop that is not honoured
	// fails all five.
	if lags[0] > 100*time.Millisecond {
		t.Errorf("fastest time from stop to bestmove %v, want under 100ms (all: %v)", lags[0], lags)
	}

	// Ponder, then ponderhit: bestmove only after the hit.
	c.send("setoption name Ponder value true", "position startpos moves e2e4 e7e5 g1f3", "go ponder wtime 3000 btime 3000 winc 30 binc 30")
	c.waitFor("info depth")
	c.send("isready")
	if _, before := c.waitFor("readyok"); containsPrefix(before, "bestmove") {
		t.Fatalf("bestmove while pondering: %q", before)
	}
	c.send("ponderhit")
	c.bestMove(play(t, "", "e2e4", "e7e5", "g1f3"), false)

	// A timed move from a sudden-death clock.
	c.send("position startpos moves d2d4", "go wtime 500 btime 500")
	c.bestMove(play(t, "", "d2d4"), false)

	c.send("quit")
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("exit after quit: %v", err)
		}
	case <-time.After(replyTimeout):
		t.Fatal("the engine did not exit after quit")
	}
	for _, l := range c.seen {
		if !protocolLine.MatchString(l) {
			t.Errorf("stdout carries a non-protocol line %q", l)
		}
	}
	if !strings.Contains(stderr.String(), "search done") {
		t.Errorf("-log-level debug wrote no search log to stderr: %q", stderr.String())
	}
}

func TestBinaryBenchDeterministic(t *testing.T) {
	bin := binary(t)
	re := regexp.MustCompile(`^(\d+) nodes (\d+) nps$`)
	var counts []string
	for i := 0; i < 2; i++ {
		var stdout, stderr bytes.Buffer
		cmd := exec.Command(bin, "bench")
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		t0 := time.Now()
		if err := cmd.Run(); err != nil {
			t.Fatalf("sightline bench: %v\n%s", err, stderr.String())
		}
		lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
		last := lines[len(lines)-1]
		m := re.FindStringSubmatch(last)
		if m == nil {
			t.Fatalf("bench last line %q, want \"N nodes M nps\"", last)
		}
		t.Logf("bench: %s in %v", last, time.Since(t0))
		counts = append(counts, m[1])
	}
	if counts[0] != counts[1] {
		t.Errorf("bench nodes %s then %s, want equal", counts[0], counts[1])
	}
}

// TestBinaryVersion checks that the binary names its release and, when built
// in a git checkout, the commit it was built from, in its start-up banner,
// in "id name" and in `sightline version`.
func TestBinaryVersion(t *testing.T) {
	bin := binary(t)
	want := `\d+\.\d+\.\d+( \([0-9a-f]{7}(, modified)?\))?`
	if builtRev != "" {
		want = `\d+\.\d+\.\d+ \(` + builtRev + `(, modified)?\)`
	}
	c, _, _ := startBinary(t)
	if line, before := c.waitFor("Sightline "); len(before) > 0 || !regexp.MustCompile(`^Sightline `+want+` by the Sightline developers$`).MatchString(line) {
		t.Errorf("first lines %q, want the banner Sightline %s by the Sightline developers", append(before, line), want)
	}
	c.send("uci")
	if line, _ := c.waitFor("id name"); !regexp.MustCompile(`^id name Sightline ` + want + `$`).MatchString(line) {
		t.Errorf("uci: %q, want id name Sightline %s", line, want)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil || !regexp.MustCompile(`^Sightline `+want+"\n$").Match(out) {
		t.Errorf("sightline version = %q, %v; want Sightline %s", out, err, want)
	}
}

func TestBinaryExitStatus(t *testing.T) {
	bin := binary(t)
	tests := []struct {
		args []string
		want int
	}{
		{[]string{"help"}, 0},
		{[]string{"nosuchcommand"}, 2},
		{[]string{"bench", "x"}, 2},
		{[]string{"-log-level", "loud"}, 2},
		{[]string{"perft", "-depth", "2"}, 0},
	}
	for _, tc := range tests {
		err := exec.Command(bin, tc.args...).Run()
		got := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			got = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("sightline %q exit status %d, want %d", tc.args, got, tc.want)
		}
	}
}

// TestBinarySyzygy loads the test tablebases into the real binary as a GUI
// does and checks that a search uses them.
func TestBinarySyzygy(t *testing.T) {
	dir, err := filepath.Abs("../testdata/syzygy")
	if err != nil {
		t.Fatal(err)
	}
	c, _, _ := startBinary(t)
	c.send("uci")
	c.waitFor("uciok")
	c.send("setoption name SyzygyPath value "+dir, "isready")
	if _, before := c.waitFor("readyok"); !containsPrefix(before, "info string SyzygyPath: 14 WDL and 14 DTZ tables") {
		t.Errorf("SyzygyPath: %q, want the tables counted", before)
	}
	const fen = "8/8/8/8/8/2k5/2R5/6K1 b - - 0 1" // only taking the rook draws
	c.send("position fen "+fen, "go depth 6")
	_, before := c.waitFor("bestmove")
	if got := c.seen[len(c.seen)-1]; !strings.HasPrefix(got, "bestmove c3c2") {
		t.Errorf("%s: %q, want c3c2", fen, got)
	}
	if info := lastSearchInfo(before); tbhitsOf(info) <= 0 {
		t.Errorf("%s: last info %q, want tbhits", fen, info)
	}
}
