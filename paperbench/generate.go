package paperbench

//go:generate go run ./internal/stencil

import (
	"github.com/sightline-chess/sightline/movegen"
	"github.com/sightline-chess/sightline/movegen/sliders"
)

// This file is the one move generator of the benchmark, written once for any
// slider method M. Only the calls to m differ between methods: the lookups
// m.rook and m.bishop, and the two occupancy updates m.lift and m.enPassant,
// since a method keeps up to date only the boards it reads. Everything
// around them (pawns, knights, king, pins, check, castling, en passant) is
// the same code. The timed code is not this generic function but its copies
// stencil_*.go, which go:generate writes from this file with M replaced by
// each method's type, so that the lookups inline (Go calls methods of a type
// parameter through a dictionary otherwise).
//
// Like movegen, it generates legal moves directly: king moves avoid the
// squares the enemy attacks with the king lifted off the board, pinned pieces
// stay on their pin line, and in check only the king moves or the checker is
// captured or blocked. Slider lookups happen for the enemy's attacks, for the
// checkers and for our own bishops, rooks and queens (and for the rare en
// passant check); pins are found from movegen's empty-board rays and
// Between, with no lookup at all, so every method shares them.

// generateLegal appends every legal move of b to ml, with the slider attacks
// of method m.
func generateLegal[M sliderMethod](m M, b *board, ml *movegen.MoveList) {
	us, them := b.side, b.side.Other()
	own := b.colour[us]
	ksq := b.king[us]

	// Step 1. King moves: to any square not attacked once the king has left
	// its own (a slider's ray goes on through the square the king leaves).
	// Lifting the king is the one board update here, and each method pays
	// for its own: rotated bitboards clear the king in all four boards,
	// the others in the one occupancy they read.
	var lifted sliders.RotatedBoards
	m.lift(&lifted, &b.occ, ksq)
	danger := attackedBy(m, b, them, &lifted)
	addMoves(b, ml, ksq, movegen.KingAttacks(ksq)&^own&^danger)

	// Step 2. Check: in double check only the king moves; in single check the
	// other pieces must capture the checker or block its ray.
	enemy := &b.pieces[them]
	checkers := movegen.KnightAttacks(ksq)&enemy[movegen.Knight] |
		movegen.PawnAttacks(us, ksq)&enemy[movegen.Pawn] |
		m.rook(ksq, &b.occ)&(enemy[movegen.Rook]|enemy[movegen.Queen]) |
		m.bishop(ksq, &b.occ)&(enemy[movegen.Bishop]|enemy[movegen.Queen])
	if checkers.Several() {
		return
	}
	checkMask := ^movegen.Bitboard(0)
	if checkers != 0 {
		checkMask = movegen.Between(ksq, checkers.First()) | checkers
	} else {
		generateCastling(b, ml, danger)
	}

	// Step 3. Pins: an enemy slider on an empty-board ray of the king with
	// exactly one piece between, and that piece ours.
	pinned := pinnedPieces(b, ksq)

	// Step 4. Pawns, as whole sets; en passant checked on its own board.
	generatePawns(m, b, ml, pinned, checkMask)

	// Step 5. Knights (a pinned knight never moves) and sliders.
	targets := ^own & checkMask
	mine := &b.pieces[us]
	for bb := mine[movegen.Knight] &^ pinned; bb != 0; bb &= bb - 1 {
		from := bb.First()
		addMoves(b, ml, from, movegen.KnightAttacks(from)&targets)
	}
	for bb := mine[movegen.Bishop] | mine[movegen.Queen]; bb != 0; bb &= bb - 1 {
		from := bb.First()
		t := m.bishop(from, &b.occ) & targets
		if pinned.Has(from) {
			t &= movegen.LineThrough(ksq, from)
		}
		addMoves(b, ml, from, t)
	}
	for bb := mine[movegen.Rook] | mine[movegen.Queen]; bb != 0; bb &= bb - 1 {
		from := bb.First()
		t := m.rook(from, &b.occ) & targets
		if pinned.Has(from) {
			t &= movegen.LineThrough(ksq, from)
		}
		addMoves(b, ml, from, t)
	}
}

// attackedBy returns every square c's pieces attack with the occupancy o.
func attackedBy[M sliderMethod](m M, b *board, c movegen.Color, o *sliders.RotatedBoards) movegen.Bitboard {
	pcs := &b.pieces[c]
	att := pawnAttacksSet(c, pcs[movegen.Pawn]) | movegen.KingAttacks(b.king[c])
	for bb := pcs[movegen.Knight]; bb != 0; bb &= bb - 1 {
		s := bb.First()
		att |= movegen.KnightAttacks(s)
	}
	for bb := pcs[movegen.Bishop] | pcs[movegen.Queen]; bb != 0; bb &= bb - 1 {
		s := bb.First()
		att |= m.bishop(s, o)
	}
	for bb := pcs[movegen.Rook] | pcs[movegen.Queen]; bb != 0; bb &= bb - 1 {
		s := bb.First()
		att |= m.rook(s, o)
	}
	return att
}

