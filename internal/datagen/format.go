package datagen

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sightline-chess/sightline/movegen"
)

// The file format, version 1 (docs/datagen.md has the same table).
//
// A file is a 16-byte header, then whole games, each a block:
//
//	header: "SLDG" | version uint16 | record size uint16 | 8 zero bytes
//	game:   count uint16 (1..MaxGamePlies) | count records of RecordSize bytes
//
// Integers are little-endian. A record is one position of a game:
//
//	0..7    occupancy, bit i set when square i (a1 = 0, h8 = 63) holds a piece
//	8..23   one nibble per occupied square, in square order, low nibble first:
//	        colour<<3 | piece type (1 pawn .. 6 king), or colour<<3 | 7 for a
//	        rook that still holds a castling right (Chess960 included)
//	24      side to move in bit 7 (1 black); en-passant square in bits 0..6
//	        (64: none; set only when a capture there is possible)
//	25      halfmove clock (capped at 255)
//	26..27  fullmove number
//	28..29  search score in centipawns from White's view (int16)
//	30      game result from White's view: 0 loss, 1 draw, 2 win
//	31      flags (FlagInCheck, FlagNoisyBest, FlagMateScore)
//	32..33  the move played (movegen.Move)
//
// Games are written whole, so a file cut short (a kill, a full disk) reads
// back up to its last whole game.
const (
	Magic      = "SLDG"
	Version    = 1
	RecordSize = 34
	headerSize = 16
	// MaxGamePlies bounds a game's block; games are adjudicated long before.
	MaxGamePlies = 1024
)

// Result is a game's outcome from White's view.
type Result uint8

// The three results, as stored.
const (
	BlackWins Result = 0
	Draw      Result = 1
	WhiteWins Result = 2
)

// Float is the result as a score for White: 0, 0.5 or 1.
func (r Result) Float() float64 { return float64(r) / 2 }

// Record flags, for filters that want quiet positions or no mate scores.
const (
	FlagInCheck   uint8 = 1 << iota // the side to move is in check
	FlagNoisyBest                   // the move played captures or promotes
	FlagMateScore                   // the score is a mate score
)

// Record is one stored position with what the game made of it.
type Record struct {
	Pos    movegen.Position
	Score  int16 // centipawns from White's view
	Result Result
	Flags  uint8
	Move   movegen.Move
}

// ErrTruncated reports a file that ends inside a game: the games before it
// are whole and were returned.
var ErrTruncated = errors.New("the file ends inside a game")

// castleRookCode is the piece type nibble of a rook with a castling right.
const castleRookCode = 7

// encode writes r into b (RecordSize bytes).
func encode(b []byte, r *Record) {
	p := &r.Pos
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
	binary.LittleEndian.PutUint16(b[28:], uint16(r.Score))
	b[30] = byte(r.Result)
	b[31] = r.Flags
	binary.LittleEndian.PutUint16(b[32:], uint16(r.Move))
}

// decode reads a record from b (RecordSize bytes).
func decode(b []byte) (Record, error) {
	var r Record
	occ := movegen.Bitboard(binary.LittleEndian.Uint64(b[0:]))
	if occ.Count() > 32 {
		return r, fmt.Errorf("a record holds %d pieces", occ.Count())
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
			return r, fmt.Errorf("a record has piece code %d", code)
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
		return r, fmt.Errorf("a record's position: %w", err)
	}
	r.Pos = pos
	r.Score = int16(binary.LittleEndian.Uint16(b[28:]))
	r.Result = Result(b[30])
	if r.Result > WhiteWins {
		return r, fmt.Errorf("a record has result %d", b[30])
	}
	r.Flags = b[31]
	r.Move = movegen.Move(binary.LittleEndian.Uint16(b[32:]))
	return r, nil
}

// Writer appends whole games to a data file.
type Writer struct {
	w   *bufio.Writer
	buf []byte
}

