package uci

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/sightline-chess/sightline/movegen"
)

// Run speaks UCI on in/out until "quit" or end of input and returns the exit
// status. (Placeholder with uci, isready, position and go perft; the UCI work
// replaces this file.)
func Run(in io.Reader, out io.Writer) int {
	pos, _ := movegen.ParseFEN(movegen.StartFEN)
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			fmt.Fprintln(out, "id name Sightline\nid author the Sightline developers\nuciok")
		case "isready":
			fmt.Fprintln(out, "readyok")
		case "quit":
			return 0
		case "position":
			if len(f) > 1 && f[1] == "startpos" {
				pos, _ = movegen.ParseFEN(movegen.StartFEN)
			}
		case "go":
			if len(f) == 3 && f[1] == "perft" {
				var d int
				fmt.Sscan(f[2], &d)
				var total uint64
				for _, e := range movegen.Divide(&pos, d) {
					fmt.Fprintf(out, "%s: %d\n", e.Move, e.Nodes)
					total += e.Nodes
				}
				fmt.Fprintf(out, "\nNodes searched: %d\n", total)
			}
		}
	}
	return 0
}
