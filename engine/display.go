package engine

import (
	"fmt"
	"io"
	"strings"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
)

// WriteBoard prints the current position for a human ("d"): the board with
// rank 8 on top, white pieces in capitals, then the FEN, the Zobrist key in
// hex, the evaluation in use (the net's name, when the search uses it) and the
// squares of the pieces giving check.
func (e *Engine) WriteBoard(w io.Writer) {
	g := e.Game()
	e.mu.Lock()
	evaluation := e.netDescriptionLocked()
	if e.searchNetLocked() == nil {
		why := "UseNNUE false"
		switch {
		case e.settings.UseNNUE && e.netLocked() == nil:
			why = "no net"
		case e.settings.UseNNUE:
			why = "UCI_LimitStrength"
		}
		evaluation = "hand-written (" + why + "); " + evaluation
	}
	e.mu.Unlock()
	writeBoard(w, &g.Position, evaluation)
}

func writeBoard(w io.Writer, p *movegen.Position, evaluation string) {
	const sep = " +---+---+---+---+---+---+---+---+"
	var b strings.Builder
	b.WriteString(sep + "\n")
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			pc := p.PieceOn(movegen.NewSquare(f, r))
			c := " "
			if pc != movegen.NoPiece {
				c = pc.String()
			}
			b.WriteString(" | " + c)
		}
		fmt.Fprintf(&b, " | %d\n%s\n", r+1, sep)
	}
	b.WriteString("   a   b   c   d   e   f   g   h\n\n")
	fmt.Fprintf(&b, "Fen: %s\n", p.String())
	fmt.Fprintf(&b, "Key: %016X\n", p.Key())
	fmt.Fprintf(&b, "Evaluation: %s\n", evaluation)
	b.WriteString("Checkers:")
	for c := p.Checkers(); c != 0; c &= c - 1 {
		b.WriteString(" " + c.First().String())
	}
	b.WriteString("\n")
	io.WriteString(w, b.String())
}

// WriteEval prints the static evaluation of the current position ("eval"):
// every term for each colour, the phase and the final score, as
// eval.Breakdown reports them.
func (e *Engine) WriteEval(w io.Writer) {
	g := e.Game()
	tr := eval.Breakdown(&g.Position)
	io.WriteString(w, tr.String())
	e.mu.Lock()
	net, desc := e.netLocked(), e.netDescriptionLocked()
	e.mu.Unlock()
	if net == nil {
		fmt.Fprintf(w, "NNUE evaluation none: %s\n", desc)
		return
	}
	var acc nnue.Accumulator
	acc.Refresh(net, &g.Position)
	fmt.Fprintf(w, "NNUE evaluation %d cp (side to move), %s\n", net.EvaluatePosition(&g.Position, &acc), desc)
}
