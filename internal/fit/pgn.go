package fit

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/sightline-chess/sightline/movegen"
)

// Reading PGN: the games fastchess and cutechess-cli write, with the
// engine's score in the comment after each move, for the win/draw/loss fit
// (wdl.go). The reader takes what those tools write and the ordinary
// import format around it: tag pairs, move numbers ("12." or "12..."),
// SAN moves, comments in braces or after ";", NAGs ("$1"), annotations
// ("!?"), variations in parentheses (skipped) and "%" escape lines. It is
// strict about what it cannot read: a move that is not legal, a tag inside
// the moves or a game without its result is an error naming the game and
// the move, never a guess and never a panic.

// PGNGame is one game of a PGN file, its moves resolved on the board.
type PGNGame struct {
	Number int // 1 for the file's first game
	Line   int // the line it starts on
	Tags   map[string]string
	Start  movegen.Position // from the FEN tag, or the standard start
	Moves  []PGNMove
	// Result is the game termination marker: "1-0", "0-1", "1/2-1/2" or "*".
	Result string
}

// PGNMove is one move of a game and the comment written after it.
type PGNMove struct {
	Move    movegen.Move
	SAN     string
	Comment string // the comments after the move, joined by spaces
}

// ErrPGNTruncated reports a file that ends inside a game (a match still
// writing it, or a copy cut short): the games before it are whole.
var ErrPGNTruncated = errors.New("the file ends inside a game")

// Bounds that keep garbage from filling memory: no real game or comment
// comes near them.
const (
	maxPGNToken = 1 << 16 // bytes of one tag value, comment or symbol
	maxPGNPlies = 5000
	maxPGNTags  = 1000
)

// PGNReader reads the games of a PGN file one at a time.
type PGNReader struct {
	r         *bufio.Reader
	line      int  // the line of the byte read last
	lineStart bool // the next byte starts a line
	games     int  // games begun
}

// NewPGNReader returns a reader of the games in r. A UTF-8 byte order mark
// at the start, as some Windows programs write, is skipped.
func NewPGNReader(r io.Reader) *PGNReader {
	br := bufio.NewReaderSize(r, 1<<16)
	if b, err := br.Peek(3); err == nil && string(b) == "\xef\xbb\xbf" {
		br.Discard(3)
	}
	return &PGNReader{r: br, line: 1, lineStart: true}
}

// pgnToken is one token of PGN: a tag pair, a comment, a symbol (a move, a
// move number or a result), a NAG or a variation's parenthesis.
type pgnToken struct {
	kind        pgnTokenKind
	text, value string // a symbol's or comment's text; a tag's name and value
	line        int
}

type pgnTokenKind uint8

const (
	tokEOF pgnTokenKind = iota
	tokTag
	tokComment
	tokSymbol
	tokNAG
	tokOpenRAV
	tokCloseRAV
)

// readByte returns the next byte, keeping count of lines.
func (pr *PGNReader) readByte() (byte, error) {
	c, err := pr.r.ReadByte()
	if err != nil {
		return 0, err
	}
	pr.lineStart = false
	if c == '\n' {
		pr.line++
		pr.lineStart = true
	}
	return c, nil
}

// unreadByte puts back the byte readByte returned last.
func (pr *PGNReader) unreadByte(c byte) {
	pr.r.UnreadByte()
	if c == '\n' {
		pr.line--
	}
}

// isSymbolByte says whether c continues a symbol: SAN, move numbers and
// results are made of these.
func isSymbolByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		strings.IndexByte("_+#=:-/!?.", c) >= 0
}

