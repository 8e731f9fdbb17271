// Command sightline is a UCI chess engine built on Tannous's direct-lookup
// slider attacks. With no arguments it speaks UCI on stdin/stdout; the
// subcommands serve the command line:
//
//	sightline [-log-level L] [-log-file F]   speak UCI
//	sightline bench [-hce | -net F] [depth]   fixed search; last line "N nodes M nps"
//	sightline perft [-depth] N [-fen FEN] [-divide] [-chess960]
//	sightline perft -epd FILE [-max-depth N]
//	sightline datagen -out FILE -games N ...  self-play games as training data
//	sightline fit -data FILE ...              the hand-written evaluation's weights fitted
//	                                          (tune, its old name, still runs it)
//	sightline train -data FILE -out NET ...   a net trained
//	sightline spsa-params                     the search's tunables for SPSA
//	sightline genfens N seed S book B         openings for OpenBench
//	sightline version                         release and commit (also --version)
//	sightline help                            every command and its flags
//
// This package only starts things: it reads the flags before the command,
// sets up the log and runs the UCI loop (package uci) or the command its
// table names. The commands themselves are package internal/cli.
//
// Logs go to stderr or to -log-file, never to stdout, which is the protocol.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/rs/zerolog"

	"github.com/sightline-chess/sightline/internal/cli"
	"github.com/sightline-chess/sightline/uci"
)

// subcommand is one row of the command line's table.
type subcommand struct {
	name string
	run  cli.Command
	help string // its line in `sightline help`
}

// subcommands is the table of the command line: a command's name, the
// function that runs it and its line of help. (A function, not a variable:
// help's row prints the table.)
func subcommands() []subcommand {
	return []subcommand{
		{"bench", cli.Bench, `fixed-depth search of the bench positions; last line "N nodes M nps"`},
		{"perft", cli.Perft, "leaf counts of one position, or checks every count of a perft EPD file"},
		{"datagen", cli.Datagen, "self-play games written as training data, or a data file converted"},
		{"fit", cli.Fit, "eval/params.go's weights fitted to data (-fit-wdl: the win/draw/loss model; old name: tune)"},
		{"train", cli.Train, "a net (eval/nnue) trained on data and written to a file"},
		{"spsa-params", cli.SPSAParams, "the search's tunables in OpenBench's SPSA format"},
		{"genfens", cli.Genfens, `openings for OpenBench, "info string genfens FEN"`},
		{"version", versionCommand, "release and commit (also --version)"},
		{"help", helpCommand, "this text (also -h)"},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run reads the global flags, sets up the logger and dispatches to a
// subcommand, returning the process exit status: 0 success, 1 a check failed
// or the output could not be written, 2 bad usage or input.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sightline", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, usage()) }
	level := fs.String("log-level", "warn", "log level: trace, debug, info, warn, error, disabled")
	logFile := fs.String("log-file", "", "write the log to this file instead of stderr")
	showVersion := fs.Bool("version", false, "print the version and exit")
	if err := fs.Parse(args); err != nil {
		return cli.ParseFailure(err)
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
	// OpenBench's client sends its genfens request as one argument,
	// "genfens N seed S book B", then "quit".
	if f := strings.Fields(args[0]); len(f) > 1 && f[0] == "genfens" {
		args = append(f, args[1:]...)
	}
	name := args[0]
	if name == oldFitName {
		name = "fit"
	}
	for _, c := range subcommands() {
		if c.name == name {
			return cli.Run(c.run, args[1:], stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "sightline: unknown command %q\n%s\n", args[0], usage())
	return 2
}

// oldFitName is what the evaluation's fit was called until "tune" came to
// mean only the SPSA tuning of the search (the tune build, cmd/spsa); the
// logs' recipes and people's scripts still say "sightline tune", so the
// old name runs it too.
const oldFitName = "tune"

func versionCommand(_ []string, stdout, _ io.Writer) int {
	fmt.Fprintln(stdout, "Sightline", versionString())
	return 0
}

func helpCommand(_ []string, stdout, _ io.Writer) int {
	fmt.Fprintln(stdout, usage())
	return 0
}

// usage is the text of `sightline help`: the table's lines, then the
// commands' arguments (cli.Synopses) and the flags before the command.
func usage() string {
	var b strings.Builder
	b.WriteString("usage:\n" +
		"  sightline [-log-level L] [-log-file F]   speak UCI on stdin/stdout\n" +
		"  sightline [-log-level L] [-log-file F] COMMAND [ARGS]\n\ncommands:\n")
	for _, c := range subcommands() {
		fmt.Fprintf(&b, "  %-12s %s\n", c.name, c.help)
	}
	b.WriteString("\narguments:\n" + cli.Synopses + `
Each subcommand's -h lists all its flags.

flags (before the subcommand):
  -log-level L   trace, debug, info, warn (default), error or disabled
  -log-file F    write the log to F instead of stderr
  -version       print the version and exit`)
	return b.String()
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
