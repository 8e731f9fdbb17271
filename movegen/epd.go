package movegen

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

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