// next returns the next token. A read error other than the end of the
// file is returned as it is; the end inside a token is ErrPGNTruncated.
func (pr *PGNReader) next() (pgnToken, error) {
	for {
		start := pr.lineStart
		c, err := pr.readByte()
		if err == io.EOF {
			return pgnToken{kind: tokEOF, line: pr.line}, nil
		}
		if err != nil {
			return pgnToken{}, err
		}
		line := pr.line
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v':
			continue
		case c == '%' && start, c == ';':
			// An escape line, or a comment to the end of the line.
			text, err := pr.until('\n', false)
			if err != nil && err != ErrPGNTruncated {
				return pgnToken{}, err
			}
			if c == '%' {
				continue
			}
			return pgnToken{kind: tokComment, text: text, line: line}, nil
		case c == '{':
			text, err := pr.until('}', true)
			if err != nil {
				return pgnToken{}, err
			}
			return pgnToken{kind: tokComment, text: text, line: line}, nil
		case c == '[':
			return pr.tag(line)
		case c == '(':
			return pgnToken{kind: tokOpenRAV, line: line}, nil
		case c == ')':
			return pgnToken{kind: tokCloseRAV, line: line}, nil
		case c == '$':
			num, err := pr.symbol(0)
			if err != nil {
				return pgnToken{}, err
			}
			if num == "" || strings.Trim(num, "0123456789") != "" {
				return pgnToken{}, fmt.Errorf("line %d: NAG $%s is not a number", line, num)
			}
			return pgnToken{kind: tokNAG, text: num, line: line}, nil
		case c == '*' || isSymbolByte(c):
			if c == '*' {
				return pgnToken{kind: tokSymbol, text: "*", line: line}, nil
			}
			s, err := pr.symbol(c)
			if err != nil {
				return pgnToken{}, err
			}
			return pgnToken{kind: tokSymbol, text: s, line: line}, nil
		default:
			return pgnToken{}, fmt.Errorf("line %d: unexpected character %q", line, c)
		}
	}
}

// until reads to the byte end (taken, not returned). With mustEnd, the
// end of the file before it is ErrPGNTruncated; without, it ends the text.
func (pr *PGNReader) until(end byte, mustEnd bool) (string, error) {
	var b []byte
	for {
		c, err := pr.readByte()
		if err == io.EOF {
			if mustEnd {
				return "", ErrPGNTruncated
			}
			return string(b), nil
		}
		if err != nil {
			return "", err
		}
		if c == end {
			return string(b), nil
		}
		if len(b) >= maxPGNToken {
			return "", fmt.Errorf("line %d: a comment longer than %d bytes", pr.line, maxPGNToken)
		}
		b = append(b, c)
	}
}

// symbol reads the rest of a symbol whose first byte, if not 0, is first.
func (pr *PGNReader) symbol(first byte) (string, error) {
	var b []byte
	if first != 0 {
		b = append(b, first)
	}
	for {
		c, err := pr.readByte()
		if err == io.EOF {
			return string(b), nil
		}
		if err != nil {
			return "", err
		}
		if !isSymbolByte(c) {
			pr.unreadByte(c)
			return string(b), nil
		}
		if len(b) >= maxPGNToken {
			return "", fmt.Errorf("line %d: a symbol longer than %d bytes", pr.line, maxPGNToken)
		}
		b = append(b, c)
	}
}

