package datafile

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/sightline-chess/sightline/movegen"
)

// boardSize is the size of a packed position: the first 28 bytes of a
// version-1 record, and the start position of a version-2 game.
//
//	0..7    occupancy, bit i set when square i (a1 = 0, h8 = 63) holds a piece
//	8..23   one nibble per occupied square, in square order, low nibble first:
//	        colour<<3 | piece type (1 pawn .. 6 king), or colour<<3 | 7 for a
//	        rook that still holds a castling right (Chess960 included)
//	24      side to move in bit 7 (1 black); en-passant square in bits 0..6
//	        (64: none; set only when a capture there is possible)
//	25      halfmove clock (capped at 255)
//	26..27  fullmove number
const boardSize = 28

// castleRookCode is the piece type nibble of a rook with a castling right.
const castleRookCode = 7

// encodeBoard packs p into b (boardSize bytes).
func encodeBoard(b []byte, p *movegen.Position) {
	occ := p.Occupied()
	binary.LittleEndian.PutUint64(b[0:], uint64(occ))
	castleRooks := movegen.Bitboard(0)
	for right := movegen.WhiteKingside; right <= movegen.BlackQueenside; right <<= 1 {
		if s := p.CastlingRook(right); s != movegen.NoSquare {
			castleRooks |= s.Bitboard()
		}
	}
	clear(b[8:24])
	i := 0
	for bb := occ; bb != 0; bb &= bb - 1 {
		s := bb.First()
		pc := p.PieceOn(s)
		code := byte(pc.Color())<<3 | byte(pc.Type())
		if castleRooks.Has(s) {
			code = byte(pc.Color())<<3 | castleRookCode
		}
		b[8+i/2] |= code << (4 * (i & 1))
		i++
	}
	b[24] = byte(p.EPSquare()) | byte(p.SideToMove())<<7
	b[25] = byte(min(p.HalfmoveClock(), 255))
	binary.LittleEndian.PutUint16(b[26:], uint16(p.FullmoveNumber()))
}

// decodeBoard unpacks a position from b (boardSize bytes). It goes through
// the FEN parser, so a damaged board is refused as a malformed FEN would be.
func decodeBoard(b []byte) (movegen.Position, error) {
	occ := movegen.Bitboard(binary.LittleEndian.Uint64(b[0:]))
	if occ.Count() > 32 {
		return movegen.Position{}, fmt.Errorf("a position holds %d pieces", occ.Count())
	}
	var board [64]byte // FEN letters, 0 for empty
	var castle []byte
	i := 0
	for bb := occ; bb != 0; bb &= bb - 1 {
		s := bb.First()
		code := b[8+i/2] >> (4 * (i & 1)) & 15
		i++
		t := movegen.PieceType(code & 7)
		c := movegen.Color(code >> 3)
		if t == castleRookCode {
			t = movegen.Rook
			letter := byte('A' + s.File())
			if c == movegen.Black {
				letter += 'a' - 'A'
			}
			castle = append(castle, letter)
		}
		if t < movegen.Pawn || t > movegen.King {
			return movegen.Position{}, fmt.Errorf("a position has piece code %d", code)
		}
		board[s] = movegen.MakePiece(c, t).String()[0]
	}
	var f strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := byte(0)
		for file := 0; file < 8; file++ {
			l := board[rank*8+file]
			if l == 0 {
				empty++
				continue
			}
			if empty > 0 {
				f.WriteByte('0' + empty)
				empty = 0
			}
			f.WriteByte(l)
		}
		if empty > 0 {
			f.WriteByte('0' + empty)
		}
		if rank > 0 {
			f.WriteByte('/')
		}
	}
	side := " w "
	if b[24]>>7 == 1 {
		side = " b "
	}
	f.WriteString(side)
	if len(castle) == 0 {
		f.WriteByte('-')
	} else {
		f.Write(castle)
	}
	f.WriteByte(' ')
	f.WriteString(movegen.Square(b[24] & 127).String())
	f.WriteString(" " + strconv.Itoa(int(b[25])) + " " + strconv.Itoa(int(binary.LittleEndian.Uint16(b[26:]))))
	pos, err := movegen.ParseFEN(f.String())
	if err != nil {
		return movegen.Position{}, fmt.Errorf("a stored position: %w", err)
	}
	return pos, nil
}
