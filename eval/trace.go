package eval

import (
	"fmt"
	"strings"

	"github.com/sightline-chess/sightline/movegen"
)

// Term names one part of the evaluation, for Breakdown and the UCI eval command.
type Term uint8

// The evaluation's terms, in the order the trace prints them.
const (
	TermMaterial   Term = iota // piece values
	TermPST                    // piece-square tables
	TermMobility               // safe squares each piece attacks; blocked pawns
	TermPawns                  // isolated and doubled pawns
	TermPassed                 // passed pawns by rank, king distances
	TermKingSafety             // attacks on the king zone, pawn shield
	TermBishopPair             // two bishops
	TermRooks                  // rooks on open and semi-open files
	TermTempo                  // the side to move's bonus
	NumTerms                   // the number of terms
)

var termNames = [NumTerms]string{"Material", "Piece-square", "Mobility", "Pawn structure",
	"Passed pawns", "King safety", "Bishop pair", "Rook files", "Tempo"}

// String returns the term's name as the eval table prints it.
func (t Term) String() string {
	if t < NumTerms {
		return termNames[t]
	}
	return fmt.Sprintf("Term(%d)", uint8(t))
}

// Pair is a middlegame and an endgame value, blended by game phase.
type Pair struct {
	MG, EG Score
}

// Trace is a scored position broken into its terms, so a person (or the UCI
// eval command) can see where the number comes from.
type Trace struct {
	// Terms holds each term for each colour, from that colour's view
	// (positive is good for it), before the phase blend.
	Terms [NumTerms][2]Pair
	// Phase runs from 0 (bare kings and pawns) to 24 (all pieces on).
	Phase int
	// Scale is the share of the score the stronger side keeps, out of 64:
	// below 64 in drawish endgames.
	Scale int
	// MG and EG are the sums of all terms, White's view, before the blend.
	MG, EG Score
	// White is the final score from White's view; Final from the side to
	// move's view, the value Evaluate returns.
	White, Final Score
	// SideToMove is the side Final is seen from.
	SideToMove movegen.Color
}

// Breakdown scores p as Evaluate does and returns every term. It is for the
// UCI eval command and for tests, not the search: it returns a value and
// allocates nothing, but Trace.String does.
func Breakdown(p *movegen.Position) Trace {
	var e evaluator
	e.run(p)
	e.t.SideToMove = p.SideToMove()
	return e.t
}

// Net returns term from White's view: White's value minus Black's.
func (t *Trace) Net(term Term) Pair {
	w, b := t.Terms[term][movegen.White], t.Terms[term][movegen.Black]
	return Pair{w.MG - b.MG, w.EG - b.EG}
}

// Tapered returns term from White's view blended by the trace's phase (before
// scaling). The terms' tapered values may differ from the total by rounding.
func (t *Trace) Tapered(term Term) Score {
	n := t.Net(term)
	return taper(n.MG, n.EG, t.Phase)
}

// String prints the trace as a table: one line per term with White's, Black's
// and the net middlegame and endgame values and the blend, then the phase,
// the scale and the final score from both views. Centipawns throughout.
func (t Trace) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-15s| %13s | %13s | %20s\n", "Term", "White", "Black", "Total (White view)")
	fmt.Fprintf(&b, "%-15s| %6s %6s | %6s %6s | %6s %6s %6s\n", "", "MG", "EG", "MG", "EG", "MG", "EG", "Blend")
	rule := strings.Repeat("-", 15) + "+" + strings.Repeat("-", 15) + "+" + strings.Repeat("-", 15) + "+" + strings.Repeat("-", 22) + "\n"
	b.WriteString(rule)
	for term := Term(0); term < NumTerms; term++ {
		w, k, n := t.Terms[term][movegen.White], t.Terms[term][movegen.Black], t.Net(term)
		fmt.Fprintf(&b, "%-15s| %6d %6d | %6d %6d | %6d %6d %6d\n",
			term, w.MG, w.EG, k.MG, k.EG, n.MG, n.EG, t.Tapered(term))
	}
	b.WriteString(rule)
	fmt.Fprintf(&b, "%-15s| %13s | %13s | %6d %6d %6d\n", "Total", "", "", t.MG, t.EG, taper(t.MG, t.EG, t.Phase))
	fmt.Fprintf(&b, "Phase %d/%d (%d = middlegame), scale %d/%d\n", t.Phase, phaseMax, phaseMax, t.Scale, scaleNormal)
	side := "white"
	if t.SideToMove == movegen.Black {
		side = "black"
	}
	fmt.Fprintf(&b, "Final: %d cp (White's view), %d cp (side to move, %s)\n", t.White, t.Final, side)
	return b.String()
}
