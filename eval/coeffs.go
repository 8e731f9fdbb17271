package eval

import "github.com/sightline-chess/sightline/movegen"

// For a fixed position, the evaluation before its phase blend is linear in
// almost every weight of params.go: a sum of feature counts times weights.
// Coefficients is that count vector, so that a tuner can score millions of
// positions under new weights with a dot product instead of an evaluation,
// and move every weight at once by the gradient. The evaluator itself fills
// it (the hooks in eval.go), so it cannot drift from what Evaluate computes;
// the tests check that it reproduces Evaluate exactly.
//
// Each linear weight is a middlegame/endgame pair with an index below; a
// count applies to both halves. Weights that only exist for one phase (the
// endgame king distances of passed pawns, the endgame king danger) have a
// pair whose other half no name in params.go holds: a tuner leaves it at 0.
//
// Not linear, and so recorded apart: the middlegame king danger,
// min(units²·kingDangerMG/16, kingDangerMaxMG), kept as each side's attack
// units (KingUnits). Held fixed: the king attack units themselves
// (kingAttackerWeight, kingZoneSquareWeight, kingMinAttackers), the phase
// weights, the passed pawns' distance rank and the drawish scale (Scale), which
// depend on the weights only through thresholds.

// The pair indices of the linear weights, in params.go's order.
const (
	pairMaterial         = 0
	pairPST              = pairMaterial + len(materialMG)
	pairKnightMobility   = pairPST + len(pstMG)*len(pstMG[0])
	pairBishopMobility   = pairKnightMobility + len(knightMobilityMG)
	pairRookMobility     = pairBishopMobility + len(bishopMobilityMG)
	pairQueenMobility    = pairRookMobility + len(rookMobilityMG)
	pairKingMobility     = pairQueenMobility + len(queenMobilityMG)
	pairBlockedPawn      = pairKingMobility + len(kingMobilityMG)
	pairIsolatedPawn     = pairBlockedPawn + 1
	pairDoubledPawn      = pairIsolatedPawn + 1
	pairPassedPawn       = pairDoubledPawn + 1
	pairPassedEnemyKing  = pairPassedPawn + len(passedPawnMG)
	pairPassedOwnKing    = pairPassedEnemyKing + 1
	pairKingDangerEG     = pairPassedOwnKing + 1
	pairKingShieldNear   = pairKingDangerEG + 1
	pairKingShieldFar    = pairKingShieldNear + 1
	pairKingOpenFile     = pairKingShieldFar + 1
	pairBishopPair       = pairKingOpenFile + 1
	pairRookOpenFile     = pairBishopPair + 1
	pairRookSemiOpenFile = pairRookOpenFile + 1
	pairTempo            = pairRookSemiOpenFile + 1

	// NumPairs is the number of linear weight pairs.
	NumPairs = pairTempo + 1
)

// Coef is one nonzero feature count: White's count minus Black's of the
// weight pair Pair.
type Coef struct {
	Pair  uint16
	Count int16
}

// Coefficients is one position's evaluation as a function of the weights.
type Coefficients struct {
	Coefs []Coef
	// KingUnits holds, for each colour, the attack units against its king
	// when enough pieces attack it to count (else 0): the middlegame king
	// danger is min(u²·kingDangerMG/16, kingDangerMaxMG).
	KingUnits [2]int32
	Phase     int // 0 (endgame) to phaseMax (middlegame)
	Scale     int // out of ScaleNormal
	// SideToMove is the side Evaluate's score is seen from.
	SideToMove movegen.Color
}

// coefSink gathers counts while the evaluator runs with it (the tuner's
// extraction only; the search's evaluator has none).
type coefSink struct {
	counts [NumPairs]int32
}

// note adds n to weight pair i's count for colour c. It costs the search a
// predictable branch: Evaluate runs without a sink.
func (e *evaluator) note(i int, c movegen.Color, n int) {
	if e.co != nil {
		e.co.add(i, c, n)
	}
}

// material counts c's pieces and piece-square entries: one pass apart from
// the evaluator's, so that its loop pays nothing per piece for the sink.
func (s *coefSink) material(p *movegen.Position, c movegen.Color) {
	for pt := movegen.Pawn; pt <= movegen.Queen; pt++ {
		s.add(pairMaterial+int(pt), c, p.Pieces(c, pt).Count())
	}
	for b := p.ColorBB(c); b != 0; b &= b - 1 {
		sq := b.First()
		s.add(pairPST+int(p.PieceOn(sq).Type())*64+pstIndex(c, sq), c, 1)
	}
}

func (s *coefSink) add(i int, c movegen.Color, n int) {
	if c == movegen.White {
		s.counts[i] += int32(n)
	} else {
		s.counts[i] -= int32(n)
	}
}

// ExtractCoefficients evaluates p and returns its coefficient vector,
// appending the nonzero counts to buf (which it may reuse) and the score
// Evaluate gives. Not for the search: it zeroes a table of NumPairs counts
// per call.
func ExtractCoefficients(p *movegen.Position, buf []Coef) (Coefficients, Score) {
	var e evaluator
	var sink coefSink
	e.co = &sink
	e.run(p)
	co := Coefficients{Coefs: buf[:0], KingUnits: e.kingDangerUnits, Phase: e.t.Phase,
		Scale: e.t.Scale, SideToMove: p.SideToMove()}
	for i, n := range sink.counts {
		if n != 0 {
			co.Coefs = append(co.Coefs, Coef{Pair: uint16(i), Count: int16(n)})
		}
	}
	return co, e.t.Final
}

