package paperbench

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/sightline-chess/sightline/movegen"
)

// ReadEPD reads the positions of an EPD file such as testdata/ecm.epd: one
// position per line, its first four fields a FEN without move counters, the
// rest operations (bm ...; id ...;) that are ignored. Blank lines and lines
// starting with '#' are skipped. The error names the line of the first bad
// position.
func ReadEPD(r io.Reader) ([]movegen.Position, error) {
	var positions []movegen.Position
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 4 {
			return nil, fmt.Errorf("epd line %d: %d fields, want at least 4", n, len(f))
		}
		p, err := movegen.ParseFEN(strings.Join(f[:4], " "))
		if err != nil {
			return nil, fmt.Errorf("epd line %d: %w", n, err)
		}
		positions = append(positions, p)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(positions) == 0 {
		return nil, fmt.Errorf("epd: no positions")
	}
	return positions, nil
}
