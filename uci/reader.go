package uci

import (
	"bufio"
	"errors"
	"io"
)

// maxLineBytes bounds one input line. The longest real line is a "position"
// with a long game: 600 plies take about 3 KB. Longer lines are dropped with
// an error rather than held in memory.
const maxLineBytes = 1 << 20

// errLineTooLong reports a line longer than maxLineBytes; its rest is skipped.
var errLineTooLong = errors.New("line too long; ignored")

// lineReader reads lines of any ending (LF or CRLF; Parse drops the CR).
type lineReader struct{ r *bufio.Reader }

func newLineReader(in io.Reader) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(in, 64<<10)}
}

// next returns the next line without its newline, errLineTooLong for an
// oversized line (skipped), or io.EOF at the end of input. A last line with
// no newline is returned before io.EOF.
func (lr *lineReader) next() (string, error) {
	var buf []byte
	tooLong := false
	for {
		chunk, isPrefix, err := lr.r.ReadLine()
		if err != nil {
			if err == io.EOF && (len(buf) > 0 || tooLong) {
				break
			}
			return "", err
		}
		if !tooLong {
			if len(buf)+len(chunk) > maxLineBytes {
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		if !isPrefix {
			break
		}
	}
	if tooLong {
		return "", errLineTooLong
	}
	return string(buf), nil
}
