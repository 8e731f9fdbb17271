package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/sightline-chess/sightline/engine"
)

// benchCommand runs "sightline bench [depth]": the engine's fixed bench,
// progress on stderr and the fingerprint line "N nodes M nps" last on stdout,
// where OpenBench and `make bench` read it.
func benchCommand(args []string, stdout, stderr io.Writer) int {
	depth := 0
	switch len(args) {
	case 0:
	case 1:
		if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
			fmt.Fprintln(stderr, "usage: sightline bench [depth]")
			return 0
		}
		d, err := strconv.Atoi(args[0])
		if err != nil || d < 1 || d > engine.MaxBenchDepth {
			fmt.Fprintf(stderr, "bench: depth %q is not from 1 to %d\n", args[0], engine.MaxBenchDepth)
			return 2
		}
		depth = d
	default:
		fmt.Fprintln(stderr, "bench: want at most a depth")
		return 2
	}
	r := engine.Bench(depth, func(line string) { fmt.Fprintln(stderr, line) })
	fmt.Fprintf(stderr, "%d positions, %d ms\n", r.Positions, r.Elapsed.Milliseconds())
	fmt.Fprintln(stdout, r)
	return 0
}
