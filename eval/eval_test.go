package eval

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// loadFENs reads the positions of an EPD file (movegen.ReadEPDFile: the
// perft suite's ";D1 ..." tail and WAC's "bm ..." are not the position).
func loadFENs(tb testing.TB, path string) []movegen.Position {
	tb.Helper()
	es, err := movegen.ReadEPDFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	if len(es) < 100 {
		tb.Fatalf("%s: read %d positions, want at least 100", path, len(es))
	}
	return movegen.Positions(es)
}

// checkSymmetric fails if p and its colour-flipped twin score differently
// from the side to move's view, or if Breakdown disagrees with Evaluate.
func checkSymmetric(t *testing.T, p *movegen.Position) {
	t.Helper()
	m := p.Mirrored()
	got, want := Evaluate(&m), Evaluate(p)
	if got != want {
		t.Errorf("Evaluate(%q) = %d, want %d as for its mirror %q", m.String(), got, want, p.String())
	}
	if tr := Breakdown(p); tr.Final != want {
		t.Errorf("Breakdown(%q).Final = %d, want Evaluate's %d", p.String(), tr.Final, want)
	}
}

func TestEvaluateSymmetric(t *testing.T) {
	for _, path := range []string{"../testdata/wac.epd", "../testdata/perftsuite.epd"} {
		for _, p := range loadFENs(t, path) {
			checkSymmetric(t, &p)
		}
	}
}

// TestEvaluateSymmetricPlayouts walks random games from the perft suite, so
// that promotions, bare-king endings and odd material come up too.
func TestEvaluateSymmetricPlayouts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	starts := loadFENs(t, "../testdata/perftsuite.epd")
	plies := 200
	if testing.Short() {
		plies = 40
	}
	var ml movegen.MoveList
	for _, start := range starts {
		p := start
		for i := 0; i < plies; i++ {
			checkSymmetric(t, &p)
			ml.N = 0
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			p.MakeMove(ml.Moves[rng.IntN(ml.N)])
		}
	}
}

func TestEvaluateAllocatesNothing(t *testing.T) {
	ps := loadFENs(t, "../testdata/wac.epd")
	i := 0
	allocs := testing.AllocsPerRun(1000, func() {
		Evaluate(&ps[i%len(ps)])
		i++
	})
	if allocs != 0 {
		t.Errorf("Evaluate allocates %v times per call, want 0", allocs)
	}
}

func eval(t *testing.T, fen string) Score {
	t.Helper()
	p, err := movegen.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return Evaluate(&p)
}

func TestEvaluateSanity(t *testing.T) {
	if got, want := eval(t, movegen.StartFEN), tempoMG; got != want {
		t.Errorf("Evaluate(start) = %d, want the tempo bonus %d", got, want)
	}
	if got, want := eval(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"), tempoMG; got != want {
		t.Errorf("Evaluate(start, black to move) = %d, want the tempo bonus %d", got, want)
	}
	noQueen := "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
	if got := eval(t, noQueen+" w KQkq - 0 1"); got <= 800 {
		t.Errorf("Evaluate(queen up, to move) = %d, want > 800", got)
	}
	if got := eval(t, noQueen+" b KQkq - 0 1"); got >= -800 {
		t.Errorf("Evaluate(queen down, to move) = %d, want < -800", got)
	}
	seventh, second := eval(t, "6k1/P7/8/8/8/8/8/6K1 w - - 0 1"), eval(t, "6k1/8/8/8/8/8/P7/6K1 w - - 0 1")
	if seventh <= second {
		t.Errorf("Evaluate(passed pawn on a7) = %d, want more than on a2 (%d)", seventh, second)
	}
	// In the endgame every step forward is worth more. In the middlegame a
	// passed pawn near home is the piece-square table's business as much as
	// this bonus (the tuner cannot tell them apart), so only from the fourth
	// rank on must each step be worth more.
	for r := 1; r < 6; r++ {
		if passedPawnEG[r+1] <= passedPawnEG[r] || r >= 3 && passedPawnMG[r+1] <= passedPawnMG[r] {
			t.Errorf("passed pawn bonus at relative rank %d is not above rank %d", r+1, r)
		}
	}
}

func TestBishopPair(t *testing.T) {
	// White has two bishops, Black a bishop and a knight.
	p := movegen.MustParseFEN("4k3/pppn1ppp/4b3/8/8/4B3/PPPB1PPP/4K3 w - - 0 1")
	tr := Breakdown(&p)
	if got, want := tr.Terms[TermBishopPair][movegen.White], (Pair{bishopPairMG, bishopPairEG}); got != want {
		t.Errorf("Breakdown(%q) bishop pair for White = %v, want %v", p.String(), got, want)
	}
	if got := tr.Terms[TermBishopPair][movegen.Black]; got != (Pair{}) {
		t.Errorf("Breakdown(%q) bishop pair for Black = %v, want none", p.String(), got)
	}
}

