package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/sightline-chess/sightline/engine"
	"github.com/sightline-chess/sightline/movegen"
)

// Perft runs "sightline perft": one position to a depth, or every
// position of a perft EPD file against its listed counts.
func Perft(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("perft", stderr)
	depth := fs.Int("depth", 0, "depth in plies")
	fen := fs.String("fen", movegen.StartFEN, "position in FEN")
	divide := fs.Bool("divide", false, "print the count below each root move")
	chess960 := fs.Bool("chess960", false, "write castling as king takes rook")
	epd := fs.String("epd", "", "perft EPD file: check every position against its counts")
	maxDepth := fs.Int("max-depth", 0, "with -epd: check depths up to this only (0: all)")
	if err := fs.Parse(args); err != nil {
		return ParseFailure(err)
	}
	// "perft 4" as "bench 5" takes its depth: the depth may stand alone,
	// with flags before or after it.
	bareDepth := false
	if fs.NArg() > 0 {
		n, err := strconv.Atoi(fs.Arg(0))
		if err != nil {
			fmt.Fprintf(stderr, "perft: unexpected argument %q\n", fs.Arg(0))
			return 2
		}
		*depth, bareDepth = n, true
		if status, ok := parseFlags(fs, fs.Args()[1:], stderr); !ok {
			return status
		}
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if bareDepth {
		if set["depth"] {
			fmt.Fprintln(stderr, "perft: a depth given twice (-depth and a bare number)")
			return 2
		}
		set["depth"] = true
	}
	// A flag of the other form would be ignored without a word, and the
	// user would take the run for what they asked.
	if bad := misplacedFlags(set); bad != "" {
		fmt.Fprintln(stderr, "perft: "+bad)
		return 2
	}
	if set["epd"] {
		if *epd == "" || *maxDepth < 0 {
			fmt.Fprintln(stderr, "perft: -epd needs a file, and -max-depth 0 (every depth) or more")
			return 2
		}
		return perftEPD(*epd, *maxDepth, stdout, stderr)
	}
	if *depth < 1 || *depth > 20 {
		fmt.Fprintln(stderr, "perft: -depth must be from 1 to 20")
		return 2
	}
	pos, err := movegen.ParseFEN(*fen)
	if err != nil {
		fmt.Fprintf(stderr, "perft: %v\n", err)
		return 2
	}
	start := time.Now()
	var nodes uint64
	if *divide {
		nodes = engine.WriteDivide(stdout, &pos, *depth, *chess960)
	} else {
		nodes = movegen.Perft(&pos, *depth)
		fmt.Fprintf(stdout, "Nodes searched: %d\n", nodes)
	}
	reportSpeed(stderr, nodes, time.Since(start))
	return 0
}

func reportSpeed(w io.Writer, nodes uint64, d time.Duration) {
	fmt.Fprintf(w, "time %d ms, %.0f nodes/s\n", d.Milliseconds(), float64(nodes)/max(d.Seconds(), 1e-9))
}

// misplacedFlags names the flags given that the chosen form of perft does
// not use, or returns "": -epd takes its positions and depths from the file,
// and -max-depth means nothing without it.
func misplacedFlags(set map[string]bool) string {
	if !set["epd"] {
		if set["max-depth"] {
			return "-max-depth applies only with -epd"
		}
		return ""
	}
	var bad []string
	for _, name := range []string{"depth", "fen", "divide", "chess960"} {
		if set[name] {
			bad = append(bad, "-"+name)
		}
	}
	if len(bad) == 0 {
		return ""
	}
	return strings.Join(bad, ", ") + " cannot be used with -epd, which reads positions and depths from the file"
}

// perftEPD checks every listed depth (up to maxDepth, when set) of every line.
// Failures go to stdout with their line number; the progress line on stderr
// is ended before each, so that the two streams do not run together on one
// terminal.
func perftEPD(path string, maxDepth int, stdout, stderr io.Writer) int {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(stderr, "perft: %v\n", err)
		return 2
	}
	defer f.Close()
	var passed, failed, cases int
	var nodes uint64
	progress := false
	fail := func(format string, a ...any) {
		if progress {
			fmt.Fprintln(stderr)
			progress = false
		}
		fmt.Fprintf(stdout, format, a...)
		failed++
	}
	start := time.Now()
	sc := movegen.NewEPDScanner(f)
	for sc.Scan() {
		lineNo := sc.Line()
		cases++
		c, err := movegen.ParsePerftCase(sc.Text())
		if err != nil {
			fail("line %d: %v\n", lineNo, err)
			continue
		}
		for _, w := range c.Want {
			if maxDepth > 0 && w.Depth > maxDepth {
				continue
			}
			got := movegen.Perft(&c.Position, w.Depth)
			nodes += got
			if got != w.Nodes {
				fail("FAIL line %d: %s depth %d: got %d, want %d\n", lineNo, c.FEN, w.Depth, got, w.Nodes)
			} else {
				passed++
			}
		}
		fmt.Fprintf(stderr, "\rline %d: %d passed, %d failed", lineNo, passed, failed)
		progress = true
	}
	if progress {
		fmt.Fprintln(stderr)
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(stderr, "perft: %s line %d: %v\n", path, sc.Line()+1, err)
		return 2
	}
	if cases == 0 {
		fmt.Fprintf(stderr, "perft: %s holds no positions\n", path)
		return 2
	}
	reportSpeed(stderr, nodes, time.Since(start))
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return 1
	}
	return 0
}