// tag reads a tag pair after its "[": a name, a quoted value with \" and
// \\ escapes, and the "]".
func (pr *PGNReader) tag(line int) (pgnToken, error) {
	bad := func(what string) (pgnToken, error) {
		return pgnToken{}, fmt.Errorf("line %d: a tag pair %s", line, what)
	}
	skipSpace := func() (byte, error) {
		for {
			c, err := pr.readByte()
			if err != nil {
				return 0, err
			}
			if c != ' ' && c != '\t' && c != '\r' {
				return c, nil
			}
		}
	}
	eof := func(err error) (pgnToken, error) {
		if err == io.EOF {
			return pgnToken{}, ErrPGNTruncated
		}
		return pgnToken{}, err
	}
	c, err := skipSpace()
	if err != nil {
		return eof(err)
	}
	var name []byte
	for c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' {
		if len(name) >= maxPGNToken {
			return bad("with too long a name")
		}
		name = append(name, c)
		if c, err = pr.readByte(); err != nil {
			return eof(err)
		}
	}
	if len(name) == 0 {
		return bad("without a name")
	}
	if c == ' ' || c == '\t' || c == '\r' {
		if c, err = skipSpace(); err != nil {
			return eof(err)
		}
	}
	if c != '"' {
		return bad(fmt.Sprintf("[%s ...] without a quoted value", name))
	}
	var value []byte
	for {
		if c, err = pr.readByte(); err != nil {
			return eof(err)
		}
		if c == '\\' {
			if c, err = pr.readByte(); err != nil {
				return eof(err)
			}
		} else if c == '"' {
			break
		}
		if c == '\n' {
			return bad(fmt.Sprintf("[%s ...] whose value runs past the line", name))
		}
		if len(value) >= maxPGNToken {
			return bad(fmt.Sprintf("[%s ...] with too long a value", name))
		}
		value = append(value, c)
	}
	if c, err = skipSpace(); err != nil {
		return eof(err)
	}
	if c != ']' {
		return bad(fmt.Sprintf("[%s %q without its ]", name, value))
	}
	return pgnToken{kind: tokTag, text: string(name), value: string(value), line: line}, nil
}

// isPGNResult says whether s is a game termination marker.
func isPGNResult(s string) bool {
	return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"
}

// Next returns the next game, or io.EOF after the last. An error names
// the game (its number in the file and its first line) and, for a move,
// the move; after one the reader is not to be used further.
func (pr *PGNReader) Next() (*PGNGame, error) {
	var g *PGNGame
	inMoves := false
	rav := 0                 // depth of variations being skipped
	commentTo := -1          // the move a comment now would follow
	var pos movegen.Position // the position before the next move
	fail := func(format string, args ...any) (*PGNGame, error) {
		return nil, fmt.Errorf("game %d (line %d): %s", g.Number, g.Line, fmt.Sprintf(format, args...))
	}
	for {
		tok, err := pr.next()
		if err != nil {
			if g != nil {
				return nil, fmt.Errorf("game %d (line %d): %w", g.Number, g.Line, err)
			}
			return nil, fmt.Errorf("game %d: %w", pr.games+1, err)
		}
		if tok.kind == tokEOF {
			if g == nil {
				return nil, io.EOF
			}
			return nil, fmt.Errorf("game %d (line %d): %w", g.Number, g.Line, ErrPGNTruncated)
		}
		if g == nil {
			if tok.kind == tokComment {
				continue // a comment between games belongs to none
			}
			pr.games++
			g = &PGNGame{Number: pr.games, Line: tok.line, Tags: map[string]string{}}
		}
		if tok.kind == tokTag {
			if inMoves {
				return fail("tag [%s] at line %d among the moves (a game without its result before it?)", tok.text, tok.line)
			}
			if len(g.Tags) >= maxPGNTags {
				return fail("more than %d tags", maxPGNTags)
			}
			g.Tags[tok.text] = tok.value
			continue
		}
		if !inMoves {
			inMoves = true
			if pos, err = pgnStart(g.Tags); err != nil {
				return fail("%v", err)
			}
			g.Start = pos
		}
		switch tok.kind {
		case tokComment:
			if commentTo >= 0 && rav == 0 {
				m := &g.Moves[commentTo]
				if m.Comment != "" {
					m.Comment += " "
				}
				m.Comment += strings.TrimSpace(tok.text)
			}
			continue
		case tokNAG:
			continue
		case tokOpenRAV:
			if len(g.Moves) == 0 {
				return fail("a variation at line %d before any move", tok.line)
			}
			rav++
			commentTo = -1
			continue
		case tokCloseRAV:
			if rav == 0 {
				return fail("a ) at line %d outside any variation", tok.line)
			}
			rav--
			continue
		}
		s := tok.text
		if isPGNResult(s) {
			if rav > 0 {
				return fail("result %s at line %d inside a variation", s, tok.line)
			}
			if tag, ok := g.Tags["Result"]; ok && tag != s && tag != "*" {
				return fail("the moves end %s but the Result tag says %s", s, tag)
			}
			g.Result = s
			return g, nil
		}
		if rav > 0 {
			continue
		}
		// Move numbers ("12.", "12...", "12" or "1.e4" with the move stuck
		// on) and stray annotations ("!?", "...") stand between moves.
		if c := strings.TrimRight(s, "+#!?"); c != "0-0" && c != "0-0-0" && s[0] >= '0' && s[0] <= '9' {
			s = strings.TrimLeft(strings.TrimLeft(s, "0123456789"), ".")
			commentTo = -1
		}
		if strings.Trim(s, ".!?") == "" {
			continue
		}
		if len(g.Moves) >= maxPGNPlies {
			return fail("more than %d moves", maxPGNPlies)
		}
		m, err := parseSAN(&pos, s)
		if err != nil {
			dots := "."
			if pos.SideToMove() == movegen.Black {
				dots = "..."
			}
			return fail("move %d%s %s (line %d): %v", pos.FullmoveNumber(), dots, s, tok.line, err)
		}
		g.Moves = append(g.Moves, PGNMove{Move: m, SAN: s})
		commentTo = len(g.Moves) - 1
		pos.MakeMove(m)
	}
}

