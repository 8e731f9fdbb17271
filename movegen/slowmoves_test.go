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

// slowLegalMoves returns the legal moves of p in Chess960 UCI notation, sorted.
func slowLegalMoves(p *Position) []string {
	var board [64]Piece
	for s := Square(0); s < 64; s++ {
		board[s] = p.PieceOn(s)
	}
	us, them := p.SideToMove(), p.SideToMove().Other()
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
				if to == p.EPSquare() {
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
		for i := 0; i < 4; i++ {
			right := CastlingRights(1) << i
			if p.Castling()&right == 0 || Color(i/2) != us {
				continue
			}
			rsq := p.castleRook[i]
			rank := ksq.Rank()
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

// checkAgainstSlowMoves fails unless p's legal moves equal the slow ones.
func checkAgainstSlowMoves(t *testing.T, p *Position, history []string) {
	t.Helper()
	var ml MoveList
	p.GenerateLegal(&ml)
	var got []string
	for _, m := range ml.Slice() {
		got = append(got, m.UCI(true))
	}
	slices.Sort(got)
	want := slowLegalMoves(p)
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
	var starts []string
	for i, c := range readPerftSuite(t, "fischer.epd") {
		if i%stride == 0 {
			starts = append(starts, c.FEN)
		}
	}
	for len(starts) < 960/stride+boards {
		fen, _ := randomPosition(t, &rng, random960FEN)
		starts = append(starts, fen)
	}
	var seen featureCount
	positions := 0
	for i, fen := range starts {
		p := MustParseFEN(fen)
		history := []string{"(" + fen + ")"}
		plies := 12
		if i < 960/stride {
			plies = 30
		}
		for ply := 0; ; ply++ {
			checkAgainstSlowMoves(t, &p, history)
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
		}
	}
	t.Logf("%d Chess960 positions agree with the slow generator; %s", positions, seen)
	seen.require(t, featureCount{check: 2000, doubleCheck: 80, mate: 50, enPassant: 80, castling: 5000, promotion: 2000})
}
