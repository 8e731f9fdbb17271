package datagen

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// run plays a small run into memory.
func run(t *testing.T, cfg *Config) []byte {
	t.Helper()
	var buf bytes.Buffer
	st, err := Run(context.Background(), cfg, &buf, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != cfg.Games {
		t.Fatalf("Run wrote %d games, want %d", st.Games, cfg.Games)
	}
	return buf.Bytes()
}

func smallConfig() *Config {
	return &Config{Games: 3, Nodes: 300, Threads: 1, RandomPlies: 8, Seed: 7, HashMB: 1}
}

func readAll(t *testing.T, data []byte) ([][]Record, error) {
	t.Helper()
	r, err := NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var games [][]Record
	for {
		g, err := r.Next(nil)
		if err != nil {
			if err == io.EOF {
				return games, nil
			}
			return games, err
		}
		games = append(games, g)
	}
}

// Same seed and settings with one thread: the same file, byte for byte.
func TestRunIsReproducible(t *testing.T) {
	a, b := run(t, smallConfig()), run(t, smallConfig())
	if !bytes.Equal(a, b) {
		t.Fatalf("two runs with the same settings wrote different files (%d and %d bytes)", len(a), len(b))
	}
	other := smallConfig()
	other.Seed = 8
	if bytes.Equal(a, run(t, other)) {
		t.Errorf("another seed wrote the same file")
	}
}

// Each record is a legal continuation: the positions of a game follow one
// another by the move recorded, the result is the game's, and the score is
// White's view of a real search.
func TestRecordsFollowTheGame(t *testing.T) {
	games, err := readAll(t, run(t, smallConfig()))
	if err != nil {
		t.Fatal(err)
	}
	for gi, g := range games {
		for i := range g {
			r := &g[i]
			if r.Result != g[0].Result {
				t.Fatalf("game %d: record %d has result %d, the game %d", gi, i, r.Result, g[0].Result)
			}
			var ml movegen.MoveList
			r.Pos.GenerateLegal(&ml)
			legal := false
			for _, m := range ml.Slice() {
				legal = legal || m == r.Move
			}
			if !legal {
				t.Fatalf("game %d ply %d: move %v is not legal in %q", gi, i, r.Move, r.Pos.String())
			}
			if i+1 < len(g) {
				next := r.Pos
				next.MakeMove(r.Move)
				if next.String() != g[i+1].Pos.String() {
					t.Fatalf("game %d ply %d: %v leads to %q, the next record holds %q", gi, i, r.Move, next.String(), g[i+1].Pos.String())
				}
			}
		}
	}
}

// encodeV1 and decodeV1 keep everything, Chess960 castling rooks and
// en-passant squares included.
func TestRecordRoundTrip(t *testing.T) {
	for _, fen := range []string{
		movegen.StartFEN,
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"8/8/8/8/8/K7/P7/k7 b - - 37 90",
		"r3k2r/8/8/8/8/8/8/R3K2R b Qk - 0 1",
	} {
		want := Record{Pos: movegen.MustParseFEN(fen), Score: -1234, Result: Draw, Flags: FlagNoisyBest, Move: movegen.NewMove(1, 18)}
		var b [RecordSize]byte
		encodeV1(b[:], &want)
		got, err := decodeV1(b[:])
		if err != nil {
			t.Fatalf("decodeV1(encodeV1(%q)): %v", fen, err)
		}
		if got.Pos.String() != want.Pos.String() || got.Pos.Key() != want.Pos.Key() || got.Score != want.Score ||
			got.Result != want.Result || got.Flags != want.Flags || got.Move != want.Move {
			t.Errorf("round trip of %q gave %q %d %d %d %v", fen, got.Pos.String(), got.Score, got.Result, got.Flags, got.Move)
		}
	}
}

// A file cut anywhere reads back its whole games and then says it was cut.
func TestTruncatedFileKeepsWholeGames(t *testing.T) {
	data := run(t, smallConfig())
	all, _ := readAll(t, data)
	first := 2 + gameHeadV2 + len(all[0])*plySizeV2 // the first game's block
	for _, cut := range []int{headerSize + 1, headerSize + first - 1, headerSize + first + 5, len(data) - 1} {
		games, err := readAll(t, data[:cut])
		if !errors.Is(err, ErrTruncated) {
			t.Errorf("cut at %d: error %v, want ErrTruncated", cut, err)
		}
		wantGames := 0
		if cut >= headerSize+first {
			wantGames = 1
		}
		if cut == len(data)-1 {
			wantGames = len(all) - 1
		}
		if len(games) != wantGames {
			t.Errorf("cut at %d: %d whole games, want %d", cut, len(games), wantGames)
		}
	}
}

func TestReaderRefusesForeignFiles(t *testing.T) {
	good := run(t, smallConfig())
	newer := append([]byte(nil), good...)
	newer[4] = 99
	for name, data := range map[string][]byte{
		"empty":   nil,
		"short":   good[:5],
		"foreign": []byte("PK\x03\x04 this is a zip file, not ours"),
		"version": newer,
	} {
		if _, err := NewReader(bytes.NewReader(data)); err == nil {
			t.Errorf("%s: NewReader accepted it", name)
		}
	}
	bad := append([]byte(nil), good...)
	bad[headerSize+2] = 7 // a result byte out of range
	if _, err := readAll(t, bad); err == nil || errors.Is(err, ErrTruncated) {
		t.Errorf("a damaged result: error %v, want one naming the damage", err)
	}
	bad = append([]byte(nil), good...)
	bad[headerSize+2+gameHeadV2+1] ^= 0x0f // the first move's destination
	if _, err := readAll(t, bad); err == nil || errors.Is(err, ErrTruncated) {
		t.Errorf("a damaged move: error %v, want one naming the damage", err)
	}
}

func TestConfigCheck(t *testing.T) {
	for name, mod := range map[string]func(*Config){
		"no games":       func(c *Config) { c.Games = 0 },
		"negative nodes": func(c *Config) { c.Nodes = -5 },
		"many threads":   func(c *Config) { c.Threads = MaxThreads + 1 },
		"no threads":     func(c *Config) { c.Threads = 0 },
		"random plies":   func(c *Config) { c.RandomPlies = -1 },
		"depth":          func(c *Config) { c.Depth = -1 },
	} {
		c := smallConfig()
		mod(c)
		if err := c.Check(); err == nil {
			t.Errorf("%s: Check accepted it", name)
		}
	}
	if err := smallConfig().Check(); err != nil {
		t.Errorf("a good config: %v", err)
	}
}

// A cancelled run drops the games in play and returns with whole games
// written and the context's error.
func TestStopLeavesWholeGames(t *testing.T) {
	cfg := smallConfig()
	cfg.Games = 1000
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out bytes.Buffer
	_, err := Run(ctx, cfg, &cancelAfterGames{w: &out, cancel: cancel, games: 2}, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run after cancel: %v, want context.Canceled", err)
	}
	games, rerr := readAll(t, out.Bytes())
	if rerr != nil || len(games) < 2 || len(games) > 4 {
		t.Errorf("after a cancel: %d games read, error %v", len(games), rerr)
	}
}

// cancelAfterGames cancels once it has seen a number of writes past the header.
type cancelAfterGames struct {
	w      io.Writer
	cancel func()
	games  int
	seen   int
}

func (c *cancelAfterGames) Write(p []byte) (int, error) {
	c.seen++
	if c.seen > c.games {
		c.cancel()
	}
	return c.w.Write(p)
}

func TestParseEPD(t *testing.T) {
	for _, tc := range []struct {
		line   string
		result Result
		score  int16
		scored bool
	}{
		{`rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc 0; fmvn 1; c9 "1-0"; ce 35; sm e7e5;`, WhiteWins, -35, true},
		{`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 "1/2-1/2";`, Draw, 0, false},
		{`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 [0.0]`, BlackWins, 0, false},
		{`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; ce 0; c9 "0-1"`, BlackWins, 0, true},
	} {
		r, scored, err := ParseEPD(tc.line)
		if err != nil || r.Result != tc.result || scored != tc.scored || r.Score != tc.score {
			t.Errorf("ParseEPD(%q) = result %d score %d (%v), %v; want %d %d (%v)", tc.line, r.Result, r.Score, scored, err, tc.result, tc.score, tc.scored)
		}
	}
	for _, line := range []string{"", "not a fen at all", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/8/8/8/8/8/8/8 w - - [1.0]"} {
		if _, _, err := ParseEPD(line); err == nil {
			t.Errorf("ParseEPD(%q) accepted it", line)
		}
	}
}
