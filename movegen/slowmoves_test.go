package movegen

import (
	"slices"
	"strings"
	"testing"
)

// A second oracle, for Chess960, which notnil does not play: the legal moves
// found the slow way, from the board array alone. Every move that the pieces'
// geometry allows is played on a copy of the array and kept when the mover's
// king is not attacked afterwards. Castling follows the Chess960 rules
// directly: king and rook end on the g and f (or c and d) files, every square
// either passes over or lands on is empty but for the two of them, the king is
// not in check, and no square the king passes over or lands on is attacked
// with the rook lifted off.
//
// The oracle keeps its own game state (slowGame): the castling rooks and the
// en-passant square come from the FEN's own fields and from the moves played,
// never from the Position under test, so that a wrong castling right or
// en-passant square in the engine shows as a different move list.

// slowBoardAttacked reports whether any piece of colour by attacks s on board.
func slowBoardAttacked(board *[64]Piece, s Square, by Color) bool {
	var occ Bitboard
	for q, pc := range board {
		if pc != NoPiece {
			occ |= Square(q).Bitboard()
		}
	}
	for q, pc := range board {
		if pc != NoPiece && pc.Color() == by && slowAttacks(pc, Square(q), occ).Has(s) {
			return true
		}
	}
	return false
}

func slowKing(board *[64]Piece, c Color) Square {
	for q, pc := range board {
		if pc == MakePiece(c, King) {
			return Square(q)
		}
	}
	return NoSquare
}

// slowGame is the slow oracle's record of one Chess960 game.
type slowGame struct {
	board    [64]Piece
	us       Color
	castlers Bitboard // rooks that keep their castling right
	ep       Square   // the square a pawn skipped on the last move, or NoSquare
}

// newSlowGame reads fen's board and side to move (through ParseFEN, whose
// round trip is tested on its own) and its castling and en-passant fields
// itself: Shredder letters name the rook's file, K and Q the outermost rook
// on that side of the king.
func newSlowGame(t *testing.T, fen string) slowGame {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	g := slowGame{us: p.SideToMove(), ep: NoSquare}
	for s := Square(0); s < 64; s++ {
		g.board[s] = p.PieceOn(s)
	}
	fields := strings.Fields(fen)
	for _, c := range fields[2] {
		if c == '-' {
			break
		}
		color, letter, rank := White, c, 0
		if c >= 'a' && c <= 'z' {
			color, letter, rank = Black, c-'a'+'A', 7
		}
		rook, king := MakePiece(color, Rook), slowKing(&g.board, color)
		rsq := NoSquare
		switch {
		case letter == 'K':
			for f := 7; f > king.File(); f-- {
				if s := NewSquare(f, rank); g.board[s] == rook && rsq == NoSquare {
					rsq = s
				}
			}
		case letter == 'Q':
			for f := 0; f < king.File(); f++ {
				if s := NewSquare(f, rank); g.board[s] == rook && rsq == NoSquare {
					rsq = s
				}
			}
		case letter >= 'A' && letter <= 'H':
			rsq = NewSquare(int(letter-'A'), rank)
		}
		if rsq == NoSquare || g.board[rsq] != rook {
			t.Fatalf("%q: castling letter %c names no rook", fen, c)
		}
		g.castlers |= rsq.Bitboard()
	}
	if fields[3] != "-" {
		sq, ok := ParseSquare(fields[3])
		if !ok {
			t.Fatalf("%q: bad en-passant square", fen)
		}
		g.ep = sq
	}
	return g
}

