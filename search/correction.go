package search

import (
	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

// Correction history. The static evaluation errs in the same direction in
// positions that share their pawn structure (a weakness it does not see, a
// passer it overrates) or their pieces: each thread keeps, per side to move,
// a running average of how far searches came out from the raw evaluation,
// keyed by a hash of the pawns and by a hash of each side's other pieces,
// and adds the weighted average of the entries to the evaluation it prunes
// with (the idea of Stockfish's and Ethereal's correction history).
//
// The raw evaluation, not the corrected one, goes to the hash table, and
// the tables learn the raw evaluation's error: an entry converges to what
// the evaluation misses, not to what an earlier correction missed.

// Odd multipliers for the structure hashes: products of a bitboard with
// distinct odd constants spread every square's bit over the high bits,
// which the index is taken from. They are arbitrary, not tuned.
const (
	corrMulWhitePawns = 0x9E3779B97F4A7C15
	corrMulBlackPawns = 0xC2B2AE3D27D4EB4F
	corrMulKnights    = 0xD6E8FEB86659FD93
	corrMulBishops    = 0xA0761D6478BD642F
	corrMulRooks      = 0xE7037ED1A0B428DB
	corrMulQueens     = 0x8EBC6AF09C88C6E3
	corrMulKing       = 0x589965CC75374CC3
	corrMulFinal      = 0xFF51AFD7ED558CCD
)

// corrMix finishes a structure hash: the xor-shift folds the high bits into
// the low ones, so that the final product's top bits depend on every input
// bit, not only on the high squares.
func corrMix(h uint64) uint64 {
	h ^= h >> 32
	return h * corrMulFinal
}

// pawnKey hashes the pawn structure: the same pawns on the same squares
// give the same key whatever else is on the board. Movegen keeps no
// incremental pawn key, and two multiplies cost next to an evaluation.
func pawnKey(pos *movegen.Position) uint64 {
	return corrMix(uint64(pos.Pieces(movegen.White, movegen.Pawn))*corrMulWhitePawns ^
		uint64(pos.Pieces(movegen.Black, movegen.Pawn))*corrMulBlackPawns)
}

// nonPawnKey hashes the placement of c's pieces other than pawns, king
// included: how the pieces stand is what the evaluation misjudges in the
// middlegame, whatever the pawns do.
func nonPawnKey(pos *movegen.Position, c movegen.Color) uint64 {
	return corrMix(uint64(pos.Pieces(c, movegen.Knight))*corrMulKnights ^
		uint64(pos.Pieces(c, movegen.Bishop))*corrMulBishops ^
		uint64(pos.Pieces(c, movegen.Rook))*corrMulRooks ^
		uint64(pos.Pieces(c, movegen.Queen))*corrMulQueens ^
		uint64(pos.Pieces(c, movegen.King))*corrMulKing)
}

// corrIndex turns a structure hash into a table index: its top bits, the
// best mixed of a product.
func corrIndex(h uint64) uint32 { return uint32(h >> (64 - corrBits)) }

// corrSlot says where a position's corrections are: computed once per node,
// read for the evaluation and written when the node's search is done.
type corrSlot struct {
	stm     movegen.Color
	pawn    uint32
	nonPawn [2]uint32 // by colour of the pieces
}

func corrSlotOf(pos *movegen.Position) corrSlot {
	return corrSlot{
		stm:     pos.SideToMove(),
		pawn:    corrIndex(pawnKey(pos)),
		nonPawn: [2]uint32{corrIndex(nonPawnKey(pos, movegen.White)), corrIndex(nonPawnKey(pos, movegen.Black))},
	}
}

// correction is what the tables add to the raw evaluation at slot k, in
// centipawns: the weighted mean of the entries, within ±corrMaxCp.
func (w *worker) correction(k *corrSlot) eval.Score {
	stm := k.stm & 1
	sum := corrPawnWeight*int32(w.pawnCorr[stm][k.pawn]) +
		corrNonPawnWeight*int32(w.nonPawnCorr[movegen.White][stm][k.nonPawn[movegen.White]]) +
		corrNonPawnWeight*int32(w.nonPawnCorr[movegen.Black][stm][k.nonPawn[movegen.Black]])
	return eval.Score(sum / (corrMixScale * corrGrain))
}

// correctedEval is the static evaluation the search prunes with: raw plus
// the correction, kept out of the decisive range, which only a search may
// claim.
func (w *worker) correctedEval(raw eval.Score, k *corrSlot) eval.Score {
	return max(-tbWinBound+1, min(raw+w.correction(k), tbWinBound-1))
}

// updateCorrection moves the entries of slot k toward diff, the search
// result less the raw evaluation, by a weight that grows with depth: a
// deeper search knows better what the position is worth.
func (w *worker) updateCorrection(k *corrSlot, diff eval.Score, depth int) {
	// One wild result (a tactic the evaluation could not see) must not
	// swamp the average: the target is clamped to what an entry may hold,
	// and an average of values within ±corrMax stays within it.
	target := max(-corrMax, min(int32(diff)*corrGrain, corrMax))
	weight := int32(min(depth+1, corrMaxWeight))
	stm := k.stm & 1
	corrBlend(&w.pawnCorr[stm][k.pawn], target, weight)
	corrBlend(&w.nonPawnCorr[movegen.White][stm][k.nonPawn[movegen.White]], target, weight)
	corrBlend(&w.nonPawnCorr[movegen.Black][stm][k.nonPawn[movegen.Black]], target, weight)
}

// corrBlend sets *e to the weighted mean of *e and target, weight parts in
// corrWeightScale to target. With target within ±corrMax the mean is too;
// the clamp only guards the int16 against a caller that breaks that.
func corrBlend(e *int16, target, weight int32) {
	v := (int32(*e)*(corrWeightScale-weight) + target*weight) / corrWeightScale
	*e = int16(max(-corrMax, min(v, corrMax)))
}