// NewWriter writes the header to w and returns a Writer of games to it.
func NewWriter(w io.Writer) (*Writer, error) {
	var h [headerSize]byte
	copy(h[:], Magic)
	binary.LittleEndian.PutUint16(h[4:], Version)
	binary.LittleEndian.PutUint16(h[6:], RecordSize)
	bw := bufio.NewWriterSize(w, 1<<16)
	if _, err := bw.Write(h[:]); err != nil {
		return nil, err
	}
	return &Writer{w: bw}, nil
}

// WriteGame appends one game (1 to MaxGamePlies records).
func (w *Writer) WriteGame(game []Record) error {
	if len(game) == 0 || len(game) > MaxGamePlies {
		return fmt.Errorf("a game of %d positions", len(game))
	}
	n := 2 + len(game)*RecordSize
	if cap(w.buf) < n {
		w.buf = make([]byte, n)
	}
	b := w.buf[:n]
	binary.LittleEndian.PutUint16(b, uint16(len(game)))
	for i := range game {
		encode(b[2+i*RecordSize:], &game[i])
	}
	_, err := w.w.Write(b)
	return err
}

// Flush writes out what is buffered: after it, every game written so far is
// in the file.
func (w *Writer) Flush() error { return w.w.Flush() }

// Reader reads the games of a data file.
type Reader struct {
	r   *bufio.Reader
	buf []byte
}

// NewReader checks the header of a data file and returns a Reader of its
// games. A file of another kind or version is refused with a message saying so.
func NewReader(r io.Reader) (*Reader, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	var h [headerSize]byte
	if _, err := io.ReadFull(br, h[:]); err != nil {
		return nil, fmt.Errorf("not a Sightline data file: it is shorter than the %d-byte header", headerSize)
	}
	if string(h[:4]) != Magic {
		return nil, fmt.Errorf("not a Sightline data file: it starts with %q, not %q", h[:4], Magic)
	}
	if v := binary.LittleEndian.Uint16(h[4:]); v != Version {
		return nil, fmt.Errorf("data file version %d: this build reads version %d", v, Version)
	}
	if s := binary.LittleEndian.Uint16(h[6:]); s != RecordSize {
		return nil, fmt.Errorf("data file records of %d bytes: version %d has %d", s, Version, RecordSize)
	}
	return &Reader{r: br}, nil
}

// Next appends the next game's records to dst and returns it. At the end of
// the file it returns io.EOF; inside a game, ErrTruncated; a record that
// does not decode is an error naming what is wrong.
func (r *Reader) Next(dst []Record) ([]Record, error) {
	var nb [2]byte
	if _, err := io.ReadFull(r.r, nb[:]); err != nil {
		if err == io.EOF {
			return dst, io.EOF
		}
		return dst, ErrTruncated
	}
	n := int(binary.LittleEndian.Uint16(nb[:]))
	if n == 0 || n > MaxGamePlies {
		return dst, fmt.Errorf("a game of %d positions: the file is damaged", n)
	}
	size := n * RecordSize
	if cap(r.buf) < size {
		r.buf = make([]byte, size)
	}
	b := r.buf[:size]
	if _, err := io.ReadFull(r.r, b); err != nil {
		return dst, ErrTruncated
	}
	for i := 0; i < n; i++ {
		rec, err := decode(b[i*RecordSize:])
		if err != nil {
			return dst, err
		}
		dst = append(dst, rec)
	}
	return dst, nil
}

// EachGame calls fn with each whole game of the data file r, in order,
// until fn returns false or the file ends. A file cut short inside a game
// ends the walk without error after the whole games before the cut, and
// truncated reports it; a foreign or damaged file is an error.
func EachGame(r io.Reader, fn func(game []Record) bool) (truncated bool, err error) {
	dr, err := NewReader(r)
	if err != nil {
		return false, err
	}
	var game []Record
	for {
		game, err = dr.Next(game[:0])
		switch {
		case err == io.EOF:
			return false, nil
		case errors.Is(err, ErrTruncated):
			return true, nil
		case err != nil:
			return false, err
		}
		if !fn(game) {
			return false, nil
		}
	}
}
