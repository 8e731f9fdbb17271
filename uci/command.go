package uci

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sightline-chess/sightline/engine"
)

// Command is one parsed input line. Each UCI command has its own type; the
// loop switches on it.
type Command interface{ command() }

// UCI is "uci": identify, list the options, answer uciok.
type UCI struct{}

// Debug is "debug on|off": accepted for the protocol's sake.
type Debug struct{ On bool }

// IsReady is "isready": answer readyok at once.
type IsReady struct{}

// NewGame is "ucinewgame".
type NewGame struct{}

// Position is "position startpos|fen <fen> [moves <m>...]". FEN is empty for
// startpos. Moves are checked for legality when the command is carried out.
type Position struct {
	FEN   string
	Moves []string
}

// Go is "go ..." with its limits as written; a value outside its sensible
// range is kept here and clamped (with a warning) when carried out. A field
// whose Has flag is false was absent.
//
// A "go" is never refused, since a GUI waits for its bestmove and an engine
// that gives none loses on time. What parseGo cannot read is listed in
// Problems and read as safely as it can be: an unknown word is skipped, a
// number with a fraction or an exponent is cut to an integer, and a value
// that is missing or not a number reads as 0, which the clamps then turn
// into the smallest limit (depth 1, an empty clock), so that the search
// answers at once rather than running on.
type Go struct {
	WTime, BTime, WInc, BInc int64 // milliseconds
	MovesToGo                int64
	Depth, Nodes, Mate       int64
	MoveTime                 int64 // milliseconds
	Infinite, Ponder         bool
	SearchMoves              []string

	HasWTime, HasBTime, HasWInc, HasBInc, HasMovesToGo bool
	HasDepth, HasNodes, HasMate, HasMoveTime           bool

	Problems []string
}

// Perft is "go perft N": count the leaves below each root move.
type Perft struct{ Depth int }

// Stop is "stop".
type Stop struct{}

// PonderHit is "ponderhit".
type PonderHit struct{}

// SetOption is "setoption name <name> [value <value>]"; both may hold spaces.
type SetOption struct{ Name, Value string }

// Quit is "quit".
type Quit struct{}

// Display is "d": print the board, FEN, key and checkers.
type Display struct{}

// Eval is "eval": print the static evaluation.
type Eval struct{}

// Bench is "bench [depth]": search the bench positions, last line "N nodes M nps".
type Bench struct{ Depth int }

// Register is "register ...": Sightline needs no registration.
type Register struct{}

func (UCI) command()       {}
func (Debug) command()     {}
func (IsReady) command()   {}
func (NewGame) command()   {}
func (Position) command()  {}
func (Go) command()        {}
func (Perft) command()     {}
func (Stop) command()      {}
func (PonderHit) command() {}
func (SetOption) command() {}
func (Quit) command()      {}
func (Display) command()   {}
func (Eval) command()      {}
func (Bench) command()     {}
func (Register) command()  {}

// ErrEmpty is returned by Parse for a line with nothing on it.
var ErrEmpty = errors.New("empty line")

// maxLineReport bounds how much of a bad line an error quotes.
const maxLineReport = 60

// Parse reads one line of input into a Command. Any run of white space
// (spaces, tabs, carriage returns, and whatever else strings.Fields counts)
// separates tokens. It checks the form of the line only: whether a FEN or a
// move is valid in the game is for the engine to say.
//
// A line whose first word is not a command is refused as a whole. The UCI
// text suggests skipping unknown words and looking for a command further on
// ("joho debug on"); Sightline does not, because in a garbled line such as
// "positoin startpos moves e2e4 go" the first command name found would be a
// bare "go", an endless search nobody asked for.
func Parse(line string) (Command, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return nil, ErrEmpty
	}
	name, args := f[0], f[1:]
	// A command that takes no arguments ignores any it is given ("isready
	// now", "quit please"), as Stockfish does: the first word says what the
	// GUI or the user meant, and refusing "stop x" would leave a search
	// running that they meant to end.
	switch name {
	case "uci":
		return UCI{}, nil
	case "isready":
		return IsReady{}, nil
	case "ucinewgame":
		return NewGame{}, nil
	case "stop":
		return Stop{}, nil
	case "ponderhit":
		return PonderHit{}, nil
	case "quit":
		return Quit{}, nil
	case "d":
		return Display{}, nil
	case "eval":
		return Eval{}, nil
	case "register":
		return Register{}, nil
	case "debug":
		if len(args) == 1 && (args[0] == "on" || args[0] == "off") {
			return Debug{On: args[0] == "on"}, nil
		}
		return nil, errors.New("debug: want on or off")
	case "position":
		return parsePosition(args)
	case "go":
		if len(args) > 0 && args[0] == "perft" {
			return parsePerft(args[1:])
		}
		return parseGo(args)
	case "setoption":
		return parseSetOption(args)
	case "bench":
		return parseBench(args)
	}
	return nil, fmt.Errorf("unknown command %q", quote(name))
}

// quote shortens s for an error message.
func quote(s string) string {
	if len(s) > maxLineReport {
		return s[:maxLineReport] + "..."
	}
	return s
}

