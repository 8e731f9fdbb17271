// Command sightline is a UCI chess engine built on Tannous's direct-lookup
// slider attacks. With no arguments it speaks UCI on stdin/stdout; the
// subcommands serve the command line:
//
//	sightline perft -depth N [-fen FEN] [-divide] [-chess960]
//	sightline perft -epd FILE [-max-depth N]
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/sightline-chess/sightline/uci"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to a subcommand and returns the process exit status:
// 0 success, 1 a check failed, 2 bad usage or input.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return uci.Run(stdin, stdout)
	}
	switch args[0] {
	case "perft":
		return perftCommand(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprintln(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "sightline: unknown command %q\n%s\n", args[0], usage)
		return 2
	}
}

const usage = `usage:
  sightline                      speak UCI on stdin/stdout
  sightline perft -depth N [-fen FEN] [-divide] [-chess960]
  sightline perft -epd FILE [-max-depth N]`
