package eval

import (
	"math"

	"github.com/sightline-chess/sightline/movegen"
)

// The win/draw/loss model: what a score means in game results. At a given
// amount of material on the board, the chance of a win is a logistic curve
// of the score,
//
//	win(s) = 1 / (1 + exp((a - s) / b)),  loss(s) = win(-s),  draw = 1 - win - loss,
//
// where a is the score at which a win is as likely as not and b how fast the
// chance rises around it. Both depend on the material left (with queens on,
// a pawn's edge wins less often than in a pawn ending), as cubic polynomials
// of m = material/58, material counted 1, 3, 3, 5, 9 and held to 17..78 (as
// Stockfish's model counts it). The coefficients are fitted to Sightline's
// own self-play games by `sightline fit -fit-wdl -pgn` (docs/datagen.md):
// the scores and results of 118 games at 10+0.1 with the embedded net, the
// time control people play at, where a score means more draws than in the
// games of a few thousand nodes a move the first model was fitted to.
var (
	wdlA = [4]float64{-152.7, 557.5, -648.8, 357.4}
	wdlB = [4]float64{-48.24, 144.26, -40.33, 42.31}
)

// WDL is a score's meaning in game results, per mille: Win + Draw + Loss = 1000,
// from the side to move's view.
type WDL struct {
	Win, Draw, Loss int
}

// WDLMaterial counts the material the model reads: pawns 1, knights and
// bishops 3, rooks 5, queens 9, both colours.
func WDLMaterial(p *movegen.Position) int {
	return p.TypeBB(movegen.Pawn).Count() + 3*p.TypeBB(movegen.Knight).Count() +
		3*p.TypeBB(movegen.Bishop).Count() + 5*p.TypeBB(movegen.Rook).Count() +
		9*p.TypeBB(movegen.Queen).Count()
}

// WDLParams returns the model's a and b at this much material.
func WDLParams(material int, a, b *[4]float64) (float64, float64) {
	m := float64(max(min(material, 78), 17)) / 58
	pa := ((a[0]*m+a[1])*m+a[2])*m + a[3]
	pb := ((b[0]*m+b[1])*m+b[2])*m + b[3]
	return pa, max(pb, 1)
}

// WinProbability is the model's chance of a win at score s (centipawns,
// side to move) with a and b from WDLParams.
func WinProbability(s, a, b float64) float64 {
	return 1 / (1 + math.Exp((a-s)/b))
}

// ScoreWDL returns the model's win/draw/loss for score s with this much
// material on the board. Mate and tablebase scores are certain.
func ScoreWDL(s Score, material int) WDL {
	switch {
	case s >= TBWinBound:
		return WDL{Win: 1000}
	case s <= -TBWinBound:
		return WDL{Loss: 1000}
	}
	a, b := WDLParams(material, &wdlA, &wdlB)
	w := int(math.Round(1000 * WinProbability(float64(s), a, b)))
	l := int(math.Round(1000 * WinProbability(float64(-s), a, b)))
	d := max(1000-w-l, 0) // rounding can push w + l past 1000
	return WDL{Win: w, Draw: d, Loss: 1000 - w - d}
}

// WDLCoefficients returns copies of the model's coefficients, for a fit to
// start from.
func WDLCoefficients() (a, b [4]float64) { return wdlA, wdlB }
