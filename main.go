// Command sightline is a UCI chess engine built on Tannous's direct-lookup
// slider attacks. With no arguments it speaks UCI on stdin/stdout; the
// subcommands serve the command line:
//
//	sightline [-log-level L] [-log-file F]   speak UCI
//	sightline bench [-hce] [depth]            fixed search; last line "N nodes M nps"
//	sightline perft [-depth] N [-fen FEN] [-divide] [-chess960]
//	sightline perft -epd FILE [-max-depth N]
//	sightline version                         release and commit (also --version)
//
// Logs go to stderr or to -log-file, never to stdout, which is the protocol.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/rs/zerolog"

	"github.com/sightline-chess/sightline/uci"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run reads the global flags, sets up the logger and dispatches to a
// subcommand, returning the process exit status: 0 success, 1 a check failed
// or the output could not be written, 2 bad usage or input.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sightline", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, usage) }
	level := fs.String("log-level", "warn", "log level: trace, debug, info, warn, error, disabled")
	logFile := fs.String("log-file", "", "write the log to this file instead of stderr")
	showVersion := fs.Bool("version", false, "print the version and exit")
	if err := fs.Parse(args); err != nil {
		return parseFailure(err)
	}
	log, closeLog, err := newLogger(*level, *logFile, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "sightline: %v\n", err)
		return 2
	}
	defer closeLog()

	args = fs.Args()
	if *showVersion {
		args = []string{"version"}
	}
	if len(args) == 0 {
		v := versionString()
		log.Info().Str("version", v).Msg("speaking UCI")
		return uci.RunWith(stdin, stdout, uci.Config{Version: v, Log: log})
	}
	out := &outputWriter{w: stdout}
	code := subcommand(args, out, stderr)
	if out.err != nil {
		fmt.Fprintf(stderr, "sightline: writing the output: %v\n", out.err)
		return max(code, 1)
	}
	return code
}

// subcommand runs the subcommand named by args[0] and returns its exit status.
func subcommand(args []string, stdout, stderr io.Writer) int {
	// OpenBench's client sends its genfens request as one argument,
	// "genfens N seed S book B", then "quit".
	if f := strings.Fields(args[0]); len(f) > 1 && f[0] == "genfens" {
		args = append(f, args[1:]...)
	}
	switch args[0] {
	case "perft":
		return perftCommand(args[1:], stdout, stderr)
	case "bench":
		return benchCommand(args[1:], stdout, stderr)
	case "datagen":
		return datagenCommand(args[1:], stdout, stderr)
	case "tune":
		return tuneCommand(args[1:], stdout, stderr)
	case "train":
		return trainCommand(args[1:], stdout, stderr)
	case "spsa-params":
		return spsaParamsCommand(args[1:], stdout, stderr)
	case "genfens":
		return genfensCommand(args[1:], stdout, stderr)
	case "version": // --version is the flag set's, above
		fmt.Fprintln(stdout, "Sightline", versionString())
		return 0
	case "help": // -h and --help are the flag set's, above
		fmt.Fprintln(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "sightline: unknown command %q\n%s\n", args[0], usage)
		return 2
	}
}

// parseFailure is the exit status after a flag set's Parse failed: 0 when
// the user asked for help (-h), which the flag set has printed, else 2.
func parseFailure(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 2
}

// newLogger returns a zerolog logger at the named level writing to file, or
// to stderr when file is empty, and a function that closes the file.
func newLogger(level, file string, stderr io.Writer) (zerolog.Logger, func(), error) {
	lvl, err := zerolog.ParseLevel(level)
	if err != nil || level == "" {
		return zerolog.Nop(), nil, fmt.Errorf("-log-level %q: want trace, debug, info, warn, error or disabled", level)
	}
	w, closer := stderr, func() {}
	if file != "" {
		f, err := os.OpenFile(file, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return zerolog.Nop(), nil, fmt.Errorf("-log-file: %w", err)
		}
		w, closer = f, func() { f.Close() }
	} else {
		w = zerolog.ConsoleWriter{Out: stderr, NoColor: true}
	}
	return zerolog.New(w).Level(lvl).With().Timestamp().Logger(), closer, nil
}

const usage = `usage:
  sightline [-log-level L] [-log-file F]   speak UCI on stdin/stdout
  sightline bench [-hce] [depth]            fixed-depth search of the bench positions;
                                            last line "N nodes M nps"; -hce: with the
                                            hand-written evaluation, not the net
  sightline perft [-depth] N [-fen FEN] [-divide] [-chess960]
  sightline perft -epd FILE [-max-depth N]
  sightline datagen -out FILE [-append] -games N [-nodes 5000] [-depth D] [-threads T]
                    [-random-plies 8] [-book FILE.epd] [-seed S] [-nnue | -net FILE.nnue]
  sightline datagen -convert FILE -to OUT.epd|OUT.bin
  sightline tune -data FILE[,FILE...] [-epochs 400] [-lambda 0.5] [-lr 1]
                 [-limit N] [-k K] [-reg R] [-out FILE]
                                            -out: default eval/params.go of the checkout
                                            around the working directory
  sightline tune -fit-wdl -data FILE[,FILE...] [-limit N]
  sightline train -data FILE[,FILE...] -out NET.nnue [-epochs 10] [-lr 0.001]
                  [-lr-drop 4] [-lr-gamma 0.3] [-lambda 0.5] [-no-mobility]
                  [-batch 16384] [-buckets 1|8] [-wd W] [-init NET.nnue] [-keep-best]
                  [-checkpoint FILE] [-limit N] [-name NAME]
  sightline version                         the version (also --version)
  sightline spsa-params                     the search's tunables in OpenBench's SPSA format
  sightline genfens N seed S book <None|FILE> openings for OpenBench, "info string genfens FEN"
  sightline help
Each subcommand's -h lists all its flags.

flags (before the subcommand):
  -log-level L   trace, debug, info, warn (default), error or disabled
  -log-file F    write the log to F instead of stderr
  -version       print the version and exit`
