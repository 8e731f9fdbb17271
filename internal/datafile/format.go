package datafile

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

// The file format (docs/datagen.md has the same tables).
//
// A file is a 16-byte header, then whole games:
//
//	header: "SLDG" | version uint16 | size uint16 | 8 zero bytes
//
// Integers are little-endian. Two versions are read; datagen writes the
// second:
//
//	version 1, size 34 (bytes a record):
//	  game: count uint16 | count records, each a whole position (board.go),
//	        its score, the result, flags and the move played (format_v1.go)
//	version 2, size 4 (bytes a ply):
//	  game: count uint16 | result uint8 | start position (boardSize bytes) |
//	        count × (move uint16, score int16) (format_v2.go)
//
// Version 2 stores what version 1 stores in an eighth of the space: a
// game's positions follow from its first by the moves played, and the
// flags from each position and move. Count is 1..MaxGamePlies.
//
// Games are written whole, so a file cut short (a kill, a full disk) reads
// back up to its last whole game.
const (
	Magic = "SLDG"
	// Version is the version datagen writes.
	Version    = 2
	headerSize = 16
	// MaxGamePlies bounds a game's block; games are adjudicated long before.
	MaxGamePlies = 1024
)

// recordSize is each version's size field: bytes a record in version 1,
// bytes a ply in version 2.
var recordSize = map[uint16]uint16{1: recordSizeV1, 2: plySizeV2}

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

// MoveFlags returns the flags of a record of pos where move was played
// and the search scored score (either side's view): the flags a writer of
// version 2 must give, since its reader derives them.
func MoveFlags(pos *movegen.Position, move movegen.Move, score int16) uint8 {
	var flags uint8
	if pos.InCheck() {
		flags |= FlagInCheck
	}
	if move.Kind() == movegen.Promotion || move.Kind() == movegen.EnPassant ||
		move.Kind() != movegen.Castling && pos.PieceOn(move.To()) != movegen.NoPiece {
		flags |= FlagNoisyBest
	}
	if s := eval.Score(score); s >= eval.MateBound || s <= -eval.MateBound {
		flags |= FlagMateScore
	}
	return flags
}

// Writer appends whole games to a data file.
type Writer struct {
	w       *bufio.Writer
	version uint16
	buf     []byte
}

// NewWriter writes the header of a file of the current Version to w and
// returns a Writer of games to it.
func NewWriter(w io.Writer) (*Writer, error) { return NewWriterVersion(w, Version) }

// NewWriterVersion is NewWriter for a file of the given version (1 or 2):
// version 1 stays for tests and for tools that only read it.
func NewWriterVersion(w io.Writer, version uint16) (*Writer, error) {
	size, ok := recordSize[version]
	if !ok {
		return nil, fmt.Errorf("no data file version %d", version)
	}
	var h [headerSize]byte
	copy(h[:], Magic)
	binary.LittleEndian.PutUint16(h[4:], version)
	binary.LittleEndian.PutUint16(h[6:], size)
	bw := bufio.NewWriterSize(w, 1<<16)
	if _, err := bw.Write(h[:]); err != nil {
		return nil, err
	}
	return &Writer{w: bw, version: version}, nil
}

// NewAppender returns a Writer of the current version's games to w, which
// must already hold a header and whole games of that version (OpenAppend).
func NewAppender(w io.Writer) *Writer {
	return &Writer{w: bufio.NewWriterSize(w, 1<<16), version: Version}
}

// WriteGame appends one game (1 to MaxGamePlies records, in the order
// played). A version-2 file stores a game only if each position follows
// from the one before by the move played, every record has the game's
// result and the flags the position and move give: otherwise it could not
// give back what it was given, and the game is refused with the reason.
func (w *Writer) WriteGame(game []Record) error {
	if len(game) == 0 || len(game) > MaxGamePlies {
		return fmt.Errorf("a game of %d positions", len(game))
	}
	var err error
	if w.version == 1 {
		w.buf = appendGameV1(w.buf[:0], game)
	} else if w.buf, err = appendGameV2(w.buf[:0], game); err != nil {
		return err
	}
	_, err = w.w.Write(w.buf)
	return err
}

// Flush writes out what is buffered: after it, every game written so far is
// in the file.
func (w *Writer) Flush() error { return w.w.Flush() }

// Reader reads the games of a data file of either version.
type Reader struct {
	r       *bufio.Reader
	version uint16
	buf     []byte
	ml      movegen.MoveList
}

// NewReader checks the header of a data file and returns a Reader of its
// games. A file of another kind or version is refused with a message saying so.
func NewReader(r io.Reader) (*Reader, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	var h [headerSize]byte
	if _, err := io.ReadFull(br, h[:]); err != nil {
		return nil, fmt.Errorf("not a Sightline data file: it is shorter than the %d-byte header", headerSize)
	}
	version, err := checkHeader(h[:])
	if err != nil {
		return nil, err
	}
	return &Reader{r: br, version: version}, nil
}

// checkHeader returns the version of a data file's header.
func checkHeader(h []byte) (uint16, error) {
	if string(h[:4]) != Magic {
		return 0, fmt.Errorf("not a Sightline data file: it starts with %q, not %q", h[:4], Magic)
	}
	v := binary.LittleEndian.Uint16(h[4:])
	want, ok := recordSize[v]
	if !ok {
		return 0, fmt.Errorf("data file version %d: this build reads versions 1 and 2", v)
	}
	if s := binary.LittleEndian.Uint16(h[6:]); s != want {
		return 0, fmt.Errorf("data file size field %d: version %d has %d", s, v, want)
	}
	return v, nil
}

// Version returns the version of the file r reads.
func (r *Reader) Version() int { return int(r.version) }

// Next appends the next game's records to dst and returns it. At the end of
// the file it returns io.EOF; inside a game, ErrTruncated; a game that does
// not decode is an error naming what is wrong.
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
	if r.version == 1 {
		return r.nextV1(dst, n)
	}
	return r.nextV2(dst, n)
}

// fill reads the next size bytes of a game into r.buf.
func (r *Reader) fill(size int) ([]byte, error) {
	if cap(r.buf) < size {
		r.buf = make([]byte, size)
	}
	b := r.buf[:size]
	if _, err := io.ReadFull(r.r, b); err != nil {
		return nil, ErrTruncated
	}
	return b, nil
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
