package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/sightline-chess/sightline/engine"
	"github.com/sightline-chess/sightline/eval/nnue"
)

// benchCommand runs "sightline bench [-hce | -nnue] [depth]": the engine's
// fixed bench, progress on stderr and the fingerprint line "N nodes M nps"
// last on stdout, where OpenBench and `make bench` read it. It evaluates as
// the engine does by default, with the embedded net; -hce evaluates with the
// hand-written evaluation instead, to compare speeds (-nnue, the default,
// is kept for the scripts that name it).
func benchCommand(args []string, stdout, stderr io.Writer) int {
	depth := 0
	net := nnue.DefaultNet()
	if len(args) > 0 && (args[0] == "-hce" || args[0] == "-nnue") {
		if args[0] == "-hce" {
			net = nil
		}
		args = args[1:]
	}
	switch len(args) {
	case 0:
	case 1:
		if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
			fmt.Fprintln(stderr, "usage: sightline bench [-hce | -nnue] [depth]")
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
	r := engine.BenchNet(depth, net, func(line string) { fmt.Fprintln(stderr, line) })
	fmt.Fprintf(stderr, "%d positions, %d ms\n", r.Positions, r.Elapsed.Milliseconds())
	fmt.Fprintln(stdout, r)
	return 0
}