// play makes move (Chess960 UCI: castling as king takes own rook) on the
// oracle's board and updates its castling rooks and en-passant square.
func (g *slowGame) play(t *testing.T, move string) {
	t.Helper()
	from, okFrom := ParseSquare(move[0:2])
	to, okTo := ParseSquare(move[2:4])
	if !okFrom || !okTo {
		t.Fatalf("slowGame.play(%q): not a move", move)
	}
	pc, rank := g.board[from], 0
	if g.us == Black {
		rank = 7
	}
	g.ep = NoSquare
	g.castlers &^= from.Bitboard() | to.Bitboard() // a rook moved or was taken
	switch {
	case pc.Type() == King && g.board[to] == MakePiece(g.us, Rook):
		kto, rto := NewSquare(6, rank), NewSquare(5, rank)
		if to < from {
			kto, rto = NewSquare(2, rank), NewSquare(3, rank)
		}
		g.board[from], g.board[to] = NoPiece, NoPiece
		g.board[kto], g.board[rto] = pc, MakePiece(g.us, Rook)
	case pc.Type() == Pawn && from.File() != to.File() && g.board[to] == NoPiece:
		g.board[NewSquare(to.File(), from.Rank())] = NoPiece // en passant
		g.board[to], g.board[from] = pc, NoPiece
	default:
		if pc.Type() == Pawn && (int(to)-int(from) == 16 || int(from)-int(to) == 16) {
			g.ep = Square((int(from) + int(to)) / 2)
		}
		if len(move) == 5 {
			promo, ok := map[byte]PieceType{'q': Queen, 'r': Rook, 'b': Bishop, 'n': Knight}[move[4]]
			if !ok {
				t.Fatalf("slowGame.play(%q): bad promotion letter", move)
			}
			pc = MakePiece(g.us, promo)
		}
		g.board[to], g.board[from] = pc, NoPiece
	}
	if pc.Type() == King {
		g.castlers &^= Rank1 << (8 * rank)
	}
	g.us = g.us.Other()
}

// legalMoves returns the game's legal moves in Chess960 UCI notation, sorted.
func (g *slowGame) legalMoves() []string {
	board := g.board
	us, them := g.us, g.us.Other()
	var occ Bitboard
	for s, pc := range board {
		if pc != NoPiece {
			occ |= Square(s).Bitboard()
		}
	}
	var out []string
	// try plays from-to (with an optional promotion letter and a captured
	// square other than to, for en passant) and keeps it if the king is safe.
	try := func(from, to Square, promo string, captured Square) {
		b := board
		if captured != NoSquare {
			b[captured] = NoPiece
		}
		b[to], b[from] = b[from], NoPiece
		if !slowBoardAttacked(&b, slowKing(&b, us), them) {
			out = append(out, from.String()+to.String()+promo)
		}
	}
	for from := Square(0); from < 64; from++ {
		pc := board[from]
		if pc == NoPiece || pc.Color() != us {
			continue
		}
		var targets Bitboard
		if pc.Type() == Pawn {
			dir, start, last := 8, 1, 7
			if us == Black {
				dir, start, last = -8, 6, 0
			}
			one := Square(int(from) + dir)
			if board[one] == NoPiece {
				targets |= one.Bitboard()
				if two := Square(int(from) + 2*dir); from.Rank() == start && board[two] == NoPiece {
					targets |= two.Bitboard()
				}
			}
			for b := slowAttacks(pc, from, occ); b != 0; {
				to := b.PopFirst()
				if board[to] != NoPiece && board[to].Color() == them {
					targets |= to.Bitboard()
				}
				if to == g.ep {
					try(from, to, "", NewSquare(to.File(), from.Rank()))
				}
			}
			for b := targets; b != 0; {
				to := b.PopFirst()
				if to.Rank() == last {
					for _, promo := range []string{"q", "r", "b", "n"} {
						try(from, to, promo, NoSquare)
					}
				} else {
					try(from, to, "", NoSquare)
				}
			}
			continue
		}
		targets = slowAttacks(pc, from, occ)
		for b := targets; b != 0; {
			to := b.PopFirst()
			if board[to] == NoPiece || board[to].Color() == them {
				try(from, to, "", NoSquare)
			}
		}
	}

	// Castling.
	ksq := slowKing(&board, us)
	if !slowBoardAttacked(&board, ksq, them) {
		rank := 0
		if us == Black {
			rank = 7
		}
		// Rooks keep a right only while their king has not moved, so the
		// king stands on the same back rank.
		for rooks := g.castlers & (Rank1 << (8 * rank)); rooks != 0; rooks &= rooks - 1 {
			rsq := rooks.First()
			kto, rto := NewSquare(6, rank), NewSquare(5, rank)
			if rsq < ksq {
				kto, rto = NewSquare(2, rank), NewSquare(3, rank)
			}
			span := func(a, b Square) []Square { // a..b inclusive, along the rank
				var sq []Square
				for f := min(a.File(), b.File()); f <= max(a.File(), b.File()); f++ {
					sq = append(sq, NewSquare(f, rank))
				}
				return sq
			}
			ok := true
			for _, s := range append(span(ksq, kto), span(rsq, rto)...) {
				if s != ksq && s != rsq && board[s] != NoPiece {
					ok = false
				}
			}
			lifted := board
			lifted[rsq] = NoPiece
			for _, s := range span(ksq, kto) {
				if ok && slowBoardAttacked(&lifted, s, them) {
					ok = false
				}
			}
			if ok {
				out = append(out, ksq.String()+rsq.String())
			}
		}
	}
	slices.Sort(out)
	return out
}