func TestDrawishScale(t *testing.T) {
	tests := []struct {
		fen   string
		scale int
	}{
		{"8/8/4k3/8/8/3BK3/8/8 w - - 0 1", scaleCannotWin},            // KB v K
		{"8/8/4k3/8/8/3NK3/8/8 b - - 0 1", scaleCannotWin},            // KN v K
		{"8/8/4k3/8/8/2NNK3/8/8 w - - 0 1", scaleCannotWin},           // KNN v K
		{"8/8/2b1k3/8/8/3RK3/8/8 w - - 0 1", scaleNoPawnsSmallEdge},   // KR v KB
		{"8/8/2b1k3/6p1/8/3RK3/8/8 w - - 0 1", scaleNoPawnsSmallEdge}, // KR v KBP
		{"8/8/2r1k3/8/8/3RK3/3B4/8 w - - 0 1", scaleNoPawnsSmallEdge}, // KRB v KR: a bishop's edge exactly
		{"8/8/4k3/8/8/3RK3/8/8 w - - 0 1", scaleNormal},               // KR v K
		{"8/5p2/2b1k3/8/8/3BK3/5P2/8 w - - 0 1", scaleNormal},         // same-coloured bishops
		{"8/5p2/3bk3/8/P7/3BK3/5P2/8 w - - 0 1", scaleOppositeBishops},
	}
	for _, tt := range tests {
		p := movegen.MustParseFEN(tt.fen)
		if got := Breakdown(&p).Scale; got != tt.scale {
			t.Errorf("Breakdown(%q).Scale = %d, want %d", tt.fen, got, tt.scale)
		}
	}
	if got := eval(t, "8/8/4k3/8/8/3BK3/8/8 w - - 0 1"); got != Draw {
		t.Errorf("Evaluate(KB v K) = %d, want %d", got, Draw)
	}
}

// TestPhaseCapped checks that material beyond the starting set, as after
// promotions, counts as a full middlegame instead of extrapolating the blend
// past its end.
func TestPhaseCapped(t *testing.T) {
	p := movegen.MustParseFEN("qqq1k1q1/pppp4/8/8/8/8/PPPP4/QQQ1K1Q1 w - - 0 1")
	tr := Breakdown(&p)
	if tr.Phase != phaseMax {
		t.Errorf("Breakdown(%q).Phase = %d, want %d", p.String(), tr.Phase, phaseMax)
	}
	if want := taper(tr.MG, tr.EG, phaseMax); tr.White != want {
		t.Errorf("Breakdown(%q).White = %d, want the middlegame score %d", p.String(), tr.White, want)
	}
}

// TestMobilityDirectLookup checks that slider mobility counts exactly the
// squares the direct-lookup tables return: adding a blocker changes White's
// mobility term by the table entries of the old and new counts.
func TestMobilityDirectLookup(t *testing.T) {
	tests := []struct {
		name         string
		before       string // kings on h1 and a8 stay off the slider's lines
		after        string
		sq           movegen.Square
		n0, n1       int
		mobMG, mobEG []Score
	}{
		{"rook, enemy blocker", "k7/8/8/8/3R4/8/8/7K w - - 0 1", "k7/8/3n4/8/3R4/8/8/7K w - - 0 1", 27, 14, 12, rookMobilityMG[:], rookMobilityEG[:]},
		{"rook, own blocker", "k7/8/8/8/3R4/8/8/7K w - - 0 1", "k7/8/3P4/8/3R4/8/8/7K w - - 0 1", 27, 14, 11, rookMobilityMG[:], rookMobilityEG[:]},
		{"bishop, enemy blocker", "k7/8/8/8/3B4/8/8/7K w - - 0 1", "k7/8/5n2/8/3B4/8/8/7K w - - 0 1", 27, 13, 11, bishopMobilityMG[:], bishopMobilityEG[:]},
		{"queen, enemy blocker", "k7/8/8/8/3Q4/8/8/7K w - - 0 1", "k7/8/3n4/8/3Q4/8/8/7K w - - 0 1", 27, 27, 25, queenMobilityMG[:], queenMobilityEG[:]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p0, p1 := movegen.MustParseFEN(tt.before), movegen.MustParseFEN(tt.after)
			for i, p := range []*movegen.Position{&p0, &p1} {
				want := []int{tt.n0, tt.n1}[i]
				var att movegen.Bitboard
				switch p.PieceOn(tt.sq).Type() {
				case movegen.Rook:
					att = movegen.RookAttacks(tt.sq, p.Occupied())
				case movegen.Bishop:
					att = movegen.BishopAttacks(tt.sq, p.Occupied())
				default:
					att = movegen.QueenAttacks(tt.sq, p.Occupied())
				}
				if got := (att &^ p.ColorBB(movegen.White)).Count(); got != want {
					t.Fatalf("direct-lookup attacks from %s in %q: %d squares, want %d", tt.sq, p.String(), got, want)
				}
			}
			m0 := Breakdown(&p0).Terms[TermMobility][movegen.White]
			m1 := Breakdown(&p1).Terms[TermMobility][movegen.White]
			want := Pair{tt.mobMG[tt.n1] - tt.mobMG[tt.n0], tt.mobEG[tt.n1] - tt.mobEG[tt.n0]}
			if got := (Pair{m1.MG - m0.MG, m1.EG - m0.EG}); got != want {
				t.Errorf("White mobility change %q -> %q = %v, want %v (%d -> %d squares)", tt.before, tt.after, got, want, tt.n0, tt.n1)
			}
		})
	}
}

