package cli

import (
	"fmt"
	"io"

	"github.com/sightline-chess/sightline/search"
)

// SPSAParams runs "sightline spsa-params": every search tunable as a
// line of OpenBench's SPSA input, "name, int, default, min, max, c_end,
// r_end", to paste into its SPSA form or give to cmd/spsa. Both builds
// print the same table; only a tune build (go build -tags tune) accepts the
// values as UCI options, so that is the binary to tune.
func SPSAParams(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "usage: sightline spsa-params")
		if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
			return 0
		}
		return 2
	}
	for _, t := range search.Tunables() {
		fmt.Fprintln(stdout, t.SPSA())
	}
	return 0
}
