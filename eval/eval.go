package eval

import (
	"math/bits"

	"github.com/sightline-chess/sightline/movegen"
)

// Evaluate returns the static evaluation of p in centipawns from the side to
// move's view: positive when the side to move stands better. It allocates
// nothing and is safe for concurrent use.
func Evaluate(p *movegen.Position) Score {
	var e evaluator
	e.run(p)
	return e.t.Final
}

// evaluator holds what the terms share while one position is scored: attack
// sets computed once and read by several terms, and the trace being filled.
type evaluator struct {
	p            *movegen.Position
	occ          movegen.Bitboard
	sliders      movegen.Occupancy   // what the direct-lookup tables read
	mobilityArea [2]movegen.Bitboard // squares that count for each side's mobility (mobility.go)
	kingZone     [2]movegen.Bitboard // each king's square and neighbours
	// King attack bookkeeping, indexed by the side whose king is attacked.
	kingAttackers [2]int32
	kingUnits     [2]int32
	npm           [2]Score // non-pawn material (middlegame values), for scaling
	t             Trace
	// kingDangerUnits is, per colour, the attack units on its king when
	// they count (enough attackers), else 0; for Coefficients.
	kingDangerUnits [2]int32
	// co gathers the weights' coefficients for a tuner (coeffs.go); nil
	// when the search evaluates.
	co *coefSink
}

func (e *evaluator) add(term Term, c movegen.Color, mg, eg Score) {
	e.t.Terms[term][c].MG += mg
	e.t.Terms[term][c].EG += eg
}

// run scores p into e.t.
func (e *evaluator) run(p *movegen.Position) {
	e.p = p
	e.occ = p.Occupied()
	e.sliders = p.Occupancy()
	for c := movegen.White; c <= movegen.Black; c++ {
		ksq := p.KingSquare(c)
		e.kingZone[c] = movegen.KingAttacks(ksq) | ksq.Bitboard()
	}
	e.mobilityArea = MobilityAreas(p)
	for c := movegen.White; c <= movegen.Black; c++ {
		e.material(c)
		e.pieces(c)
		e.pawns(c)
	}
	// King safety reads the attack units the piece loop gathered.
	for c := movegen.White; c <= movegen.Black; c++ {
		e.king(c)
	}
	e.t.Terms[TermTempo][p.SideToMove()] = Pair{tempoMG, tempoEG}
	e.note(pairTempo, p.SideToMove(), 1)
	e.finish()
}

// material adds piece values and piece-square tables for c.
func (e *evaluator) material(c movegen.Color) {
	p := e.p
	var mg, eg, npm Score
	phase := 0
	for pt := movegen.Pawn; pt <= movegen.Queen; pt++ {
		n := Score(p.Pieces(c, pt).Count())
		mg += n * materialMG[pt]
		eg += n * materialEG[pt]
		phase += int(n) * int(phaseWeight[pt])
		if pt != movegen.Pawn {
			npm += n * materialMG[pt]
		}
	}
	e.t.Phase += phase
	e.npm[c&1] = npm
	e.add(TermMaterial, c, mg, eg)

	// One pass over c's pieces reads the colour's own view of the tables.
	table := &pieceSquare[c&1]
	var pst Pair
	for b := p.ColorBB(c); b != 0; b &= b - 1 {
		s := b.First()
		v := table[p.PieceOn(s).Type()&7][s&63]
		pst.MG += v.MG
		pst.EG += v.EG
	}
	e.add(TermPST, c, pst.MG, pst.EG)
	if e.co != nil {
		e.co.material(p, c)
	}
}