// generatePawns writes pawn pushes, captures, promotions and en passant.
// Unpinned pawns move as whole sets by shifting; pinned pawns one by one,
// each kept on its pin line.
func generatePawns[M sliderMethod](m M, b *board, ml *movegen.MoveList, pinned, checkMask movegen.Bitboard) {
	us := b.side
	pawns := b.pieces[us][movegen.Pawn]
	ksq := b.king[us]
	generatePawnSet(b, ml, pawns&^pinned, checkMask)
	for bb := pawns & pinned; bb != 0; bb &= bb - 1 {
		from := bb.First()
		generatePawnSet(b, ml, from.Bitboard(), checkMask&movegen.LineThrough(ksq, from))
	}
	if b.ep == movegen.NoSquare {
		return
	}
	for bb := movegen.PawnAttacks(us.Other(), b.ep) & pawns; bb != 0; bb &= bb - 1 {
		from := bb.First()
		if enPassantIsLegal(m, b, from) {
			ml.Moves[ml.N&(movegen.MaxMoves-1)] = special(from, b.ep, movegen.EnPassant, movegen.Knight)
			ml.N++
		}
	}
}

// enPassantIsLegal plays the capture on a copy of the occupancy, in the
// orientations m reads, and asks whether our king is then attacked. This
// covers what no pin mask sees: both pawns leaving the king's rank at once,
// and a check the capture does or does not answer.
func enPassantIsLegal[M sliderMethod](m M, b *board, from movegen.Square) bool {
	us, them := b.side, b.side.Other()
	captured := b.ep ^ 8
	var o sliders.RotatedBoards
	m.enPassant(&o, &b.occ, from, captured, b.ep)
	enemy := &b.pieces[them]
	ksq := b.king[us]
	att := m.rook(ksq, &o)&(enemy[movegen.Rook]|enemy[movegen.Queen]) |
		m.bishop(ksq, &o)&(enemy[movegen.Bishop]|enemy[movegen.Queen]) |
		movegen.KnightAttacks(ksq)&enemy[movegen.Knight] |
		movegen.PawnAttacks(us, ksq)&enemy[movegen.Pawn]&^captured.Bitboard()
	return att == 0
}

// The rest of the generator reads no slider attacks, so one copy serves
// every method.

// pinnedPieces returns the side to move's pieces that stand alone between
// its king on ksq and an enemy slider that would attack the king without them.
func pinnedPieces(b *board, ksq movegen.Square) movegen.Bitboard {
	us, them := b.side, b.side.Other()
	enemy := &b.pieces[them]
	snipers := movegen.RookRays(ksq)&(enemy[movegen.Rook]|enemy[movegen.Queen]) |
		movegen.BishopRays(ksq)&(enemy[movegen.Bishop]|enemy[movegen.Queen])
	occ := movegen.Bitboard(b.occ.Occ)
	var pinned movegen.Bitboard
	for ; snipers != 0; snipers &= snipers - 1 {
		between := movegen.Between(ksq, snipers.First()) & occ
		if between != 0 && !between.Several() {
			pinned |= between
		}
	}
	return pinned & b.colour[us]
}

// generatePawnSet writes the pushes, captures and promotions of the pawns in
// set whose destination lies in allowed.
func generatePawnSet(b *board, ml *movegen.MoveList, set, allowed movegen.Bitboard) {
	us := b.side
	empty := ^movegen.Bitboard(b.occ.Occ)
	enemy := b.colour[us.Other()]
	promoRank, thirdRank, up := movegen.Rank8, movegen.Rank3, 8
	if us == movegen.Black {
		promoRank, thirdRank, up = movegen.Rank1, movegen.Rank6, -8
	}
	push1 := pawnPush(us, set) & empty
	push2 := pawnPush(us, push1&thirdRank) & empty & allowed
	push1 &= allowed
	capWest := pawnPush(us, (set&^movegen.FileA)>>1) & enemy & allowed // towards the a-file
	capEast := pawnPush(us, (set&^movegen.FileH)<<1) & enemy & allowed // towards the h-file
	addPawnMoves(b, ml, push1&^promoRank, up)
	addPawnMoves(b, ml, push2, 2*up)
	addPawnMoves(b, ml, capWest&^promoRank, up-1)
	addPawnMoves(b, ml, capEast&^promoRank, up+1)
	addPromotions(b, ml, push1&promoRank, up)
	addPromotions(b, ml, capWest&promoRank, up-1)
	addPromotions(b, ml, capEast&promoRank, up+1)
}

