package movegen

import (
	"slices"
	"strings"
	"testing"

	"github.com/notnil/chess"
)

// The differential test: Sightline and notnil/chess, an independent
// implementation, play the same random legal games side by side. In every
// position the two must list the same legal moves and, after every move,
// write the same FEN. notnil does not play Chess960, so only standard
// positions take part.

// oracleGame is one game on both boards.
type oracleGame struct {
	p  Position
	np *chess.Position
}

func newOracleGame(t *testing.T, fen string) oracleGame {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	opt, err := chess.FEN(fen)
	if err != nil {
		t.Fatalf("notnil FEN(%q): %v", fen, err)
	}
	return oracleGame{p: p, np: chess.NewGame(opt).Position()}
}

// normaliseOracleFEN rewrites a notnil FEN in Sightline's convention: notnil
// writes the en-passant square after every double push, Sightline only when a
// pawn of the side to move stands ready to capture there (so that equal
// positions have equal keys). Everything else must match as written.
func normaliseOracleFEN(fen string) string {
	f := strings.Fields(fen)
	if len(f) != 6 || f[3] == "-" {
		return fen
	}
	ep, ok := ParseSquare(f[3])
	if !ok {
		return fen
	}
	var board [64]byte
	for i, row := range strings.Split(f[0], "/") {
		file := 0
		for _, c := range []byte(row) {
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				continue
			}
			if file < 8 && i < 8 {
				board[NewSquare(file, 7-i)] = c
			}
			file++
		}
	}
	pawn, rank := byte('P'), 4 // the capturing pawn stands on its fifth rank
	if f[1] == "b" {
		pawn, rank = 'p', 3
	}
	for _, df := range []int{-1, 1} {
		if file := ep.File() + df; file >= 0 && file < 8 && board[NewSquare(file, rank)] == pawn {
			return fen
		}
	}
	f[3] = "-"
	return strings.Join(f, " ")
}

// check compares the two boards' legal moves and FENs; it returns the
// notnil moves by UCI string for playing one of them.
func (g *oracleGame) check(t *testing.T, history []string) map[string]*chess.Move {
	t.Helper()
	if got, want := g.p.String(), normaliseOracleFEN(g.np.String()); got != want {
		t.Fatalf("after %s:\nFEN %s\nwant %s (notnil %s)", strings.Join(history, " "), got, want, g.np.String())
	}
	var ml MoveList
	g.p.GenerateLegal(&ml)
	ours := make([]string, 0, ml.N)
	for _, m := range ml.Slice() {
		ours = append(ours, m.UCI(false))
	}
	theirs := make(map[string]*chess.Move)
	for _, m := range g.np.ValidMoves() {
		theirs[m.String()] = m
	}
	var extra, missing []string
	for _, s := range ours {
		if theirs[s] == nil {
			extra = append(extra, s)
		}
	}
	for s := range theirs {
		if !slices.Contains(ours, s) {
			missing = append(missing, s)
		}
	}
	if len(extra) > 0 || len(missing) > 0 || len(ours) != len(theirs) {
		slices.Sort(missing)
		t.Fatalf("GenerateLegal(%q) after %s:\nnot legal per notnil: %v\nmissing: %v\n(%d moves, notnil %d)",
			g.p.String(), strings.Join(history, " "), extra, missing, len(ours), len(theirs))
	}
	return theirs
}

func TestAgainstNotnil(t *testing.T) {
	target := 25_000
	if testing.Short() {
		target = 3_000
	}
	const maxPlies = 100
	starts := []string{StartFEN}
	for _, file := range []string{"perftsuite.epd", "cpw_perft.epd"} {
		for _, c := range readPerftSuite(t, file) {
			if !c.Chess960 {
				starts = append(starts, c.FEN)
			}
		}
	}
	rng := testRand(0x0AC1E)
	positions, games := 0, 0
	for positions < target {
		// The start position gets every other game; the suite positions share the rest.
		fen := StartFEN
		if games%2 == 1 {
			fen = starts[1+rng.intn(len(starts)-1)]
		}
		games++
		g := newOracleGame(t, fen)
		history := []string{"(" + fen + ")"}
		for ply := 0; ; ply++ {
			theirs := g.check(t, history)
			positions++
			var ml MoveList
			g.p.GenerateLegal(&ml)
			if ml.N == 0 || ply == maxPlies {
				break
			}
			m := ml.Moves[rng.intn(ml.N)]
			history = append(history, m.String())
			g.p.MakeMove(m)
			g.np = g.np.Update(theirs[m.String()])
		}
	}
	t.Logf("%d positions in %d games agree with notnil/chess", positions, games)
}
