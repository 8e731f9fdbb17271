package movegen

import (
	"fmt"
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
	var seen featureCount
	for positions < target {
		// The start position gets every other game; the suite positions share the rest.
		fen := StartFEN
		if games%2 == 1 {
			fen = starts[1+rng.intn(len(starts)-1)]
		}
		games++
		positions += playOracleGame(t, fen, maxPlies, &rng, &seen)
	}
	t.Logf("%d positions in %d games agree with notnil/chess; %s", positions, games, seen)
	// Random games seldom stalemate or give double check: the random
	// placements and their hand-made positions (below) require those.
	seen.require(t, featureCount{check: 500, doubleCheck: 1, mate: 3, enPassant: 30, castling: 200, promotion: 200})
}

// playOracleGame plays random legal moves from fen for up to maxPlies plies,
// or until the game ends, checking every position against notnil/chess and
// tallying its features in seen. It returns how many positions it checked.
func playOracleGame(t *testing.T, fen string, maxPlies int, rng *testRand, seen *featureCount) int {
	t.Helper()
	g := newOracleGame(t, fen)
	history := []string{"(" + fen + ")"}
	for ply := 0; ; ply++ {
		theirs := g.check(t, history)
		var ml MoveList
		g.p.GenerateLegal(&ml)
		seen.count(&g.p, &ml)
		if ml.N == 0 || ply == maxPlies {
			return ply + 1
		}
		m := ml.Moves[rng.intn(ml.N)]
		history = append(history, m.String())
		g.p.MakeMove(m)
		g.np = g.np.Update(theirs[m.String()])
	}
}

// TestAgainstNotnilRandomPlacements compares the two on random placements and
// a few random moves from each.
func TestAgainstNotnilRandomPlacements(t *testing.T) {
	target := 10_000
	if testing.Short() {
		target = 1_000
	}
	rng := testRand(0x0DD)
	positions, boards := 0, 0
	var seen featureCount
	// Hand-made corner cases first, then random boards.
	special := []string{
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                                // stalemate
		"8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",                              // en passant would expose the king along the rank
		"8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",                             // en passant takes the checking pawn
		"8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1",                             // en passant exposes the king: illegal
		"8/8/3k4/8/4pP2/8/7B/4K3 b - f3 0 1",                            // en passant opens the h2 bishop's diagonal to the king: illegal
		"r3k2r/8/8/8/8/8/6b1/R3K2R w KQkq - 0 1",                        // castling kingside through attack? (g2 bishop hits f1 and h1)
		"r3k2r/8/8/8/8/8/8/Rn2K2R w KQkq - 0 1",                         // queenside blocked only on b1
		"r3k2r/8/8/8/8/8/8/R3K1qR w KQkq - 0 1",                         // in check: no castling
		"r3k2r/1b6/8/8/8/8/8/R3K2R w KQkq - 0 1",                        // b7 bishop eyes h1: castling kingside still legal
		"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", // mate
		"4k3/8/8/8/8/8/8/4K2R w K - 0 1",
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	}
	// The hand-made positions get their own tally, so that seen shows what
	// random placements reach alone.
	var handMade featureCount
	for _, fen := range special {
		if _, err := ParseFEN(fen); err != nil {
			t.Fatalf("ParseFEN(%q): %v", fen, err)
		}
		positions += playOracleGame(t, fen, 4, &rng, &handMade)
	}
	// Random placements stalemate about once in 2,000 boards: the hand-made
	// stalemate must stay one (mate too, for good measure).
	if handMade.stalemate == 0 || handMade.mate == 0 {
		t.Errorf("the hand-made positions should include a stalemate and a mate: %s", handMade)
	}
	for positions < target {
		fen, _ := randomPosition(t, &rng, randomPlacementFEN)
		boards++
		positions += playOracleGame(t, fen, 4, &rng, &seen)
	}
	t.Logf("%d positions from %d hand-made and %d random placements agree with notnil/chess; the random ones have %s",
		positions, len(special), boards, seen)
	seen.require(t, featureCount{check: 500, doubleCheck: 40, mate: 5, enPassant: 150, castling: 800, promotion: 500})
}

// featureCount tallies the rules a set of positions exercised, so that a
// test of "random" positions can show it met each of them.
type featureCount struct {
	check, doubleCheck, mate, stalemate, enPassant, castling, promotion int
}

func (f *featureCount) count(p *Position, ml *MoveList) {
	if p.InCheck() {
		f.check++
	}
	if p.Checkers().Several() {
		f.doubleCheck++
	}
	if ml.N == 0 && p.InCheck() {
		f.mate++
	}
	if ml.N == 0 && !p.InCheck() {
		f.stalemate++
	}
	kinds := map[MoveKind]bool{}
	for _, m := range ml.Slice() {
		kinds[m.Kind()] = true
	}
	if kinds[EnPassant] {
		f.enPassant++
	}
	if kinds[Castling] {
		f.castling++
	}
	if kinds[Promotion] {
		f.promotion++
	}
}

// tally is one rule's count, named.
type tally struct {
	name string
	n    int
}

// fields names each tally, in the order String prints them.
func (f featureCount) fields() []tally {
	return []tally{
		{"check", f.check}, {"double check", f.doubleCheck}, {"mate", f.mate}, {"stalemate", f.stalemate},
		{"en passant", f.enPassant}, {"castling", f.castling}, {"promotion", f.promotion},
	}
}

func (f featureCount) String() string {
	var parts []string
	for _, c := range f.fields() {
		parts = append(parts, fmt.Sprintf("%s %d", c.name, c.n))
	}
	return "positions with " + strings.Join(parts, ", ")
}

// require fails the test for every rule seen fewer times than want asks: a
// random test that stops meeting a rule no longer tests it. The minimums are
// for the full run; -short checks about a tenth as many positions, so there
// each is divided by ten (and a rule rarer than that is not required).
func (f featureCount) require(t *testing.T, want featureCount) {
	t.Helper()
	minimums := want.fields()
	for i, c := range f.fields() {
		n := minimums[i].n
		if testing.Short() {
			n /= 10
		}
		if c.n < n {
			t.Errorf("%s came up in %d positions, want at least %d (%s)", c.name, c.n, n, f)
		}
	}
}
