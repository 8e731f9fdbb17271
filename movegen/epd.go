package movegen

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode"
)

// EPD is one line of an EPD or FEN-list file: a position, and what follows
// it on the line (EPD operations such as `bm Qg6; id "WAC.001";`, or a perft
// line's depth counts).
type EPD struct {
	Position Position
	// FEN is the position's fields as the line has them: four, or six when
	// the two after the fourth are numbers (the move counters of a FEN).
	FEN string
	// Ops is the rest of the line, trimmed.
	Ops string
	// Line is the line's number in its file, from 1 (0 from ParseEPD).
	Line int
}

// ParseEPD reads one line of an EPD or FEN-list file: its first four
// fields, and the next two when both are numbers, are the position; the rest
// is the operations. Without counters the position's are 0 and 1.
func ParseEPD(line string) (EPD, error) {
	// The position ends before the first ';' (a perft line may put one
	// right after the FEN).
	head, tail, semi := strings.Cut(line, ";")
	fields := strings.Fields(head)
	if len(fields) < 4 {
		return EPD{}, fmt.Errorf("epd: %d fields, want at least a FEN's 4", len(fields))
	}
	n := 4
	if len(fields) >= 6 && isCounter(fields[4]) && isCounter(fields[5]) {
		n = 6
	}
	// The operations are the line after the n-th field, as written (a
	// quoted operand keeps its spacing).
	ops := head
	for range n {
		ops = strings.TrimLeftFunc(ops, unicode.IsSpace)
		if i := strings.IndexFunc(ops, unicode.IsSpace); i >= 0 {
			ops = ops[i:]
		} else {
			ops = ""
		}
	}
	if semi {
		ops += ";" + tail
	}
	fen := strings.Join(fields[:n], " ")
	pos, err := ParseFEN(fen)
	if err != nil {
		return EPD{}, err
	}
	return EPD{Position: pos, FEN: fen, Ops: strings.TrimSpace(ops)}, nil
}

// isCounter reports whether f is a move counter: digits only.
func isCounter(f string) bool {
	for i := 0; i < len(f); i++ {
		if f[i] < '0' || f[i] > '9' {
			return false
		}
	}
	return f != ""
}

// Operation returns the operand of e's first operation with the opcode
// (for `bm Qg6 Qh5; id "WAC.001";`, Operation("bm") is "Qg6 Qh5"), and
// whether there is one.
func (e EPD) Operation(opcode string) (string, bool) {
	for _, op := range strings.Split(e.Ops, ";") {
		code, operand, _ := strings.Cut(strings.TrimSpace(op), " ")
		if code == opcode {
			return strings.TrimSpace(operand), true
		}
	}
	return "", false
}

// An EPDScanner reads an EPD or FEN-list file a line at a time, passing
// over blank lines and comments (lines starting with '#'), and counting
// lines so that an error can name one. For a file whose lines are read
// whole, ReadEPD does the loop.
type EPDScanner struct {
	sc   *bufio.Scanner
	line int
	text string
}

// NewEPDScanner returns a scanner of r's lines. Lines up to 1 MiB long are
// read.
func NewEPDScanner(r io.Reader) *EPDScanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	return &EPDScanner{sc: sc}
}

// Scan moves to the next line that is neither blank nor a comment and
// reports whether there is one; at the end, Err says whether the read
// failed.
func (s *EPDScanner) Scan() bool {
	for s.sc.Scan() {
		s.line++
		s.text = strings.TrimSpace(s.sc.Text())
		if s.text != "" && s.text[0] != '#' {
			return true
		}
	}
	return false
}

// Text returns the current line, trimmed.
func (s *EPDScanner) Text() string { return s.text }

// Line returns the current line's number, from 1.
func (s *EPDScanner) Line() int { return s.line }

// Err returns the error that ended the read, or nil at the end of the file.
func (s *EPDScanner) Err() error { return s.sc.Err() }

// ReadEPD reads every line of an EPD or FEN-list file with ParseEPD,
// passing over blank lines and comments. A line that does not parse fails
// the read, and the error names it ("line 4: ..."); a file with no position
// reads as none, without an error.
func ReadEPD(r io.Reader) ([]EPD, error) {
	var es []EPD
	s := NewEPDScanner(r)
	for s.Scan() {
		e, err := ParseEPD(s.Text())
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", s.Line(), err)
		}
		e.Line = s.Line()
		es = append(es, e)
	}
	if err := s.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", s.Line()+1, err)
	}
	return es, nil
}

// ReadEPDFile is ReadEPD of the file at path; its errors name the file.
func ReadEPDFile(path string) ([]EPD, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	es, err := ReadEPD(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return es, nil
}

// Positions returns the positions of es, in order.
func Positions(es []EPD) []Position {
	ps := make([]Position, len(es))
	for i := range es {
		ps[i] = es[i].Position
	}
	return ps
}

// PerftCase is one line of a perft EPD file: "FEN ;D1 20 ;D2 400 ...".
type PerftCase struct {
	Position Position
	FEN      string
	// Want lists the line's expected counts in the order given. A count of
	// 0 is a count like any other (a mated side has no moves at depth 1).
	Want []DepthCount
	// Chess960 is set when the castling field uses Shredder-FEN file letters,
	// the mark of a Chess960 position.
	Chess960 bool
}

// DepthCount is one "Dd n" field: n leaf nodes at depth d.
type DepthCount struct {
	Depth int
	Nodes uint64
}

// ParsePerftCase reads one perft EPD line: a position as ParseEPD reads it,
// then depth counts, split on ';' and trimmed. A depth beyond MaxPerftDepth
// is refused: Perft would count fewer plies than the line names.
func ParsePerftCase(line string) (PerftCase, error) {
	e, err := ParseEPD(line)
	if err != nil {
		return PerftCase{}, err
	}
	c := PerftCase{Position: e.Position, FEN: e.FEN, Chess960: isShredderCastling(e.FEN)}
	for _, part := range strings.Split(e.Ops, ";") {
		f := strings.Fields(part)
		if len(f) == 0 {
			continue
		}
		if len(f) != 2 || len(f[0]) < 2 || f[0][0] != 'D' {
			return PerftCase{}, fmt.Errorf("epd: %q is not a depth count like \"D3 8902\"", strings.TrimSpace(part))
		}
		d, err1 := strconv.Atoi(f[0][1:])
		n, err2 := strconv.ParseUint(f[1], 10, 64)
		if err1 != nil || err2 != nil || d < 1 {
			return PerftCase{}, fmt.Errorf("epd: %q is not a depth count like \"D3 8902\"", strings.TrimSpace(part))
		}
		if d > MaxPerftDepth {
			return PerftCase{}, fmt.Errorf("epd: %q: depth %d is deeper than Perft counts (%d)", strings.TrimSpace(part), d, MaxPerftDepth)
		}
		c.Want = append(c.Want, DepthCount{Depth: d, Nodes: n})
	}
	if len(c.Want) == 0 {
		return PerftCase{}, errors.New("epd: no depth counts (\";D1 20 ;D2 400 ...\") after the FEN")
	}
	return c, nil
}

// isShredderCastling reports whether the FEN's castling field names rook files.
func isShredderCastling(fen string) bool {
	f := strings.Fields(fen)
	if len(f) < 3 {
		return false
	}
	return strings.ContainsAny(f[2], "ABCDEFGHabcdefgh")
}