// generateCastling writes the castling moves of the side to move, which is
// not in check: the squares between king and rook must be empty, and the
// squares the king crosses and lands on not attacked. In standard chess the
// rook never shields those squares, so the king-lifted danger map answers.
func generateCastling(b *board, ml *movegen.MoveList, danger movegen.Bitboard) {
	us := b.side
	ksq := b.king[us]
	occ := movegen.Bitboard(b.occ.Occ)
	for i := 2 * int(us); i < 2*int(us)+2; i++ {
		rsq := b.castleRook[i]
		if rsq == movegen.NoSquare {
			continue
		}
		kto, rto := movegen.NewSquare(6, ksq.Rank()), movegen.NewSquare(5, ksq.Rank())
		if rsq < ksq {
			kto, rto = movegen.NewSquare(2, ksq.Rank()), movegen.NewSquare(3, ksq.Rank())
		}
		kingPath := movegen.Between(ksq, kto) | kto.Bitboard()
		path := (kingPath | movegen.Between(rsq, rto) | rto.Bitboard()) &^ (ksq.Bitboard() | rsq.Bitboard())
		if path&occ == 0 && kingPath&danger == 0 {
			ml.Moves[ml.N&(movegen.MaxMoves-1)] = special(ksq, rsq, movegen.Castling, movegen.Knight)
			ml.N++
		}
	}
}

// addMoves writes a normal move from from to every square of to, or with
// b.countOnly only counts them.
//
// It writes eight moves per pass, whether or not eight remain: a loop that
// stops when the set runs out ends at a different count for every piece, and
// that branch, mispredicted about once per piece, cost more than writing the
// moves. The spare writes land past the last move and are overwritten or
// ignored; the window of eight always fits, since no position has more than
// 218 legal moves and the list holds 256. The set is cleared bit by bit with
// to &= to-1 rather than PopFirst, which takes its address and so keeps it
// in memory (see movegen.Bitboard.PopFirst), and the count lives in a local
// because Go cannot tell that writing ml.Moves leaves ml.N alone.
func addMoves(b *board, ml *movegen.MoveList, from movegen.Square, to movegen.Bitboard) {
	n, end := ml.N, ml.N+to.Count()
	ml.N = end
	if b.countOnly {
		return
	}
	for ; n < end; n += 8 {
		w := (*[8]movegen.Move)(ml.Moves[n:])
		w[0] = movegen.NewMove(from, to.First())
		to &= to - 1
		w[1] = movegen.NewMove(from, to.First())
		to &= to - 1
		w[2] = movegen.NewMove(from, to.First())
		to &= to - 1
		w[3] = movegen.NewMove(from, to.First())
		to &= to - 1
		w[4] = movegen.NewMove(from, to.First())
		to &= to - 1
		w[5] = movegen.NewMove(from, to.First())
		to &= to - 1
		w[6] = movegen.NewMove(from, to.First())
		to &= to - 1
		w[7] = movegen.NewMove(from, to.First())
		to &= to - 1
	}
}

// addPawnMoves writes a move to every square of to from the square delta
// behind it, or with b.countOnly counts them. (Eight at a pass, as in
// addMoves, measured slower here: pawn sets are often empty or single.)
func addPawnMoves(b *board, ml *movegen.MoveList, to movegen.Bitboard, delta int) {
	if b.countOnly {
		ml.N += to.Count()
		return
	}
	n := ml.N
	for ; to != 0; to &= to - 1 {
		t := to.First()
		ml.Moves[n&(movegen.MaxMoves-1)] = movegen.NewMove(movegen.Square(int(t)-delta), t)
		n++
	}
	ml.N = n
}

// addPromotions writes the four promotions to every square of to, or with
// b.countOnly counts them.
func addPromotions(b *board, ml *movegen.MoveList, to movegen.Bitboard, delta int) {
	if b.countOnly {
		ml.N += 4 * to.Count()
		return
	}
	n := ml.N
	for ; to != 0; to &= to - 1 {
		t := to.First()
		for pt := movegen.Knight; pt <= movegen.Queen; pt++ {
			ml.Moves[n&(movegen.MaxMoves-1)] = special(movegen.Square(int(t)-delta), t, movegen.Promotion, pt)
			n++
		}
	}
	ml.N = n
}

// special builds a promotion, en passant or castling move in movegen's
// documented packing (from 0-5, to 6-11, promotion piece 12-13, kind 14-15);
// movegen keeps its own constructor unexported. The check against
// GenerateLegal would catch any drift.
func special(from, to movegen.Square, k movegen.MoveKind, promo movegen.PieceType) movegen.Move {
	return movegen.NewMove(from, to) | movegen.Move(promo-movegen.Knight)<<12 | movegen.Move(k)
}

// pawnPush moves b one rank forward for c.
func pawnPush(c movegen.Color, b movegen.Bitboard) movegen.Bitboard {
	if c == movegen.White {
		return b << 8
	}
	return b >> 8
}

// pawnAttacksSet returns every square attacked by the pawns b of colour c.
func pawnAttacksSet(c movegen.Color, b movegen.Bitboard) movegen.Bitboard {
	if c == movegen.White {
		return (b&^movegen.FileA)<<7 | (b&^movegen.FileH)<<9
	}
	return (b&^movegen.FileA)>>9 | (b&^movegen.FileH)>>7
}
