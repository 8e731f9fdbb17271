package paperbench

import (
	"fmt"
	"io"

	"github.com/sightline-chess/sightline/movegen"
)

// ReadEPD reads the positions of an EPD file such as testdata/ecm.epd
// (movegen.ReadEPD: one position a line, its operations, bm ...; id ...;,
// ignored; blank lines and lines starting with '#' skipped). The error
// names the line of the first bad position.
func ReadEPD(r io.Reader) ([]movegen.Position, error) {
	es, err := movegen.ReadEPD(r)
	if err != nil {
		return nil, fmt.Errorf("epd %w", err)
	}
	if len(es) == 0 {
		return nil, fmt.Errorf("epd: no positions")
	}
	return movegen.Positions(es), nil
}