// pieces adds mobility, rook files and the bishop pair for c, and records
// the attacks on the enemy king zone for king safety.
func (e *evaluator) pieces(c movegen.Color) {
	p := e.p
	them := c.Other()
	area := e.mobilityArea[c]
	zone := e.kingZone[them]
	var mg, eg Score
	var attackers, units int32

	for b := p.Pieces(c, movegen.Knight); b != 0; b &= b - 1 {
		att := PieceAttacks(e.sliders, movegen.Knight, b.First())
		n := (att & area).Count()
		mg += knightMobilityMG[n]
		eg += knightMobilityEG[n]
		e.note(pairKnightMobility+n, c, 1)
		if hit := att & zone; hit != 0 {
			attackers++
			units += kingAttackerWeight[movegen.Knight] + kingZoneSquareWeight*int32(hit.Count())
		}
	}
	for b := p.Pieces(c, movegen.Bishop); b != 0; b &= b - 1 {
		att := PieceAttacks(e.sliders, movegen.Bishop, b.First())
		n := (att & area).Count()
		mg += bishopMobilityMG[n]
		eg += bishopMobilityEG[n]
		e.note(pairBishopMobility+n, c, 1)
		if hit := att & zone; hit != 0 {
			attackers++
			units += kingAttackerWeight[movegen.Bishop] + kingZoneSquareWeight*int32(hit.Count())
		}
	}
	ownPawns := p.Pieces(c, movegen.Pawn)
	allPawns := p.TypeBB(movegen.Pawn)
	var fmg, feg Score
	for b := p.Pieces(c, movegen.Rook); b != 0; b &= b - 1 {
		s := b.First()
		att := PieceAttacks(e.sliders, movegen.Rook, s)
		n := (att & area).Count()
		mg += rookMobilityMG[n]
		eg += rookMobilityEG[n]
		e.note(pairRookMobility+n, c, 1)
		if hit := att & zone; hit != 0 {
			attackers++
			units += kingAttackerWeight[movegen.Rook] + kingZoneSquareWeight*int32(hit.Count())
		}
		file := fileMask[s.File()]
		switch {
		case allPawns&file == 0:
			fmg += rookOpenFileMG
			feg += rookOpenFileEG
			e.note(pairRookOpenFile, c, 1)
		case ownPawns&file == 0:
			fmg += rookSemiOpenMG
			feg += rookSemiOpenEG
			e.note(pairRookSemiOpenFile, c, 1)
		}
	}
	for b := p.Pieces(c, movegen.Queen); b != 0; b &= b - 1 {
		att := PieceAttacks(e.sliders, movegen.Queen, b.First())
		n := (att & area).Count()
		mg += queenMobilityMG[n]
		eg += queenMobilityEG[n]
		e.note(pairQueenMobility+n, c, 1)
		if hit := att & zone; hit != 0 {
			attackers++
			units += kingAttackerWeight[movegen.Queen] + kingZoneSquareWeight*int32(hit.Count())
		}
	}
	{
		n := (movegen.KingAttacks(p.KingSquare(c)) & area).Count()
		mg += kingMobilityMG[n]
		eg += kingMobilityEG[n]
		e.note(pairKingMobility+n, c, 1)
	}
	blocked := Score((pawnStops(c, ownPawns) & e.occ).Count())
	mg += blocked * blockedPawnMG
	eg += blocked * blockedPawnEG
	e.note(pairBlockedPawn, c, int(blocked))
	e.add(TermMobility, c, mg, eg)
	e.add(TermRooks, c, fmg, feg)

	if p.Pieces(c, movegen.Bishop).Several() {
		e.add(TermBishopPair, c, bishopPairMG, bishopPairEG)
		e.note(pairBishopPair, c, 1)
	}
	e.kingAttackers[them] = attackers
	e.kingUnits[them] = units
}

// pawns adds pawn structure and passed pawns for c.
func (e *evaluator) pawns(c movegen.Color) {
	p := e.p
	them := c.Other()
	own := p.Pieces(c, movegen.Pawn)
	enemy := p.Pieces(them, movegen.Pawn)
	ownKing, theirKing := p.KingSquare(c), p.KingSquare(them)
	var smg, seg, pmg, peg Score
	for b := own; b != 0; b &= b - 1 {
		s := b.First()
		if own&adjacentFilesMask[s.File()] == 0 {
			smg += isolatedPawnMG
			seg += isolatedPawnEG
			e.note(pairIsolatedPawn, c, 1)
		}
		if own&forwardFileMask[c][s] != 0 {
			smg += doubledPawnMG
			seg += doubledPawnEG
			e.note(pairDoubledPawn, c, 1)
			continue // only the frontmost pawn of a file can be passed
		}
		if enemy&passedMask[c][s] != 0 {
			continue
		}
		r := relativeRank(c, s)
		pmg += passedPawnMG[r]
		peg += passedPawnEG[r]
		e.note(pairPassedPawn+r, c, 1)
		if r >= passedKingDistanceMinRank {
			stop := s + 8 // the square in front of the pawn
			if c == movegen.Black {
				stop = s - 8
			}
			w := Score(r - passedKingDistanceMinRank + 1)
			peg += w * (passedEnemyKingDistanceEG*Score(distance(theirKing, stop)) -
				passedOwnKingDistanceEG*Score(distance(ownKing, stop)))
			e.note(pairPassedEnemyKing, c, int(w)*distance(theirKing, stop))
			e.note(pairPassedOwnKing, c, -int(w)*distance(ownKing, stop))
		}
	}
	e.add(TermPawns, c, smg, seg)
	e.add(TermPassed, c, pmg, peg)
}

