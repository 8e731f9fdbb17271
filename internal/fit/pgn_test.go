package fit

import (
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/notnil/chess"
	"github.com/sightline-chess/sightline/internal/datafile"
	"github.com/sightline-chess/sightline/movegen"
)

// readPGNFile returns every game of a PGN file, failing the test on an error.
func readPGNFile(t *testing.T, path string) []*PGNGame {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var games []*PGNGame
	r := NewPGNReader(f)
	for {
		g, err := r.Next()
		if err == io.EOF {
			return games
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		games = append(games, g)
	}
}

// readPGNString reads every game of text, returning the first error.
func readPGNString(text string) ([]*PGNGame, error) {
	var games []*PGNGame
	r := NewPGNReader(strings.NewReader(text))
	for {
		g, err := r.Next()
		if err == io.EOF {
			return games, nil
		}
		if err != nil {
			return games, err
		}
		games = append(games, g)
	}
}

// finalPosition plays a game's moves from its start.
func finalPosition(g *PGNGame) movegen.Position {
	pos := g.Start
	for _, m := range g.Moves {
		pos.MakeMove(m.Move)
	}
	return pos
}

// The hand-written games of testdata/features.pgn: each move the text
// names is read as the move meant, its comment kept with it.
func TestPGNReaderFeatures(t *testing.T) {
	games := readPGNFile(t, "testdata/features.pgn")
	if len(games) != 5 {
		t.Fatalf("%d games, want 5", len(games))
	}
	type want struct {
		game, ply int
		uci       string // Chess960 notation: castling as king takes rook
		kind      movegen.MoveKind
		comment   string
	}
	for _, w := range []want{
		{0, 0, "e2e4", movegen.Normal, "+0.30/10 0.1s"},
		{0, 2, "e4e5", movegen.Normal, "book"},
		{0, 3, "f7f5", movegen.Normal, ""},
		{0, 4, "e5f6", movegen.EnPassant, "+0.50/11 0.2s, en passant"}, // after $1
		{0, 5, "g8f6", movegen.Normal, "-0.45/10 0.2s"},                // "3... Nxf6!", then a variation
		{0, 6, "g1f3", movegen.Normal, "+0.40/12 0.3s"},
		{0, 7, "b8d7", movegen.Normal, "-0.40/11 0.3s a comment to the line's end"}, // Nbd7: Nf6 reaches d7 too
		{0, 12, "e1h1", movegen.Castling, ""},
		{0, 13, "e8h8", movegen.Castling, ""},
		{0, 14, "d3h7", movegen.Normal, "+1.10/14 0.5s"}, // Bxh7+
		{1, 0, "b7a8q", movegen.Promotion, "+9.00/20 1.0s"},
		{1, 2, "e1a1", movegen.Castling, "+9.20/20 1.0s"}, // O-O-O
		{1, 3, "g2g1q", movegen.Promotion, "-8.00/18 1.0s"},
		{1, 4, "d1g1", movegen.Normal, "+15.00/20 1.0s"},  // Rdxg1: Rh1 takes on g1 too
		{2, 0, "f1g1", movegen.Castling, "+0.20/10 0.1s"}, // Chess960 O-O, rook beside the king
		{2, 1, "f8g8", movegen.Castling, "-0.15/10 0.1s"},
	} {
		g := games[w.game]
		if w.ply >= len(g.Moves) {
			t.Errorf("game %d: %d moves, want more than %d", w.game+1, len(g.Moves), w.ply)
			continue
		}
		m := g.Moves[w.ply]
		if m.Move.UCI(true) != w.uci || m.Move.Kind() != w.kind || m.Comment != w.comment {
			t.Errorf("game %d ply %d (%s) = %s kind %d comment %q, want %s kind %d comment %q",
				w.game+1, w.ply, m.SAN, m.Move.UCI(true), m.Move.Kind(), m.Comment, w.uci, w.kind, w.comment)
		}
	}
	for i, w := range []struct {
		plies  int
		result string
		final  string
	}{
		{19, "1-0", "r1bq1rk1/pppnb1p1/4pn2/3p2NQ/3P4/8/PPP2PPP/RNB2RK1 b - - 3 10"},
		{6, "1-0", "Q7/8/5k2/8/8/8/8/2K3RR w - - 1 43"},
		{4, "1/2-1/2", "bqnbrrk1/pppppppp/6n1/8/8/6N1/PPPPPPPP/BQNBRRK1 w - - 4 3"},
		{2, "0-1", "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2"},
		{1, "*", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"},
	} {
		g := games[i]
		pos := finalPosition(g)
		if len(g.Moves) != w.plies || g.Result != w.result || pos.String() != w.final || g.Number != i+1 {
			t.Errorf("game %d (number %d): %d moves, result %s, final %s; want %d, %s, %s",
				i+1, g.Number, len(g.Moves), g.Result, pos.String(), w.plies, w.result, w.final)
		}
	}
	if got := games[3].Tags["Termination"]; got != "time forfeit" {
		t.Errorf("game 4's Termination tag = %q, want time forfeit", got)
	}
}

// Two games fastchess wrote, unchanged: every move reads, the count is
// the PlyCount tag's, and the positions end as the last comments say.
func TestPGNReaderFastchess(t *testing.T) {
	games := readPGNFile(t, "testdata/fastchess.pgn")
	if len(games) != 2 {
		t.Fatalf("%d games, want 2", len(games))
	}
	for _, g := range games {
		if got, want := len(g.Moves), g.Tags["PlyCount"]; want == "" || strings.TrimLeft(want, "0123456789") != "" || got != atoi(want) {
			t.Errorf("game %d: %d moves, PlyCount %q", g.Number, got, want)
		}
	}
	mate := finalPosition(games[0])
	var ml movegen.MoveList
	mate.GenerateLegal(&ml)
	if ml.N != 0 || !mate.InCheck() || games[0].Result != "1-0" {
		t.Errorf("game 1 ends in %s (%d legal moves, check %v), result %s; want mate, 1-0", mate.String(), ml.N, mate.InCheck(), games[0].Result)
	}
	if last := games[1].Moves[len(games[1].Moves)-1]; !strings.Contains(last.Comment, "3-fold") || games[1].Result != "1/2-1/2" {
		t.Errorf("game 2 ends with %s {%s} %s, want the 3-fold repetition, 1/2-1/2", last.SAN, last.Comment, games[1].Result)
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = 10*n + int(c-'0')
	}
	return n
}

func TestCommentScore(t *testing.T) {
	for _, c := range []struct {
		comment  string
		cp       int
		mate, ok bool
	}{
		{"+0.35/12 0.312s", 35, false, true},
		{"-1.20/15 1.2s, White mates", -120, false, true},
		{"0.00/8 0.045s", 0, false, true},
		{" +20.50/10 0.036s", 2050, false, true},
		{"-0.005/3", -1, false, true}, // rounds half away from zero
		{"+.5/7", 50, false, true},
		{"+M5/20 0.1s", 0, true, true},
		{"-M3/120 0.003s", 0, true, true},
		{"book", 0, false, false},
		{"", 0, false, false},
		{"Draw by 3-fold repetition", 0, false, false},
		{"White mates", 0, false, false},
		{"12/3 is a fraction", 1200, false, true}, // free text shaped like a score reads as one
		{"+0.35", 0, false, false},                // no depth
		{"+0.35/x", 0, false, false},
		{"+Inf/3", 0, false, false},
		{"NaN/3", 0, false, false},
		{"1e9/3", 0, false, false},
		{"0x10/3", 0, false, false},
		{"+-1/3", 0, false, false},
		{"1.2.3/4", 0, false, false},
		{"./4", 0, false, false},
		{"+M/3", 0, false, false},
		{"+M5x/3", 0, false, false},
	} {
		cp, mate, ok := commentScore(c.comment)
		if cp != c.cp || mate != c.mate || ok != c.ok {
			t.Errorf("commentScore(%q) = %d, %v, %v; want %d, %v, %v", c.comment, cp, mate, ok, c.cp, c.mate, c.ok)
		}
	}
}

func TestParseSAN(t *testing.T) {
	for _, c := range []struct {
		fen, san, want string // want "" for a refusal
	}{
		{movegen.StartFEN, "e4", "e2e4"},
		{movegen.StartFEN, "Nf3!?", "g1f3"},
		{movegen.StartFEN, "Ng1f3", "g1f3"},  // long algebraic
		{movegen.StartFEN, "Ng1-f3", "g1f3"}, // with its hyphen
		{movegen.StartFEN, "e2e4", "e2e4"},
		{movegen.StartFEN, "e5", ""},
		{movegen.StartFEN, "Nf9", ""},
		{movegen.StartFEN, "Nz3", ""},
		{movegen.StartFEN, "Qxe9", ""},
		{movegen.StartFEN, "Kxe2", ""},
		{movegen.StartFEN, "O-O", ""},
		{movegen.StartFEN, "N", ""},
		{movegen.StartFEN, "+", ""},
		{movegen.StartFEN, "", ""},
		{movegen.StartFEN, "xe4", ""},
		{movegen.StartFEN, "Nbgf3", ""},
		{movegen.StartFEN, "e4=Q", ""},
		{movegen.StartFEN, "e2-e4-", ""},
		// Disambiguation by file, by rank, by both; and its absence refused.
		{"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "Rad1", "a1d1"},
		{"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "Rd1", ""},
		{"4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "Rd1", "a1d1"}, // the king stops Rh1
		{"4k3/R7/8/8/8/8/8/R3K3 w - - 0 1", "R1a4", "a1a4"},
		{"4k3/R7/8/8/8/8/8/R3K3 w - - 0 1", "R7a4", "a7a4"},
		{"4k3/R7/8/8/8/8/8/R3K3 w - - 0 1", "Ra4", ""},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "R1a4", "a1a4"}, // more than needed
		{"7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "Qa4b3", "a4b3"},
		{"7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "Qab3", ""},
		{"7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "Q4b3", ""},
		// A pinned knight does not count: Nd2 needs no letter (and without the
		// pin is ambiguous).
		{"k7/4r3/8/8/4N3/8/8/1N2K3 w - - 0 1", "Nd2", "b1d2"},
		{"k7/8/8/8/4N3/8/8/1N2K3 w - - 0 1", "Nd2", ""},
		// Promotions, with and without "=", and a missing promotion piece.
		{"8/1P2k3/8/8/8/8/8/4K3 w - - 0 1", "b8=Q", "b7b8q"},
		{"8/1P2k3/8/8/8/8/8/4K3 w - - 0 1", "b8N+", "b7b8n"},
		{"8/1P2k3/8/8/8/8/8/4K3 w - - 0 1", "b8=r", "b7b8r"},
		{"8/1P2k3/8/8/8/8/8/4K3 w - - 0 1", "b8", ""},
		{"8/1P2k3/8/8/8/8/8/4K3 w - - 0 1", "b8=K", ""},
		{"8/1P2k3/8/8/8/8/8/4K3 w - - 0 1", "Kd2=Q", ""},
		// En passant, and castling with zeros.
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6", "e5d6"},
		{"r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "0-0-0", "e8c8"},
		{"r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "O-O#", "e8g8"},
		{"r3k2r/8/8/8/8/8/8/4K3 b q - 0 1", "O-O", ""},
	} {
		pos, err := movegen.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := parseSAN(&pos, c.san)
		switch {
		case c.want == "" && (err == nil || !errors.Is(err, errSAN)):
			t.Errorf("parseSAN(%s, %q) = %s, %v; want a refusal", c.fen, c.san, m, err)
		case c.want != "" && (err != nil || m.String() != c.want):
			t.Errorf("parseSAN(%s, %q) = %s, %v; want %s", c.fen, c.san, m, err, c.want)
		}
	}
}

// The differential test: in random games, every legal move that
// notnil/chess (an independent implementation) writes in SAN, and in long
// algebraic, reads back as that move.
func TestParseSANAgainstNotnil(t *testing.T) {
	// notnil writes SAN slowly (each check sign generates the moves of the
	// position after): under -short, fewer games and every third position.
	games, every := 30, 1
	if testing.Short() {
		games, every = 2, 3
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for n := 0; n < games; n++ {
		ng := chess.NewGame()
		pos := movegen.MustParseFEN(movegen.StartFEN)
		for ply := 0; ply < 300 && ng.Outcome() == chess.NoOutcome; ply++ {
			moves := ng.ValidMoves()
			for _, m := range moves {
				if ply%every != 0 {
					break
				}
				for _, san := range []string{chess.AlgebraicNotation{}.Encode(ng.Position(), m), chess.LongAlgebraicNotation{}.Encode(ng.Position(), m)} {
					got, err := parseSAN(&pos, san)
					if err != nil || got.String() != m.String() {
						t.Fatalf("game %d, %s: parseSAN(%q) = %s, %v; want %s", n, pos.String(), san, got, err, m)
					}
				}
			}
			m := moves[rng.IntN(len(moves))]
			got, _ := parseSAN(&pos, chess.AlgebraicNotation{}.Encode(ng.Position(), m))
			if err := ng.Move(m); err != nil {
				t.Fatal(err)
			}
			pos.MakeMove(got)
		}
	}
}

// A file that is not PGN the reader can follow is refused, the error
// naming the game and, for a move, the move.
func TestPGNRefusesMalformed(t *testing.T) {
	const tags = "[Event \"x\"]\n[Result \"1-0\"]\n\n"
	for _, c := range []struct {
		name, text string
		want       []string // in the error
		truncated  bool
	}{
		{"garbled SAN", tags + "1. e4 e5 2. Nf9 Nc6 1-0\n", []string{"game 1 (line 1)", "move 2. Nf9", "line 4"}, false},
		{"illegal move", tags + "1. e4 e5 2. Ke3 1-0\n", []string{"game 1", "move 2. Ke3"}, false},
		{"black's move", tags + "1. e4 Qxe4 1-0\n", []string{"move 1... Qxe4"}, false},
		{"ambiguous", "[FEN \"4k3/8/8/8/8/8/4K3/R6R w - - 0 1\"]\n\n1. Rd1 1-0\n", []string{"move 1. Rd1", "ambiguous"}, false},
		{"second game", tags + "1. e4 1-0\n\n" + tags + "1. e4 e5 2. Bb7 1-0\n", []string{"game 2 (line 6)", "move 2. Bb7"}, false},
		{"no result", tags + "1. e4 e5\n\n" + tags + "1. d4 1-0\n", []string{"game 1", "tag [Event]", "among the moves"}, false},
		{"result mismatch", tags + "1. e4 0-1\n", []string{"game 1", "Result tag says 1-0"}, false},
		{"bad FEN", "[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n", []string{"game 1", "FEN tag"}, false},
		{"SetUp without FEN", "[SetUp \"1\"]\n\n1. e4 *\n", []string{"SetUp 1 without a FEN"}, false},
		{"variant", "[Variant \"crazyhouse\"]\n\n1. e4 *\n", []string{"variant \"crazyhouse\""}, false},
		{"unexpected character", tags + "1. e4 & 1-0\n", []string{"game 1", "line 4", "unexpected character '&'"}, false},
		{"close without open", tags + "1. e4 ) 1-0\n", []string{"outside any variation"}, false},
		{"variation first", tags + "(1. d4) 1. e4 1-0\n", []string{"before any move"}, false},
		{"result in variation", tags + "1. e4 (1. d4 1-0\n", []string{"inside a variation"}, false},
		{"bad NAG", tags + "1. e4 $x 1-0\n", []string{"NAG"}, false},
		{"tag without value", "[Event x]\n", []string{"without a quoted value"}, false},
		{"tag without name", "[\"x\"]\n", []string{"without a name"}, false},
		{"tag without ]", "[Event \"x\" 1. e4\n", []string{"without its ]"}, false},
		{"tag over two lines", "[Event \"x\n\"]\n", []string{"past the line"}, false},
		{"cut in the moves", tags + "1. e4 e5 2. Nf3", []string{"game 1"}, true},
		{"cut in a comment", tags + "1. e4 {+0.30/10", []string{"game 1"}, true},
		{"cut in a tag", "[Event \"x", []string{"game 1"}, true},
		{"cut in a variation", tags + "1. e4 (1. d4) (1. c4", []string{"game 1"}, true},
		{"tags only", tags, []string{"game 1"}, true},
	} {
		_, err := readPGNString(c.text)
		if err == nil {
			t.Errorf("%s: read without error", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q, want it to say %q", c.name, err, w)
			}
		}
		if errors.Is(err, ErrPGNTruncated) != c.truncated {
			t.Errorf("%s: error %q: truncated %v, want %v", c.name, err, !c.truncated, c.truncated)
		}
	}
	// And what is accepted: no games, a byte order mark and CRLF, comments
	// between games, a result with no moves, move numbers stuck to the move.
	for _, text := range []string{"", "\n\n", "\xef\xbb\xbf" + tags + "1. e4 1-0\r\n", "{a note}\n" + tags + "1-0\n{after}\n", tags + "1.e4 1...e5 2.Nf3 $14 !? 1-0"} {
		if _, err := readPGNString(text); err != nil {
			t.Errorf("%q: %v", text, err)
		}
	}
}

// The points of the PGN fit: a score turned to White's view, the material
// of the position the engine searched (before its move), the result; none
// from book moves, mates, games forfeited or unfinished; with a player
// named, only its moves.
func TestReadPGNPoints(t *testing.T) {
	var pts []wdlPoint
	var log strings.Builder
	if _, err := readPGNPoints("testdata/features.pgn", "", 0, &pts, &log); err != nil {
		t.Fatal(err)
	}
	want := []wdlPoint{
		{30, 78, datafile.WhiteWins},  // 1. e4 +0.30
		{25, 78, datafile.WhiteWins},  // 1... d5 -0.25: Black's view
		{50, 78, datafile.WhiteWins},  // 3. exf6 e.p. searched before it took
		{45, 77, datafile.WhiteWins},  // 3... Nxf6
		{40, 76, datafile.WhiteWins},  // 4. Nf3
		{40, 76, datafile.WhiteWins},  // 4... Nbd7
		{110, 76, datafile.WhiteWins}, // 8. Bxh7+
		{105, 75, datafile.WhiteWins}, // 8... Kxh7; 9. Ng5+ and 9... Kg8 are mates
		{320, 72, datafile.WhiteWins}, // 10. Qh5
		{900, 17, datafile.WhiteWins}, // 40. bxa8=Q+
		{910, 20, datafile.WhiteWins},
		{920, 20, datafile.WhiteWins},
		{800, 20, datafile.WhiteWins},  // 41... g1=Q
		{1500, 28, datafile.WhiteWins}, // 42. Rdxg1, a queen each
		{1500, 19, datafile.WhiteWins},
		{20, 78, datafile.Draw}, // the Chess960 game
		{15, 78, datafile.Draw},
		{10, 78, datafile.Draw},
		{0, 78, datafile.Draw},
	}
	if len(pts) != len(want) {
		t.Fatalf("%d points, want %d: %v", len(pts), len(want), pts)
	}
	for i := range want {
		if pts[i] != want[i] {
			t.Errorf("point %d = %+v, want %+v", i, pts[i], want[i])
		}
	}
	for _, w := range []string{"5 games, 3 used, 19 positions", "1 result *", "1 termination time forfeit"} {
		if !strings.Contains(log.String(), w) {
			t.Errorf("log %q, want it to say %q", log.String(), w)
		}
	}

	// fastchess.pgn: "new" has White in game 1 (16 moves, 10 of them scored
	// without a mate), Black in game 2 (14 moves, all scored).
	pts = pts[:0]
	saw, err := readPGNPoints("testdata/fastchess.pgn", "new", 0, &pts, io.Discard)
	if err != nil || !saw || len(pts) != 10+14 {
		t.Fatalf("player new: %d points, saw %v, %v; want 24, true", len(pts), saw, err)
	}
	if pts[0].score != 30 || pts[0].result != datafile.WhiteWins || pts[10].score != 104 || pts[10].result != datafile.Draw {
		t.Errorf("player new: points %+v and %+v, want 30 (gxf4 +0.30, won) and 104 (Bd6 -1.04, drawn)", pts[0], pts[10])
	}
}

// FitWDLPGN refuses bad files, names a player no game has, and fits the
// points of games it can read.
func TestFitWDLPGN(t *testing.T) {
	dir := t.TempDir()
	one, err := os.ReadFile("testdata/fastchess.pgn")
	if err != nil {
		t.Fatal(err)
	}
	// The two games ten times over give 10 × 47 points (19 without a mate
	// score, and 28), enough to fit.
	many := filepath.Join(dir, "many.pgn")
	if err := os.WriteFile(many, []byte(strings.Repeat(string(one)+"\n", 10)), 0o644); err != nil {
		t.Fatal(err)
	}
	fit, err := FitWDLPGN([]string{many}, "", 0, io.Discard)
	if err != nil || fit.Positions != 470 {
		t.Errorf("FitWDLPGN: %d positions, %v; want 470", fit.Positions, err)
	}
	if _, err := FitWDLPGN([]string{many}, "nobody", 0, io.Discard); err == nil || !strings.Contains(err.Error(), "nobody") {
		t.Errorf("FitWDLPGN with an absent player: %v, want an error naming it", err)
	}
	if _, err := FitWDLPGN([]string{filepath.Join(dir, "none.pgn")}, "", 0, io.Discard); err == nil {
		t.Errorf("FitWDLPGN of a missing file succeeded")
	}
	bad := filepath.Join(dir, "bad.pgn")
	os.WriteFile(bad, []byte("[Result \"1-0\"]\n\n1. e4 e5 2. Qxf7 1-0\n"), 0o644)
	if _, err := FitWDLPGN([]string{bad}, "", 0, io.Discard); err == nil || !strings.Contains(err.Error(), "bad.pgn: game 1") || !strings.Contains(err.Error(), "2. Qxf7") {
		t.Errorf("FitWDLPGN of a bad file: %v, want the file, game and move named", err)
	}
	// A file cut inside its last game gives the games before it.
	cut := filepath.Join(dir, "cut.pgn")
	os.WriteFile(cut, []byte(strings.Repeat(string(one)+"\n", 5)+string(one[:len(one)/2])), 0o644)
	var log strings.Builder
	if fit, err := FitWDLPGN([]string{cut}, "", 0, &log); err != nil || fit.Positions != 235 || !strings.Contains(log.String(), ErrPGNTruncated.Error()) {
		t.Errorf("FitWDLPGN of a cut file: %d positions, %v, log %q; want 235 and the cut said", fit.Positions, err, log.String())
	}
}