// pgnStart returns a game's starting position from its tags: the FEN tag
// if there is one, else the standard start. Standard chess and Chess960
// are read (castling in Chess960 is the king's move to its rook's side, as
// movegen stores it); other variants are refused.
func pgnStart(tags map[string]string) (movegen.Position, error) {
	switch v := strings.ToLower(strings.TrimSpace(tags["Variant"])); v {
	case "", "standard", "chess960", "chess 960", "fischerandom", "fischer random", "fischerrandom", "960":
	default:
		return movegen.Position{}, fmt.Errorf("variant %q: only standard chess and Chess960 are read", tags["Variant"])
	}
	fen, ok := tags["FEN"]
	if !ok {
		if tags["SetUp"] == "1" {
			return movegen.Position{}, errors.New("SetUp 1 without a FEN tag")
		}
		fen = movegen.StartFEN
	}
	pos, err := movegen.ParseFEN(fen)
	if err != nil {
		return movegen.Position{}, fmt.Errorf("FEN tag: %w", err)
	}
	return pos, nil
}

// commentScore reads the engine's score from the comment fastchess or
// cutechess-cli writes after a move, "+0.35/12 0.312s" or "-1.20/15 1.2s,
// ..." in pawns, "+M5/20 ..." or "-M3/..." for a mate in so many moves,
// all from the view of the side that moved. cp is in centipawns; ok is
// false for a comment without a score ("book", a game's end, free text).
// The "/depth" must be there, so that free text starting with a number is
// not read as a score.
func commentScore(c string) (cp int, mate, ok bool) {
	c = strings.TrimSpace(c)
	slash := strings.IndexByte(c, '/')
	if slash < 0 || slash+1 >= len(c) || c[slash+1] < '0' || c[slash+1] > '9' {
		return 0, false, false
	}
	s := c[:slash]
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	if strings.HasPrefix(s, "M") {
		s = s[1:]
		if s == "" || len(s) > 6 || strings.Trim(s, "0123456789") != "" {
			return 0, false, false
		}
		return 0, true, true
	}
	// Digits and at most one point: ParseFloat alone would take "Inf",
	// "1e9" and hexadecimal too.
	if s == "" || len(s) > 12 || strings.Trim(s, "0123456789.") != "" || strings.Count(s, ".") > 1 || s == "." {
		return 0, false, false
	}
	v, err := strconv.ParseFloat(c[:slash], 64)
	if err != nil {
		return 0, false, false
	}
	return int(math.Round(100 * v)), false, true
}
