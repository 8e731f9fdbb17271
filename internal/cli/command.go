package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// A Command runs one subcommand with its arguments (those after its name)
// and returns the process's exit status.
type Command func(args []string, stdout, stderr io.Writer) int

// Run runs cmd with args and returns its exit status. The command's stdout
// is w behind an outputWriter: output that could not be written is said on
// stderr and makes the status at least 1.
func Run(cmd Command, args []string, w, stderr io.Writer) int {
	out := &outputWriter{w: w}
	code := cmd(args, out, stderr)
	if out.err != nil {
		fmt.Fprintf(stderr, "sightline: writing the output: %v\n", out.err)
		return max(code, 1)
	}
	return code
}

// ParseFailure is the exit status after a flag set's Parse failed: 0 when
// the user asked for help (-h), which the flag set has printed, else 2.
func ParseFailure(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 2
}
