package movegen

import (
	"fmt"
	"strconv"
	"strings"
)

// PerftCase is one line of a perft EPD file: "FEN ;D1 20 ;D2 400 ...".
type PerftCase struct {
	Position Position
	FEN      string
	// Want[d] is the expected count at depth d; 0 where the line gives none.
	Want []uint64
	// Chess960 is set when the castling field uses Shredder-FEN file letters,
	// the mark of a Chess960 position.
	Chess960 bool
}

// ParsePerftCase reads one perft EPD line. Fields are split on ';' and trimmed.
func ParsePerftCase(line string) (PerftCase, error) {
	parts := strings.Split(line, ";")
	fen := strings.TrimSpace(parts[0])
	pos, err := ParseFEN(fen)
	if err != nil {
		return PerftCase{}, err
	}
	c := PerftCase{Position: pos, FEN: fen, Chess960: isShredderCastling(fen)}
	for _, part := range parts[1:] {
		f := strings.Fields(part)
		if len(f) == 0 {
			continue
		}
		if len(f) != 2 || len(f[0]) < 2 || f[0][0] != 'D' {
			return PerftCase{}, fmt.Errorf("epd: %q is not a depth count like \"D3 8902\"", strings.TrimSpace(part))
		}
		d, err1 := strconv.Atoi(f[0][1:])
		n, err2 := strconv.ParseUint(f[1], 10, 64)
		if err1 != nil || err2 != nil || d < 1 || d > 64 {
			return PerftCase{}, fmt.Errorf("epd: %q is not a depth count like \"D3 8902\"", strings.TrimSpace(part))
		}
		for len(c.Want) <= d {
			c.Want = append(c.Want, 0)
		}
		c.Want[d] = n
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