// king adds king safety for c: the attack units gathered by the enemy's
// piece loop, and the pawn shield.
func (e *evaluator) king(c movegen.Color) {
	p := e.p
	var mg, eg Score
	if e.kingAttackers[c] >= kingMinAttackers {
		u := Score(e.kingUnits[c])
		mg -= min(u*u*kingDangerMG/16, kingDangerMaxMG)
		eg -= u * kingDangerEG
		e.kingDangerUnits[c] = int32(u)
		e.note(pairKingDangerEG, c, -int(u))
	}
	ksq := p.KingSquare(c)
	own := p.Pieces(c, movegen.Pawn)
	ahead := passedMask[c][ksq] // the king's file and its neighbours, in front of it
	for f := max(ksq.File()-1, 0); f <= min(ksq.File()+1, 7); f++ {
		shield := own & ahead & fileMask[f]
		if shield == 0 {
			mg += kingOpenFileMG
			eg += kingOpenFileEG
			e.note(pairKingOpenFile, c, 1)
			continue
		}
		// The nearest pawn in front: lowest square for White, highest for Black.
		var s movegen.Square
		if c == movegen.White {
			s = shield.First()
		} else {
			s = movegen.Square(63 - bits.LeadingZeros64(uint64(shield)))
		}
		switch abs(s.Rank() - ksq.Rank()) {
		case 1:
			mg += kingShieldNearMG
			eg += kingShieldNearEG
			e.note(pairKingShieldNear, c, 1)
		case 2:
			mg += kingShieldFarMG
			eg += kingShieldFarEG
			e.note(pairKingShieldFar, c, 1)
		}
	}
	e.add(TermKingSafety, c, mg, eg)
}

// finish blends the terms by phase, scales drawish endgames and turns the
// score to the side to move's view.
func (e *evaluator) finish() {
	t := &e.t
	t.Phase = min(t.Phase, phaseMax)
	var mg, eg Score
	for i := range t.Terms {
		mg += t.Terms[i][movegen.White].MG - t.Terms[i][movegen.Black].MG
		eg += t.Terms[i][movegen.White].EG - t.Terms[i][movegen.Black].EG
	}
	t.MG, t.EG = mg, eg
	tapered := taper(mg, eg, t.Phase)
	t.Scale = scaleNormal
	switch {
	case tapered > 0:
		t.Scale = e.scale(movegen.White)
	case tapered < 0:
		t.Scale = e.scale(movegen.Black)
	}
	t.White = ClampEval(tapered * Score(t.Scale) / scaleNormal)
	t.Final = t.White
	if e.p.SideToMove() == movegen.Black {
		t.Final = -t.White
	}
}

// ClampEval keeps an evaluation below the tablebase and mate bands. Material
// alone stays far below TBWinBound; the clamp makes the promise hold whatever
// a tuner writes into params.go.
func ClampEval(s Score) Score { return max(min(s, TBWinBound-1), -(TBWinBound - 1)) }

// taper blends a middlegame and an endgame value by phase (phaseMax = all middlegame).
func taper(mg, eg Score, phase int) Score {
	return (mg*Score(phase) + eg*Score(phaseMax-phase)) / phaseMax
}

// scale returns how much of its advantage the stronger side, strong, can
// expect to keep, out of scaleNormal.
func (e *evaluator) scale(strong movegen.Color) int {
	p := e.p
	weak := strong.Other()
	strongNPM, weakNPM := e.npm[strong], e.npm[weak]
	if p.Pieces(strong, movegen.Pawn) == 0 {
		if strongNPM < materialMG[movegen.Rook] {
			return scaleCannotWin
		}
		if strongNPM-weakNPM <= materialMG[movegen.Bishop] {
			return scaleNoPawnsSmallEdge
		}
		if weakNPM == 0 && p.Pieces(weak, movegen.Pawn) == 0 &&
			strongNPM == 2*materialMG[movegen.Knight] && p.Pieces(strong, movegen.Knight).Count() == 2 {
			return scaleCannotWin
		}
	}
	if strongNPM == materialMG[movegen.Bishop] && weakNPM == materialMG[movegen.Bishop] {
		sb, wb := p.Pieces(strong, movegen.Bishop), p.Pieces(weak, movegen.Bishop)
		if sb != 0 && wb != 0 && squareColor(sb.First()) != squareColor(wb.First()) {
			return scaleOppositeBishops
		}
	}
	return scaleNormal
}

// squareColor is 0 for dark squares (a1) and 1 for light ones.
func squareColor(s movegen.Square) int { return (s.File() + s.Rank() + 1) & 1 }
