package movegen

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// maxCounter bounds the FEN move counters: the largest the Position's 16-bit
// counters hold, so that every FEN the engine writes reads back.
const maxCounter = 65535

// ParseFEN reads a position in Forsyth-Edwards Notation. It is strict and never
// panics: the error names the first thing wrong. It accepts 4-field EPD
// positions (counters default to 0 and 1), X-FEN castling letters (KQkq meaning
// the outermost rook on that side) and Shredder-FEN file letters (HAha), so
// Chess960 positions load. An en-passant square no enemy pawn could capture on
// is dropped, so equal positions have equal keys and FENs.
func ParseFEN(fen string) (Position, error) {
	var p Position
	for i := 0; i < len(fen); i++ {
		if c := fen[i]; c != ' ' && c != '\t' && (c < 0x21 || c > 0x7e) {
			return Position{}, fmt.Errorf("fen: unexpected byte 0x%02x at offset %d", c, i)
		}
	}
	fields := strings.Fields(fen)
	if len(fields) != 4 && len(fields) != 6 {
		return Position{}, fmt.Errorf("fen: %d fields, want 6 (or 4 for EPD)", len(fields))
	}
	if err := p.parseBoard(fields[0]); err != nil {
		return Position{}, err
	}
	switch fields[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return Position{}, fmt.Errorf("fen: side to move %q, want w or b", fields[1])
	}
	if err := p.parseCastling(fields[2]); err != nil {
		return Position{}, err
	}
	if err := p.parseEP(fields[3]); err != nil {
		return Position{}, err
	}
	p.fullmove = 1
	if len(fields) == 6 {
		hm, err := parseCounter("halfmove clock", fields[4], 0)
		if err != nil {
			return Position{}, err
		}
		fm, err := parseCounter("fullmove number", fields[5], 0)
		if err != nil {
			return Position{}, err
		}
		p.halfmove, p.fullmove = uint16(hm), uint16(max(fm, 1))
	}
	them := p.side ^ 1
	if p.AttackersTo(p.KingSquare(them), p.Occupied())&p.byColor[p.side] != 0 {
		return Position{}, fmt.Errorf("fen: the side not to move (%s) is in check", colorName[them&1])
	}
	p.key = p.computeKey()
	p.updateCheckers()
	return p, nil
}

// MustParseFEN is ParseFEN for positions known to be valid, such as constants
// in tests and the bench; it panics on error.
func MustParseFEN(fen string) Position {
	p, err := ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	return p
}

func parseCounter(name, s string, lo int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > maxCounter || s[0] == '+' {
		return 0, fmt.Errorf("fen: %s %q, want a whole number from %d to %d", name, s, lo, maxCounter)
	}
	return n, nil
}

func (p *Position) parseBoard(board string) error {
	ranks := strings.Split(board, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("fen: %d ranks in the board, want 8", len(ranks))
	}
	for i, row := range ranks {
		r := 7 - i
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				if j > 0 && row[j-1] >= '0' && row[j-1] <= '9' {
					return fmt.Errorf("fen: rank %d has two digits in a row (%q); one digit counts a run of empty squares", r+1, row)
				}
				f += int(c - '0')
				if f > 8 {
					return fmt.Errorf("fen: rank %d has more than 8 squares", r+1)
				}
				continue
			}
			k := strings.IndexByte(pieceLetters, c)
			if k < 2 || c == ' ' {
				return fmt.Errorf("fen: %q on rank %d is not a piece letter", c, r+1)
			}
			if f >= 8 {
				return fmt.Errorf("fen: rank %d has more than 8 squares", r+1)
			}
			pc := Piece(k)
			if pc.Type() == Pawn && (r == 0 || r == 7) {
				return fmt.Errorf("fen: pawn on %s, pawns cannot stand on the first or last rank", NewSquare(f, r))
			}
			p.put(pc, NewSquare(f, r))
			f++
		}
		if f != 8 {
			return fmt.Errorf("fen: rank %d has %d squares, want 8", r+1, f)
		}
	}
	for _, c := range []Color{White, Black} {
		if n := p.Pieces(c, King).Count(); n != 1 {
			return fmt.Errorf("fen: %d %s kings, want exactly 1", n, colorName[c])
		}
	}
	// Every piece beyond the starting set was a pawn once. Material no game
	// can reach is refused because it can overflow a MoveList: a board of
	// queens has more than MaxMoves legal moves, while with reachable
	// material no position has more than 218 (Tobs40, 2024). Captures and
	// promotions keep this bound, so it holds for every position played on.
	for _, c := range []Color{White, Black} {
		n := p.Pieces(c, Pawn).Count() +
			max(p.Pieces(c, Knight).Count()-2, 0) + max(p.Pieces(c, Bishop).Count()-2, 0) +
			max(p.Pieces(c, Rook).Count()-2, 0) + max(p.Pieces(c, Queen).Count()-1, 0)
		if n > 8 {
			return fmt.Errorf("fen: %s has %d pawns and promoted pieces, more than the 8 pawns a side starts with", colorName[c], n)
		}
	}
	return nil
}

