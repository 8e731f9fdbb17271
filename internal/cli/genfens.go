package cli

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sightline-chess/sightline/internal/genfens"
	"github.com/sightline-chess/sightline/movegen"
)

const genfensUsage = "usage: sightline genfens N seed S book <None|FILE.epd> [quit]"

// Genfens answers OpenBench's request for openings,
// `sightline "genfens N seed S book <None|FILE>" quit` (one argument, as its
// client sends it; main splits it) or the same words as separate
// arguments: N lines "info string genfens FEN" on stdout, the same for the
// same seed. Words after the book (OpenBench's engine-specific extras) and a
// final "quit" are ignored.
func Genfens(args []string, stdout, stderr io.Writer) int {
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "genfens: "+format+"\n%s\n", append(a, genfensUsage)...)
		return 2
	}
	if len(args) == 0 {
		return fail("want a count")
	}
	if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
		fmt.Fprintln(stderr, genfensUsage)
		return 0
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 || n > genfens.MaxCount {
		return fail("count %q: want 1 to %d", args[0], genfens.MaxCount)
	}
	var seed uint64
	var book []movegen.Position
	haveSeed := false
	for i := 1; i+1 < len(args); i += 2 {
		switch args[i] {
		case "seed":
			if seed, err = strconv.ParseUint(args[i+1], 10, 64); err != nil {
				return fail("seed %q: want a non-negative integer", args[i+1])
			}
			haveSeed = true
		case "book":
			if !strings.EqualFold(args[i+1], "None") {
				if book, err = genfens.ReadBook(args[i+1]); err != nil {
					return fail("book: %v", err)
				}
			}
		default:
			i = len(args) // the extras, and quit
		}
	}
	if !haveSeed {
		return fail("want seed S: the same seed must give the same openings")
	}
	if err := genfens.Generate(stdout, n, seed, book); err != nil {
		fmt.Fprintln(stderr, err)
		if errors.Is(err, genfens.ErrNoOpening) {
			return 2 // the book's fault, as a bad book file is
		}
		return 1
	}
	return 0
}
