// Command paperbench repeats the one experiment of Sam Tannous, "Avoiding
// Rotated Bitboards with Direct Lookup" (ICGA Journal 30(2), 2007), Table 1:
// legal move generation over the 879 ECM positions, ten times over, with each
// slider-attack method side by side (package paperbench). It is a
// measurement tool, built apart from the engine so that the sightline binary
// carries none of it:
//
//	go run ./cmd/paperbench [-epd FILE] [-repeat 10] [-rounds 51] [-svg FILE]
//	                        [-methods LIST] [-count] [-wall]
//
// `make paper` runs it with the settings of docs/paper.md. Exit status 1 if a
// method's moves differ from the engine's or the output cannot be written, 2
// for bad usage or input.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/sightline-chess/sightline/paperbench"
)

// defaultEPD is the paper's 879 positions, relative to the repository root,
// where `make paper` runs.
const defaultEPD = "testdata/ecm.epd"

func main() {
	out := bufio.NewWriter(os.Stdout)
	code := run(os.Args[1:], out, os.Stderr)
	if err := out.Flush(); err != nil {
		fmt.Fprintf(os.Stderr, "paperbench: writing the output: %v\n", err)
		code = max(code, 1)
	}
	os.Exit(code)
}

// run carries out one paperbench command and returns its exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("paperbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	epd := fs.String("epd", defaultEPD, "EPD file of positions (first four fields a FEN)")
	repeat := fs.Int("repeat", 10, "passes over all positions per timing, as the paper's 10")
	rounds := fs.Int("rounds", 51, "timings per method, in alternating order; the median is reported")
	svg := fs.String("svg", "", "also write a bar chart to this SVG file")
	wall := fs.Bool("wall", false, "time in wall-clock time instead of the thread's CPU time")
	count := fs.Bool("count", false, "count each set of moves instead of writing the moves out: times the lookups and all else but the writing")
	only := fs.String("methods", "rotated,maps,flat,magic,classical,floor", "comma-separated methods to run (for per-method instruction counts)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "paperbench: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *repeat < 1 || *rounds < 1 {
		fmt.Fprintln(stderr, "paperbench: -repeat and -rounds must be at least 1")
		return 2
	}
	f, err := os.Open(*epd)
	if err != nil {
		fmt.Fprintf(stderr, "paperbench: %v (run from the repository root, or give -epd)\n", err)
		return 2
	}
	positions, err := paperbench.ReadEPD(f)
	f.Close()
	if err != nil {
		fmt.Fprintf(stderr, "paperbench: %s: %v\n", *epd, err)
		return 2
	}

	// The chart's file is opened before the timing, so that a path that
	// cannot be written fails at once rather than after minutes of work.
	var chart *os.File
	if *svg != "" {
		if chart, err = os.Create(*svg); err != nil {
			fmt.Fprintf(stderr, "paperbench: %v\n", err)
			return 2
		}
		defer chart.Close() // a no-op after the checked Close below
	}

	methods, err := paperbench.SelectMethods(paperbench.Methods(), strings.Split(*only, ","))
	if err != nil {
		fmt.Fprintf(stderr, "paperbench: -methods: %v\n", err)
		return 2
	}
	fmt.Fprintf(stderr, "paperbench: checking every method's moves against GenerateLegal on %d positions\n", len(positions))
	if err := paperbench.Verify(methods, positions); err != nil {
		fmt.Fprintf(stderr, "paperbench: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "paperbench: timing %d rounds of %d x %d move generations per method\n", *rounds, len(positions), *repeat)
	clock := paperbench.CPUClock
	if *wall {
		clock = paperbench.WallClock
	}
	t, err := paperbench.Time(methods, positions, *repeat, *rounds, clock, *count)
	if err != nil {
		fmt.Fprintf(stderr, "paperbench: %v\n", err)
		return 1
	}
	rows := paperbench.Summarize(t)
	env := paperbench.Environment(time.Now())
	paperbench.WriteMarkdown(stdout, env, t, rows)
	if chart != nil {
		// WriteSVG writes through fmt, which drops errors; bufio keeps the
		// first one for Flush to report (a full disk, for one).
		w := bufio.NewWriter(chart)
		paperbench.WriteSVG(w, fmt.Sprintf("Move generation, %d positions x %d", t.Positions, t.Repeat), t, rows)
		if err := errors.Join(w.Flush(), chart.Close()); err != nil {
			fmt.Fprintf(stderr, "paperbench: -svg: %v\n", err)
			return 2
		}
	}
	return 0
}