// Weights is the whole weight vector: the linear pairs, then the two
// nonlinear middlegame king danger weights.
type Weights struct {
	MG, EG          [NumPairs]Score
	KingDangerMG    Score
	KingDangerMaxMG Score
}

// CurrentWeights returns the weights the evaluation uses now (params.go).
func CurrentWeights() Weights {
	var w Weights
	for _, g := range WeightGroups() {
		copy(w.MG[g.Start:], g.MG)
		copy(w.EG[g.Start:], g.EG)
	}
	w.KingDangerMG, w.KingDangerMaxMG = kingDangerMG, kingDangerMaxMG
	return w
}

// EvaluateWith scores the coefficient vector under weights w exactly as
// Evaluate scores its position under params.go (the same integer steps), from
// the side to move's view.
func (co *Coefficients) EvaluateWith(w *Weights) Score {
	var mg, eg Score
	for _, c := range co.Coefs {
		n := Score(c.Count)
		mg += w.MG[c.Pair] * n
		eg += w.EG[c.Pair] * n
	}
	for c := movegen.White; c <= movegen.Black; c++ {
		u := Score(co.KingUnits[c])
		d := min(u*u*w.KingDangerMG/16, w.KingDangerMaxMG)
		if co.KingUnits[c] == 0 {
			d = 0
		}
		if c == movegen.White {
			mg -= d
		} else {
			mg += d
		}
	}
	tapered := taper(mg, eg, co.Phase)
	white := ClampEval(tapered * Score(co.Scale) / scaleNormal)
	if co.SideToMove == movegen.Black {
		return -white
	}
	return white
}

// ScaleNormal is the scale of a position that is not drawish.
const ScaleNormal = scaleNormal

// PhaseMax is the phase of a board with every piece on.
const PhaseMax = phaseMax

// WeightGroup names a run of weight pairs as params.go declares them: the
// middlegame and endgame variable (or constant) and their current values. A
// group with an empty name has no such half: its values stay 0.
type WeightGroup struct {
	MGName, EGName string
	Start          int // first pair index
	MG, EG         []Score
}

// WeightGroups lists every linear weight of params.go in pair order, with
// the names a tuner writes back.
func WeightGroups() []WeightGroup {
	flat := func(t *[7][64]Score) []Score {
		out := make([]Score, 0, 7*64)
		for i := range t {
			out = append(out, t[i][:]...)
		}
		return out
	}
	one := func(s Score) []Score { return []Score{s} }
	// Copies, so that no caller can change the evaluation's tables.
	cp := func(s []Score) []Score { return append([]Score(nil), s...) }
	return []WeightGroup{
		{"materialMG", "materialEG", pairMaterial, cp(materialMG[:]), cp(materialEG[:])},
		{"pstMG", "pstEG", pairPST, flat(&pstMG), flat(&pstEG)},
		{"knightMobilityMG", "knightMobilityEG", pairKnightMobility, cp(knightMobilityMG[:]), cp(knightMobilityEG[:])},
		{"bishopMobilityMG", "bishopMobilityEG", pairBishopMobility, cp(bishopMobilityMG[:]), cp(bishopMobilityEG[:])},
		{"rookMobilityMG", "rookMobilityEG", pairRookMobility, cp(rookMobilityMG[:]), cp(rookMobilityEG[:])},
		{"queenMobilityMG", "queenMobilityEG", pairQueenMobility, cp(queenMobilityMG[:]), cp(queenMobilityEG[:])},
		{"kingMobilityMG", "kingMobilityEG", pairKingMobility, cp(kingMobilityMG[:]), cp(kingMobilityEG[:])},
		{"blockedPawnMG", "blockedPawnEG", pairBlockedPawn, one(blockedPawnMG), one(blockedPawnEG)},
		{"isolatedPawnMG", "isolatedPawnEG", pairIsolatedPawn, one(isolatedPawnMG), one(isolatedPawnEG)},
		{"doubledPawnMG", "doubledPawnEG", pairDoubledPawn, one(doubledPawnMG), one(doubledPawnEG)},
		{"passedPawnMG", "passedPawnEG", pairPassedPawn, cp(passedPawnMG[:]), cp(passedPawnEG[:])},
		{"", "passedEnemyKingDistanceEG", pairPassedEnemyKing, one(0), one(passedEnemyKingDistanceEG)},
		{"", "passedOwnKingDistanceEG", pairPassedOwnKing, one(0), one(passedOwnKingDistanceEG)},
		{"", "kingDangerEG", pairKingDangerEG, one(0), one(kingDangerEG)},
		{"kingShieldNearMG", "kingShieldNearEG", pairKingShieldNear, one(kingShieldNearMG), one(kingShieldNearEG)},
		{"kingShieldFarMG", "kingShieldFarEG", pairKingShieldFar, one(kingShieldFarMG), one(kingShieldFarEG)},
		{"kingOpenFileMG", "kingOpenFileEG", pairKingOpenFile, one(kingOpenFileMG), one(kingOpenFileEG)},
		{"bishopPairMG", "bishopPairEG", pairBishopPair, one(bishopPairMG), one(bishopPairEG)},
		{"rookOpenFileMG", "rookOpenFileEG", pairRookOpenFile, one(rookOpenFileMG), one(rookOpenFileEG)},
		{"rookSemiOpenMG", "rookSemiOpenEG", pairRookSemiOpenFile, one(rookSemiOpenMG), one(rookSemiOpenEG)},
		{"tempoMG", "tempoEG", pairTempo, one(tempoMG), one(tempoEG)},
	}
}

// KingDangerNames are params.go's names of the two nonlinear weights.
const (
	KingDangerMGName    = "kingDangerMG"
	KingDangerMaxMGName = "kingDangerMaxMG"
)
