package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// newFlagSet is a subcommand's flag set: its errors and its -h go to
// stderr, and Parse returns an error rather than ending the process.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parseFlags parses args as fs's flags and refuses an argument after them,
// which a command that takes only flags would otherwise ignore without a
// word. When ok is false the command ends at once with status: 0 after -h
// (the flag set has printed its help), 2 after a bad flag or an argument.
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) (status int, ok bool) {
	if err := fs.Parse(args); err != nil {
		return ParseFailure(err), false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "%s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return 2, false
	}
	return 0, true
}

// splitFiles returns the names of a comma-separated list (a -data flag's),
// empty ones left out.
func splitFiles(list string) []string {
	var files []string
	for _, f := range strings.Split(list, ",") {
		if f != "" {
			files = append(files, f)
		}
	}
	return files
}

// flagSet reports whether the command line set the flag name.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
