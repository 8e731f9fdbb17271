package cli

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strconv"

	"github.com/sightline-chess/sightline/engine"
	"github.com/sightline-chess/sightline/eval/nnue"
)

// Bench runs "sightline bench [-hce | -nnue | -net FILE] [depth]": the
// engine's fixed bench, progress on stderr and the fingerprint line "N nodes
// M nps" last on stdout, where OpenBench and `make bench` read it. It
// evaluates as the engine does by default, with the embedded net; -hce
// evaluates with the hand-written evaluation instead, to compare speeds
// (-nnue, the default, is kept for the scripts that name it); -net with
// the net in FILE, to compare the speed of a candidate net (one without
// the mobility inputs, say) with the embedded one's on the same positions.
//
// -cpuprofile FILE writes a CPU profile of the bench, the profile a
// profile-guided build would be optimised with (tools/pgo-measure.sh;
// docs/speed.md, "A faster build").
func Bench(args []string, stdout, stderr io.Writer) int {
	depth := 0
	net := nnue.DefaultNet()
	profile := ""
	hce := false
	for len(args) > 0 {
		if args[0] == "-hce" || args[0] == "-nnue" {
			if args[0] == "-hce" {
				net, hce = nil, true
			}
			args = args[1:]
		} else if args[0] == "-cpuprofile" && len(args) > 1 {
			profile, args = args[1], args[2:]
		} else if args[0] == "-net" && len(args) > 1 {
			n, err := nnue.LoadFile(args[1])
			if err != nil {
				fmt.Fprintf(stderr, "bench: %v\n", err)
				return 2
			}
			net, args = n, args[2:]
		} else {
			break
		}
	}
	switch len(args) {
	case 0:
	case 1:
		if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
			fmt.Fprintln(stderr, "usage: sightline bench [-hce | -nnue | -net FILE.nnue] [-cpuprofile FILE] [depth]")
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
	if profile != "" {
		f, err := os.Create(profile)
		if err != nil {
			fmt.Fprintf(stderr, "bench: %v\n", err)
			return 2
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(stderr, "bench: %v\n", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	if net == nil && !hce {
		// A build that embeds no net searches with the hand-written
		// evaluation, and so benches it.
		fmt.Fprintf(stderr, "bench: %v; benching the hand-written evaluation (-net FILE for a net)\n", nnue.ErrNoEmbeddedNet)
	}
	r := engine.BenchNet(depth, net, func(line string) { fmt.Fprintln(stderr, line) })
	fmt.Fprintf(stderr, "%d positions, %d ms\n", r.Positions, r.Elapsed.Milliseconds())
	fmt.Fprintln(stdout, r)
	return 0
}
