package fit

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sightline-chess/sightline/movegen"
)

// errSAN is wrapped by every refusal of parseSAN, for tests to tell it from
// other errors.
var errSAN = errors.New("not a legal move in SAN")

// parseSAN returns the legal move of p that san names, in Standard
// Algebraic Notation as PGN writes it: "e4", "Nbd7", "R1e2", "exd6" (en
// passant too), "e8=Q" or "e8Q", "O-O" and "O-O-O" (or with zeros; in
// Chess960 the king's move towards the h-side or a-side rook), each perhaps
// with a check or mate sign and an annotation ("Qh5+", "Rxf7#", "Nf3!?").
// The capture sign is not checked, and more disambiguation than needed
// (long algebraic "Ng1f3", "Ng1-f3") is accepted: what matters is that
// exactly one legal move fits. Bad input is an error, never a panic.
func parseSAN(p *movegen.Position, san string) (movegen.Move, error) {
	s := strings.TrimRight(san, "+#!?")
	if s == "" {
		return movegen.NoMove, fmt.Errorf("%q: %w", san, errSAN)
	}
	var ml movegen.MoveList
	p.GenerateLegal(&ml)
	switch s {
	case "O-O", "0-0", "O-O-O", "0-0-0":
		// A castling move is stored as king takes own rook: the h-side
		// rook stands on a higher square than the king.
		kingside := len(s) == 3
		for _, m := range ml.Slice() {
			if m.Kind() == movegen.Castling && (m.To() > m.From()) == kingside {
				return m, nil
			}
		}
		return movegen.NoMove, fmt.Errorf("%s: castling not legal in %s: %w", san, p, errSAN)
	}

	piece := movegen.Pawn
	if i := strings.IndexByte("NBRQK", s[0]); i >= 0 {
		piece = movegen.Knight + movegen.PieceType(i)
		s = s[1:]
	}
	promo := movegen.NoPieceType
	if piece == movegen.Pawn && len(s) >= 3 {
		// "e8=Q", or "e8Q" with the promotion letter right after the rank.
		if i := strings.IndexByte("NBRQnbrq", s[len(s)-1]); i >= 0 && (s[len(s)-2] == '=' || s[len(s)-2] >= '1' && s[len(s)-2] <= '8') {
			promo = movegen.Knight + movegen.PieceType(i%4)
			s = strings.TrimSuffix(s[:len(s)-1], "=")
		}
	}
	if len(s) < 2 {
		return movegen.NoMove, fmt.Errorf("%q: no destination square: %w", san, errSAN)
	}
	to, ok := movegen.ParseSquare(s[len(s)-2:])
	if !ok {
		return movegen.NoMove, fmt.Errorf("%q: %q is not a square: %w", san, s[len(s)-2:], errSAN)
	}
	// What stands before the destination: the square or file or rank the
	// piece comes from, then perhaps a capture sign ("x", or "-" in long
	// algebraic).
	from := strings.TrimRight(s[:len(s)-2], "x:-")
	if piece == movegen.Pawn && from == "" && len(s) > 2 {
		return movegen.NoMove, fmt.Errorf("%q: a pawn's capture without the file it comes from: %w", san, errSAN)
	}
	fromFile, fromRank := -1, -1
	for i := 0; i < len(from); i++ {
		switch c := from[i]; {
		case c >= 'a' && c <= 'h' && fromFile < 0 && fromRank < 0:
			fromFile = int(c - 'a')
		case c >= '1' && c <= '8' && fromRank < 0:
			fromRank = int(c - '1')
		default:
			return movegen.NoMove, fmt.Errorf("%q: %q cannot say where the piece comes from: %w", san, from, errSAN)
		}
	}

	found := movegen.NoMove
	for _, m := range ml.Slice() {
		if m.Kind() == movegen.Castling || m.To() != to || p.PieceOn(m.From()).Type() != piece ||
			fromFile >= 0 && m.From().File() != fromFile || fromRank >= 0 && m.From().Rank() != fromRank ||
			piece == movegen.Pawn && fromFile < 0 && m.From().File() != to.File() { // "d5" is no capture
			continue
		}
		if m.Kind() == movegen.Promotion && m.Promotion() != promo || m.Kind() != movegen.Promotion && promo != movegen.NoPieceType {
			continue
		}
		if found != movegen.NoMove {
			return movegen.NoMove, fmt.Errorf("%s: ambiguous in %s (%s or %s): %w", san, p, found, m, errSAN)
		}
		found = m
	}
	if found == movegen.NoMove {
		return movegen.NoMove, fmt.Errorf("%s: no legal move fits in %s: %w", san, p, errSAN)
	}
	return found, nil
}