// TestMobilityExcludesPawnAttacks: a square an enemy pawn guards is not
// mobility, so a black pawn on c6 guarding d5 (but blocking nothing) costs the
// d4 rook one square.
func TestMobilityExcludesPawnAttacks(t *testing.T) {
	p0 := movegen.MustParseFEN("k7/8/8/8/3R4/8/8/7K w - - 0 1")
	p1 := movegen.MustParseFEN("k7/8/2p5/8/3R4/8/8/7K w - - 0 1")
	m0 := Breakdown(&p0).Terms[TermMobility][movegen.White]
	m1 := Breakdown(&p1).Terms[TermMobility][movegen.White]
	want := Pair{rookMobilityMG[13] - rookMobilityMG[14], rookMobilityEG[13] - rookMobilityEG[14]}
	if got := (Pair{m1.MG - m0.MG, m1.EG - m0.EG}); got != want {
		t.Errorf("White mobility change with a black pawn on c6 = %v, want %v", got, want)
	}
}

// TestMobilityTables: each square more changes the score in one phase at
// least, so that the mobility tests above can see every square; and for the
// knight and the sliders the fullest entry beats the emptiest in both phases.
// The tuner fits each entry to data, so neighbours need not rise one by one,
// and a king's squares in the middlegame are exposure as much as freedom.
func TestMobilityTables(t *testing.T) {
	tables := []struct {
		name   string
		mg, eg []Score
	}{
		{"knight", knightMobilityMG[:], knightMobilityEG[:]},
		{"bishop", bishopMobilityMG[:], bishopMobilityEG[:]},
		{"rook", rookMobilityMG[:], rookMobilityEG[:]},
		{"queen", queenMobilityMG[:], queenMobilityEG[:]},
		{"king", kingMobilityMG[:], kingMobilityEG[:]},
	}
	for _, tt := range tables {
		for n := 1; n < len(tt.eg); n++ {
			if tt.mg[n] == tt.mg[n-1] && tt.eg[n] == tt.eg[n-1] {
				t.Errorf("%s mobility %d squares = (%d, %d), the same as %d squares'", tt.name, n, tt.mg[n], tt.eg[n], n-1)
			}
		}
		last := len(tt.eg) - 1
		if tt.name != "king" && (tt.mg[last] <= tt.mg[0] || tt.eg[last] <= tt.eg[0]) {
			t.Errorf("%s mobility: %d squares = (%d, %d), want above no square's (%d, %d)",
				tt.name, last, tt.mg[last], tt.eg[last], tt.mg[0], tt.eg[0])
		}
	}
}

func TestTraceString(t *testing.T) {
	p := movegen.MustParseFEN(movegen.StartFEN)
	s := Breakdown(&p).String()
	for term := Term(0); term < NumTerms; term++ {
		if !strings.Contains(s, term.String()) {
			t.Errorf("Trace.String() has no line for %s:\n%s", term, s)
		}
	}
	if !strings.Contains(s, fmt.Sprintf("Final: %d cp", tempoMG)) {
		t.Errorf("Trace.String() lacks the final score:\n%s", s)
	}
}

func BenchmarkEvaluate(b *testing.B) {
	ps := loadFENs(b, "../testdata/wac.epd")
	b.ReportAllocs()
	b.ResetTimer()
	var sink Score
	for i := 0; i < b.N; i++ {
		sink += Evaluate(&ps[i%len(ps)])
	}
	_ = sink
}