var colorName = [2]string{"white", "black"}

// parseCastling reads KQkq (X-FEN: the outermost rook on that side), or file
// letters A-H / a-h (Shredder-FEN: the rook on that file), or "-".
func (p *Position) parseCastling(s string) error {
	if s == "-" {
		return nil
	}
	if len(s) > 4 {
		return fmt.Errorf("fen: castling field %q is too long", s)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		color, lower := White, c
		if c >= 'a' && c <= 'z' {
			color = Black
		} else {
			lower = c + ('a' - 'A')
		}
		ksq := p.KingSquare(color)
		back := 0
		if color == Black {
			back = 7
		}
		if ksq.Rank() != back {
			return fmt.Errorf("fen: castling right %q but the %s king is not on its first rank", c, colorName[color])
		}
		rooks := p.Pieces(color, Rook) & (Rank1 << (8 * back))
		var rsq Square
		switch {
		case lower == 'k':
			side := rooks &^ (ksq.Bitboard()<<1 - 1) // rooks on the h-side of the king
			if side == 0 {
				return fmt.Errorf("fen: castling right %q but no %s rook on the king's h-side", c, colorName[color])
			}
			rsq = Square(63 - leadingZeros(side))
		case lower == 'q':
			side := rooks & (ksq.Bitboard() - 1) // rooks on the a-side
			if side == 0 {
				return fmt.Errorf("fen: castling right %q but no %s rook on the king's a-side", c, colorName[color])
			}
			rsq = side.First()
		case lower >= 'a' && lower <= 'h':
			rsq = NewSquare(int(lower-'a'), back)
			if !rooks.Has(rsq) {
				return fmt.Errorf("fen: castling right %q but no %s rook on %s", c, colorName[color], rsq)
			}
		default:
			return fmt.Errorf("fen: %q in the castling field is not a castling letter", c)
		}
		var right CastlingRights = WhiteQueenside
		if rsq > ksq {
			right = WhiteKingside
		}
		right <<= 2 * color
		if p.castling&right != 0 {
			return fmt.Errorf("fen: castling field %q gives one right twice", s)
		}
		p.castling |= right
		p.castleRook[Bitboard(right).First()] = rsq
	}
	return nil
}

func (p *Position) parseEP(s string) error {
	p.ep = NoSquare
	if s == "-" {
		return nil
	}
	sq, ok := ParseSquare(s)
	if !ok {
		return fmt.Errorf("fen: en-passant square %q is not a square", s)
	}
	them := p.side ^ 1
	if relativeRank(p.side, sq) != 5 {
		return fmt.Errorf("fen: en-passant square %s is not on the %s rank", sq, map[Color]string{White: "sixth", Black: "third"}[p.side])
	}
	pushed := sq ^ 8 // where the pawn that just double-pushed stands
	origin := sq ^ 24
	if p.board[pushed] != MakePiece(them, Pawn) || p.board[sq] != NoPiece || p.board[origin] != NoPiece {
		return fmt.Errorf("fen: en-passant square %s but no %s pawn has just moved two squares past it", sq, colorName[them])
	}
	if pawnAttacks[them][sq]&p.Pieces(p.side, Pawn) != 0 {
		p.ep = sq
	}
	return nil
}

// String returns the position in FEN. Castling is written KQkq when each rook
// is the outermost on its side of the king (always so in standard chess), and
// otherwise by the rook's file letter (Shredder-FEN).
func (p *Position) String() string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.board[NewSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteString(pc.String())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteString(p.side.String())
	b.WriteByte(' ')
	b.WriteString(p.castlingString())
	fmt.Fprintf(&b, " %s %d %d", p.ep, p.halfmove, p.fullmove)
	return b.String()
}

func (p *Position) castlingString() string {
	if p.castling == 0 {
		return "-"
	}
	var out []byte
	for i := 0; i < 4; i++ {
		right := CastlingRights(1) << i
		if p.castling&right == 0 {
			continue
		}
		color := Color(i / 2)
		rsq := p.castleRook[i]
		ksq := p.KingSquare(color)
		rooks := p.Pieces(color, Rook) & (Rank1 << (8 * rsq.Rank()))
		var outer Bitboard
		letter := byte('K')
		if rsq > ksq {
			outer = rooks &^ (rsq.Bitboard()<<1 - 1)
		} else {
			outer = rooks & (rsq.Bitboard() - 1)
			letter = 'Q'
		}
		if outer != 0 { // another rook further out: name the file
			letter = 'A' + byte(rsq.File())
		}
		if color == Black {
			letter += 'a' - 'A'
		}
		out = append(out, letter)
	}
	return string(out)
}

// ErrNoSuchMove is returned by ParseMove for a well-formed move that is not
// legal in the position.
var ErrNoSuchMove = errors.New("illegal move")
