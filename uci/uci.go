package uci

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/rs/zerolog"

	"github.com/sightline-chess/sightline/engine"
	"github.com/sightline-chess/sightline/movegen"
)

// Config is what the program around the loop supplies.
type Config struct {
	Version string         // shown after "id name Sightline"
	Log     zerolog.Logger // diagnostics; never the protocol
}

// Author is the "id author" line's value.
const Author = "the Sightline developers"

// banner is the line written at start-up, before any input is read, as
// Stockfish writes "Stockfish 15.1 by the Stockfish developers". Some GUIs
// wait for a first line before they speak: Scid waits about 5 s for an
// engine that prints nothing and starts at once after the banner. Every UCI
// reader ignores a line it does not know, so the banner costs nothing.
func banner(version string) string {
	return "Sightline " + version + " by " + Author
}

// Run speaks UCI on in and out until "quit" or the end of input, and returns
// the process exit status (0).
func Run(in io.Reader, out io.Writer) int {
	return RunWith(in, out, Config{Version: "dev", Log: zerolog.Nop()})
}

// session is one run of the loop: the engine and the single output.
type session struct {
	eng *engine.Engine
	out *output
	cfg Config
}

// RunWith is Run with a version string and a logger.
func RunWith(in io.Reader, out io.Writer, cfg Config) int {
	eng := engine.New(cfg.Log)
	s := &session{eng: eng, out: &output{w: out, eng: eng}, cfg: cfg}
	s.out.line(banner(cfg.Version))
	r := newLineReader(in)
	for {
		line, err := r.next()
		if errors.Is(err, errLineTooLong) {
			eng.LogLine(engine.In, "(a line over 1 MB, skipped)")
			s.out.infoString("%v", err)
			continue
		}
		if err != nil {
			if err != io.EOF {
				cfg.Log.Error().Err(err).Msg("reading input")
			}
			break
		}
		eng.LogLine(engine.In, line)
		cmd, err := Parse(line)
		if errors.Is(err, ErrEmpty) {
			continue
		}
		if err == nil {
			if _, quit := cmd.(Quit); quit {
				break
			}
			err = s.handle(cmd)
		}
		if err != nil {
			cfg.Log.Debug().Str("line", line).Err(err).Msg("command refused")
			s.out.infoString("%v", err)
		}
	}
	// Quit and end of input alike: let a perft or bench finish (Finish),
	// stop a search and let it say bestmove.
	eng.Finish()
	eng.Close()
	return 0
}

// handle carries out one command.
func (s *session) handle(cmd Command) error {
	switch c := cmd.(type) {
	case UCI:
		s.identify()
	case IsReady:
		s.out.line("readyok")
	case Debug, Register:
		// Nothing to do: debug output goes to the log, and no registration is needed.
	case NewGame:
		s.eng.NewGame()
	case Position:
		err := s.eng.SetPosition(c.FEN, c.Moves)
		var me *engine.MoveError
		switch {
		case errors.As(err, &me):
			// Said outright, since the next go searches a position that is
			// not the one the GUI meant, though the closest one to it.
			s.out.infoString("position: %v; the position is the one before it, after %s", err, plural(me.Ply-1, "move"))
		case err != nil:
			return fmt.Errorf("%w (the position is unchanged)", err)
		}
		if !s.eng.Settings().Chess960 && s.eng.Chess960Notation() {
			s.out.infoString("castling here is Chess960's and UCI_Chess960 is off: castling moves are read and written as king takes rook")
		}
	case Go:
		return s.goSearch(c)
	case Stop:
		s.eng.Stop()
	case PonderHit:
		s.eng.PonderHit()
	case SetOption:
		note, err := s.eng.SetOption(c.Name, c.Value)
		if err != nil {
			return err
		}
		if note != "" {
			s.out.infoString("%s", note)
		}
		if strings.EqualFold(c.Name, engine.OptSyzygyPath) {
			for _, n := range s.eng.SyzygyNotes() {
				s.out.infoString("%s", n)
			}
		}
	case Perft:
		return s.perft(c.Depth)
	case Display:
		var b strings.Builder
		s.eng.WriteBoard(&b)
		s.out.lines(b.String())
	case Eval:
		var b strings.Builder
		s.eng.WriteEval(&b)
		s.out.lines(b.String())
	case Bench:
		return s.bench(c.Depth)
	default:
		return fmt.Errorf("command %T not handled", cmd) // a programmer's slip, reported not fatal
	}
	return nil
}

// plural writes n and noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func (s *session) identify() {
	var b strings.Builder
	fmt.Fprintf(&b, "id name Sightline %s\nid author %s\n", s.cfg.Version, Author)
	for _, o := range engine.OptionSpecs() {
		b.WriteString(o.UCI() + "\n")
	}
	b.WriteString("uciok")
	s.out.lines(b.String())
}

func (s *session) goSearch(g Go) error {
	lim, warnings := limits(g, s.eng.ParseMove)
	for _, w := range append(g.Problems, warnings...) {
		s.out.infoString("%s", w)
	}
	if n := s.eng.NetNote(); n != "" {
		s.out.infoString("%s", n)
	}
	chess960 := s.eng.Chess960Notation()
	report := func(i engine.Info) { s.out.line(formatInfo(i, chess960)) }
	done := func(o engine.Outcome) {
		if o.Best == movegen.NoMove {
			s.out.line(noMoveInfo(o))
		}
		s.out.line(formatBestMove(o))
	}
	// limits clamped every value into the engine's ranges and kept only
	// legal search moves, so Go takes them: an error here is a bug, said
	// as an info string like any other.
	return s.eng.Go(lim, report, done)
}

// perft starts "go perft" on the engine's worker: the loop goes on reading,
// so isready, stop and quit are served while it counts.
func (s *session) perft(depth int) error {
	return s.eng.Perft(depth, s.out.line, func(r engine.PerftResult) {
		if r.Stopped {
			s.out.infoString("perft stopped: %d of %d root moves counted in full, %d nodes below them", r.Counted, r.Moves, r.Nodes)
		}
	})
}

// bench starts the bench on the engine's worker, like perft.
func (s *session) bench(depth int) error {
	if n := s.eng.NetNote(); n != "" {
		s.out.infoString("%s", n)
	}
	progress := func(line string) { s.out.infoString("%s", line) }
	return s.eng.Bench(depth, progress, func(r engine.BenchResult) {
		if r.Stopped {
			s.out.infoString("bench stopped after %d positions (%d nodes): no fingerprint", r.Positions, r.Nodes)
			return
		}
		s.out.line(r.String())
	})
}
