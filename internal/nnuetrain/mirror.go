package nnuetrain

import (
	"strings"

	"github.com/sightline-chess/sightline/movegen"
)

// Chess is the same game with the files turned around (a-file for h-file),
// castling apart, so a position and its file mirror are worth the same:
// training on both doubles a small data set for free. (The colour mirror
// would add nothing: the network's two views already read each side's
// pieces the same way.)

// fileMirror returns p with the files reversed and no castling rights (a
// castling right names a wing, which the mirror swaps), or false if p
// cannot be mirrored.
func fileMirror(p *movegen.Position) (movegen.Position, bool) {
	fields := strings.Fields(p.String())
	if len(fields) < 4 {
		return movegen.Position{}, false
	}
	ranks := strings.Split(fields[0], "/")
	for i, r := range ranks {
		var squares []byte // one byte per square, '1' for empty
		for _, c := range []byte(r) {
			if c >= '1' && c <= '8' {
				for range int(c - '0') {
					squares = append(squares, '1')
				}
				continue
			}
			squares = append(squares, c)
		}
		var b strings.Builder
		empty := 0
		for j := len(squares) - 1; j >= 0; j-- {
			if squares[j] == '1' {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(squares[j])
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		ranks[i] = b.String()
	}
	fields[0] = strings.Join(ranks, "/")
	fields[2] = "-"
	if ep := fields[3]; len(ep) == 2 {
		fields[3] = string([]byte{'h' - (ep[0] - 'a'), ep[1]})
	}
	m, err := movegen.ParseFEN(strings.Join(fields, " "))
	return m, err == nil
}