func parsePosition(args []string) (Command, error) {
	if len(args) == 0 {
		return nil, errors.New("position: want startpos or fen")
	}
	var p Position
	rest := args[1:]
	switch args[0] {
	case "startpos":
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		if i == 0 {
			return nil, errors.New("position fen: missing FEN")
		}
		p.FEN = strings.Join(rest[:i], " ")
		rest = rest[i:]
	default:
		return nil, fmt.Errorf("position: want startpos or fen, not %q", quote(args[0]))
	}
	if len(rest) == 0 {
		return p, nil
	}
	if rest[0] != "moves" {
		return nil, fmt.Errorf("position: want moves, not %q", quote(rest[0]))
	}
	p.Moves = rest[1:]
	return p, nil
}

// isGoKeyword reports whether tok starts a new field of "go", which ends a
// searchmoves list.
func isGoKeyword(tok string) bool {
	switch tok {
	case "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate",
		"movetime", "infinite", "ponder", "searchmoves":
		return true
	}
	return false
}

func parseGo(args []string) (Command, error) {
	var g Go
	problem := func(format string, a ...any) { g.Problems = append(g.Problems, fmt.Sprintf(format, a...)) }
	for i := 0; i < len(args); i++ {
		tok := args[i]
		switch tok {
		case "infinite":
			g.Infinite = true
			continue
		case "ponder":
			g.Ponder = true
			continue
		case "searchmoves":
			for i+1 < len(args) && !isGoKeyword(args[i+1]) {
				i++
				g.SearchMoves = append(g.SearchMoves, args[i])
			}
			if len(g.SearchMoves) == 0 {
				problem("go searchmoves: no moves given; every move is searched")
			}
			continue
		}
		var val *int64
		var has *bool
		switch tok {
		case "wtime":
			val, has = &g.WTime, &g.HasWTime
		case "btime":
			val, has = &g.BTime, &g.HasBTime
		case "winc":
			val, has = &g.WInc, &g.HasWInc
		case "binc":
			val, has = &g.BInc, &g.HasBInc
		case "movestogo":
			val, has = &g.MovesToGo, &g.HasMovesToGo
		case "depth":
			val, has = &g.Depth, &g.HasDepth
		case "nodes":
			val, has = &g.Nodes, &g.HasNodes
		case "mate":
			val, has = &g.Mate, &g.HasMate
		case "movetime":
			val, has = &g.MoveTime, &g.HasMoveTime
		default:
			problem("go: unknown word %q skipped", quote(tok))
			continue
		}
		*has = true
		if i+1 >= len(args) || isGoKeyword(args[i+1]) {
			problem("go %s: no value; read as 0", tok)
			continue
		}
		i++
		n, ok, exact := goNumber(args[i])
		switch {
		case !ok:
			problem("go %s: %q is not a number; read as 0", tok, quote(args[i]))
		case !exact:
			problem("go %s: %q is not an integer in range; read as %d", tok, quote(args[i]), n)
		}
		*val = n
	}
	return g, nil
}

// goNumber reads a "go" value. An integer is exact; any other decimal number
// (4824.02, 1e9, or one too large for int64) is cut toward zero and
// saturates at the int64 range, with exact false; anything else is not ok.
func goNumber(s string) (n int64, ok, exact bool) {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n, true, true
	}
	f, err := strconv.ParseFloat(s, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		return 0, false, false
	case err == nil && (math.IsNaN(f) || math.IsInf(f, 0)):
		return 0, false, false // "nan" and "inf" are words, not numbers
	}
	switch {
	case f >= math.MaxInt64:
		return math.MaxInt64, true, false
	case f <= math.MinInt64:
		return math.MinInt64, true, false
	}
	return int64(f), true, false
}

func parsePerft(args []string) (Command, error) {
	if len(args) != 1 {
		return nil, errors.New("go perft: want one depth")
	}
	d, err := strconv.Atoi(args[0])
	if err != nil || d < 1 {
		return nil, fmt.Errorf("go perft: depth %q is not a positive integer", quote(args[0]))
	}
	return Perft{Depth: d}, nil
}

func parseSetOption(args []string) (Command, error) {
	if len(args) < 2 || args[0] != "name" {
		return nil, errors.New("setoption: want name <name> [value <value>]")
	}
	args = args[1:]
	i := 0
	for i < len(args) && args[i] != "value" {
		i++
	}
	if i == 0 {
		return nil, errors.New("setoption: missing option name")
	}
	o := SetOption{Name: strings.Join(args[:i], " ")}
	if i < len(args) {
		o.Value = strings.Join(args[i+1:], " ")
	}
	return o, nil
}

func parseBench(args []string) (Command, error) {
	switch len(args) {
	case 0:
		return Bench{}, nil
	case 1:
		d, err := strconv.Atoi(args[0])
		if err != nil || d < 1 || d > engine.MaxBenchDepth {
			return nil, fmt.Errorf("bench: depth %q is not from 1 to %d", quote(args[0]), engine.MaxBenchDepth)
		}
		return Bench{Depth: d}, nil
	}
	return nil, errors.New("bench: want at most a depth")
}
