package uci

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/sightline-chess/sightline/movegen"
)

// replyTimeout bounds every wait for a reply: generous, because the test
// machine is shared, but a hung engine still fails the test.
const replyTimeout = 30 * time.Second

// client talks to a UCI loop the way a GUI does: it writes lines and waits
// for replies, with a timeout, never with sleeps.
type client struct {
	t     testing.TB
	in    io.WriteCloser
	lines chan string
	seen  []string // every line received, for failure messages
}

func newClient(t testing.TB, in io.WriteCloser, out io.Reader) *client {
	c := &client{t: t, in: in, lines: make(chan string, 1<<16)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	return c
}

// startLoop runs Run on pipes and returns a client for it and a channel that
// receives Run's exit status.
func startLoop(t testing.TB) (*client, <-chan int) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	status := make(chan int, 1)
	go func() {
		s := Run(inR, outW)
		outW.Close()
		status <- s
	}()
	c := newClient(t, inW, outR)
	t.Cleanup(func() {
		inW.Close()
		for range c.lines { // let the loop finish writing
		}
	})
	c.expectBanner("dev")
	return c, status
}

// expectBanner reads the first line, which must be the banner of version,
// so that the tests after it see only the replies to what they send.
func (c *client) expectBanner(version string) {
	c.t.Helper()
	if first, before := c.waitFor("Sightline "); len(before) > 0 || first != banner(version) {
		c.t.Fatalf("first lines %q, want the banner %q", append(before, first), banner(version))
	}
}

func (c *client) send(lines ...string) {
	c.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(c.in, l+"\n"); err != nil {
			c.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// waitFor reads lines until one starts with prefix and returns it with the
// lines read before it. It fails the test on timeout or end of output.
func (c *client) waitFor(prefix string) (string, []string) {
	c.t.Helper()
	var before []string
	deadline := time.After(replyTimeout)
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				c.t.Fatalf("output ended while waiting for %q; got %q", prefix, c.tail())
			}
			c.seen = append(c.seen, l)
			if strings.HasPrefix(l, prefix) {
				return l, before
			}
			before = append(before, l)
		case <-deadline:
			c.t.Fatalf("no %q within %v; got %q", prefix, replyTimeout, c.tail())
		}
	}
}

func (c *client) tail() []string {
	if len(c.seen) > 20 {
		return c.seen[len(c.seen)-20:]
	}
	return c.seen
}

// bestMove waits for "bestmove" and checks that its move (and ponder move)
// are legal in pos; it returns the move.
func (c *client) bestMove(pos movegen.Position, chess960 bool) string {
	c.t.Helper()
	line, _ := c.waitFor("bestmove")
	if err := checkBestMove(line, pos, chess960); err != nil {
		c.t.Fatal(err)
	}
	return strings.Fields(line)[1]
}

func checkBestMove(line string, pos movegen.Position, chess960 bool) error {
	f := strings.Fields(line)
	if len(f) != 2 && !(len(f) == 4 && f[2] == "ponder") {
		return fmt.Errorf("malformed %q", line)
	}
	m, err := pos.ParseMove(f[1], chess960)
	if err != nil {
		return fmt.Errorf("%q in %s: %v", line, pos.String(), err)
	}
	if m.UCI(chess960) != f[1] {
		return fmt.Errorf("%q in %s: move written %s, want %s", line, pos.String(), f[1], m.UCI(chess960))
	}
	if len(f) == 4 {
		pos.MakeMove(m)
		if _, err := pos.ParseMove(f[3], chess960); err != nil {
			return fmt.Errorf("%q: ponder move: %v", line, err)
		}
	}
	return nil
}

// play returns the position after moves from fen (start position if empty).
func play(t testing.TB, fen string, moves ...string) movegen.Position {
	t.Helper()
	if fen == "" {
		fen = movegen.StartFEN
	}
	p, err := movegen.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range moves {
		m, err := p.ParseMove(s, false)
		if err != nil {
			t.Fatal(err)
		}
		p.MakeMove(m)
	}
	return p
}
