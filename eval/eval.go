package eval

import "github.com/sightline-chess/sightline/movegen"

// Evaluate returns the static evaluation of p from the side to move's view.
// (Placeholder: material only. The eval work replaces this file.)
func Evaluate(p *movegen.Position) Score {
	values := [7]Score{0, 100, 320, 330, 500, 900, 0}
	var s Score
	for t := movegen.Pawn; t <= movegen.Queen; t++ {
		s += values[t] * Score(p.Pieces(movegen.White, t).Count()-p.Pieces(movegen.Black, t).Count())
	}
	if p.SideToMove() == movegen.Black {
		s = -s
	}
	return s
}