// checkAgainstSlowMoves fails unless p's legal moves equal the slow ones of g,
// the same game kept by the oracle.
func checkAgainstSlowMoves(t *testing.T, p *Position, g *slowGame, history []string) {
	t.Helper()
	for s := Square(0); s < 64; s++ {
		if p.PieceOn(s) != g.board[s] {
			t.Fatalf("after %s the engine has %v on %v, the oracle %v (engine FEN %q)",
				strings.Join(history, " "), p.PieceOn(s), s, g.board[s], p.String())
		}
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	var got []string
	for _, m := range ml.Slice() {
		got = append(got, m.UCI(true))
	}
	slices.Sort(got)
	want := g.legalMoves()
	if slices.Equal(got, want) {
		return
	}
	var extra, missing []string
	for _, s := range got {
		if !slices.Contains(want, s) {
			extra = append(extra, s)
		}
	}
	for _, s := range want {
		if !slices.Contains(got, s) {
			missing = append(missing, s)
		}
	}
	t.Fatalf("GenerateLegal(%q) after %s:\nnot legal: %v\nmissing: %v", p.String(), strings.Join(history, " "), extra, missing)
}

// TestAgainstSlowMoves compares the legal moves with the slow generator in
// Chess960 games from fischer.epd and on random Chess960 placements.
func TestAgainstSlowMoves(t *testing.T) {
	rng := testRand(0x5105)
	stride, boards := 1, 3000
	if testing.Short() {
		stride, boards = 8, 300
	}
	// The standard start position as a Chess960 one: fischer.epd and
	// random960FEN name castling rooks by file, this one by K and Q.
	starts := []string{StartFEN}
	for i, c := range readPerftSuite(t, "fischer.epd") {
		if i%stride == 0 {
			starts = append(starts, c.FEN)
		}
	}
	games := len(starts) // the start position and fischer.epd's, 30 plies each
	for len(starts) < games+boards {
		fen, _ := randomPosition(t, &rng, random960FEN)
		starts = append(starts, fen)
	}
	var seen featureCount
	positions := 0
	for i, fen := range starts {
		p, g := MustParseFEN(fen), newSlowGame(t, fen)
		history := []string{"(" + fen + ")"}
		plies := 12
		if i < games {
			plies = 30
		}
		for ply := 0; ; ply++ {
			checkAgainstSlowMoves(t, &p, &g, history)
			positions++
			var ml MoveList
			p.GenerateLegal(&ml)
			seen.count(&p, &ml)
			if ml.N == 0 || ply == plies {
				break
			}
			m := ml.Moves[rng.intn(ml.N)]
			history = append(history, m.UCI(true))
			p.MakeMove(m)
			g.play(t, m.UCI(true))
		}
	}
	t.Logf("%d Chess960 positions agree with the slow generator; %s", positions, seen)
	seen.require(t, featureCount{check: 2000, doubleCheck: 80, mate: 50, enPassant: 80, castling: 5000, promotion: 2000})
}
