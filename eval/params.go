package eval

// The evaluation's weights, all in one place so a tuner can rewrite this file.
// Each weight comes as a middlegame (MG) and an endgame (EG) value in
// centipawns; Evaluate blends them by game phase. Scalars are constants;
// tables are variables that nothing ever writes (Go has no constant arrays).
//
// The terms and their shapes were set by hand; every number below was then
// fitted by `sightline fit` to Sightline's own self-play games (the run and
// its match result are in docs/strength-log.md). The comments on each term say
// what it means, not why a number has the value it has: the data chose it.
// The attack units of king safety, the phase weights and the drawish scales
// are not fitted (docs/datagen.md says why).
//
// Piece-square tables are drawn as the board looks from White's side: the
// first row is rank 8, the last is rank 1, files a to h left to right. Black
// reads the same table with the board turned over.

// Material, indexed by PieceType (NoPieceType, Pawn, Knight, Bishop, Rook,
// Queen, King).
var (
	materialMG = [7]Score{0, 79, 371, 383, 491, 1108, 0}
	materialEG = [7]Score{0, 124, 358, 374, 632, 1096, 0}
)

// Game phase: each piece's weight; a board with all pieces is phaseMax, a
// middlegame, and one with none is 0, a pure endgame.
var phaseWeight = [7]int32{0, 0, 1, 1, 2, 4, 0}

const phaseMax = 24

// Piece-square tables, indexed by PieceType, then by visual square (a8 = 0).
var pstMG = [7][64]Score{
	{},
	{ // Pawn: advance in the centre; keep f, g, h home for the king's shelter.
		0, 0, 0, 0, 0, 0, 0, 0,
		44, 59, 46, 54, 58, 55, 53, 42,
		6, 5, 24, 18, 35, 8, 25, -2,
		-7, -4, 15, 24, 28, 14, 8, -13,
		-14, -2, 10, 16, 9, 14, 3, -9,
		-5, 0, 5, -4, -3, 3, 13, 2,
		-14, 7, -3, -13, -19, 14, 21, 2,
		0, 0, 0, 0, 0, 0, 0, 0,
	},
	{ // Knight: centre and outposts; the rim is dim.
		-75, -35, -29, -18, -19, -31, -37, -70,
		-27, -22, -3, 5, 0, 8, -16, -26,
		-18, 11, 12, 24, 23, 24, 10, -17,
		-3, 0, 11, 31, 10, 27, -2, 4,
		-12, -2, 9, 6, 8, 13, 4, -15,
		-24, -8, 1, 3, 13, 1, -5, -14,
		-29, -20, -11, 4, 2, -4, -27, -28,
		-58, -22, -28, -22, -8, -35, -25, -58,
	},
	{ // Bishop: long diagonals and fianchetto squares; corners are poor.
		-16, -13, -12, -10, -8, -13, -10, -16,
		-9, 0, -10, 0, 1, -5, -1, -22,
		-18, 7, 8, 22, 15, 14, 2, 0,
		-3, 2, 6, 21, 18, 4, -3, -13,
		-4, 0, 0, 13, 5, -3, 2, 0,
		1, 17, 21, 4, 2, 21, 9, -2,
		0, 11, 3, 6, 6, 7, 23, -11,
		-23, 1, -12, -7, -7, -13, -5, -21,
	},
	{ // Rook: the seventh rank; central files on the first after castling.
		10, 14, 14, 17, 16, 14, 15, 17,
		17, 18, 22, 30, 21, 22, 19, 23,
		-10, 2, 15, 23, 13, 14, 13, 10,
		-17, -1, 2, 16, 7, 10, 1, 7,
		-14, -10, -1, -7, -4, -8, 5, -13,
		-14, -17, -9, 4, -3, -10, -5, -19,
		-20, -17, -19, -3, -6, -23, -16, -22,
		-5, 2, 1, 16, 13, 8, -6, -3,
	},
	{ // Queen: mostly mobility's business; avoid the rim.
		-7, -5, -2, 1, 4, 0, -9, -4,
		-14, -12, 1, 6, 10, 2, 1, 7,
		-10, 0, 6, 12, 14, 8, 16, 12,
		-7, -11, 5, -1, 11, 15, -3, 6,
		-18, -8, -9, -3, 6, -12, -3, -16,
		1, -9, 14, 1, -2, 4, 0, 0,
		-5, -2, 5, 6, 5, 2, 2, -1,
		-16, -7, 3, -1, -10, -10, -4, -15,
	},
	{ // King: castled and at home while queens are on.
		-60, -60, -59, -70, -70, -59, -59, -61,
		-50, -50, -53, -60, -59, -54, -48, -50,
		-45, -44, -49, -54, -55, -47, -43, -44,
		-41, -40, -46, -54, -52, -42, -35, -40,
		-36, -35, -41, -49, -48, -35, -30, -34,
		-25, -25, -29, -39, -38, -25, -8, -19,
		-2, 0, -27, -29, -31, -5, 4, 7,
		10, 23, 0, -28, -4, -18, 33, 21,
	},
}

var pstEG = [7][64]Score{
	{},
	{ // Pawn: the further the better; passed pawns get more below.
		0, 0, 0, 0, 0, 0, 0, 0,
		29, 68, 58, 40, 51, 46, 51, 28,
		26, 35, 31, 17, 14, 29, 21, 26,
		9, 12, 1, -1, 7, 9, 13, 13,
		9, 11, -2, -4, -6, 4, 13, 0,
		3, -7, 0, 6, 11, 10, -3, -7,
		0, -9, 3, 17, 0, 10, 3, -1,
		0, 0, 0, 0, 0, 0, 0, 0,
	},
	{ // Knight
		-48, -37, -26, -17, -19, -29, -37, -46,
		-31, -14, -1, -3, -1, -10, -21, -31,
		-18, -2, 8, 17, 12, 13, -14, -29,
		-11, 9, 14, 29, 23, 15, 7, -10,
		-10, -3, 16, 15, 23, 17, -5, -7,
		-21, -5, 0, 1, 5, 18, -3, -16,
		-30, -16, -5, -11, -10, -12, -15, -28,
		-42, -38, -27, -22, -16, -25, -26, -43,
	},
	{ // Bishop
		-12, -11, -6, -1, 3, -6, -10, -12,
		-11, 2, 4, -4, 0, 2, 7, -13,
		-12, -3, 18, 9, 5, 9, 9, -13,
		-6, 2, 6, 24, 13, -2, -5, -9,
		-8, -3, 18, 11, 12, 16, -3, -5,
		-6, -4, 6, 3, 9, 13, -5, -3,
		-5, -1, 4, -11, -14, -4, -10, -15,
		-13, -5, -10, -13, -13, 7, -8, -11,
	},
	{ // Rook: the seventh rank still counts.
		15, 19, 13, 10, 11, 14, 17, 10,
		23, 20, 22, 13, 15, 13, 13, 18,
		20, 4, 14, 9, 2, 13, 10, 8,
		11, 12, 10, 5, 8, 6, 7, 7,
		13, 6, 9, -1, -9, -1, -1, 4,
		4, 3, 2, -9, -3, -4, 0, -7,
		-3, -7, -7, -6, -10, -8, -10, -1,
		-9, -10, 0, -8, -17, 1, -7, -26,
	},
	{ // Queen: centralise.
		-16, -7, -5, -3, -1, -2, -10, -16,
		-8, 4, 12, 12, 14, 9, 4, -6,
		-4, 4, 15, 20, 19, 15, 11, 0,
		-1, 5, 17, 20, 27, 14, 11, 4,
		-8, 5, 17, 24, 22, 17, 11, -5,
		-5, 6, 5, 8, 11, 4, 10, -4,
		-13, -6, -10, 1, -4, -4, -4, -8,
		-23, -15, -14, -13, -9, -9, -9, -20,
	},
	{ // King: come to the centre once the queens are gone.
		-51, -29, -21, -18, -19, -21, -27, -53,
		-32, -4, 9, 9, 10, 9, 0, -26,
		-23, 9, 23, 21, 19, 34, 14, -21,
		-19, 12, 16, 17, 23, 23, 17, -19,
		-20, 0, 11, 18, 13, 18, 12, -22,
		-31, 1, 0, 10, 9, 6, -5, -26,
		-24, 2, 3, 6, 1, -1, -6, -30,
		-43, -34, -25, -32, -28, -31, -35, -58,
	},
}

// Mobility, indexed by the number of squares a piece attacks that are neither
// its own side's pieces nor attacked by an enemy pawn. Slider counts come from
// the direct-lookup tables with the full occupancy. A piece with few squares
// is often trapped; the gain flattens as the count grows. The numbers are
// fitted to self-play data (docs/datagen.md), so neighbours need not rise one
// by one where few positions were seen.
var (
	knightMobilityMG = [9]Score{-32, -15, -4, -1, 7, 12, 16, 20, 19}
	knightMobilityEG = [9]Score{-43, -22, -1, 8, 17, 24, 28, 19, 12}
	bishopMobilityMG = [14]Score{-24, -10, -2, 3, 11, 15, 16, 14, 17, 17, 25, 24, 29, 27}
	bishopMobilityEG = [14]Score{-50, -33, -14, 3, 14, 17, 28, 36, 35, 37, 28, 34, 34, 28}
	rookMobilityMG   = [15]Score{-29, -16, -12, -7, -5, -2, 1, 7, 10, 8, 14, 17, 20, 20, 21}
	rookMobilityEG   = [15]Score{-42, -27, -11, 2, 11, 19, 24, 26, 35, 40, 40, 42, 44, 39, 39}
	queenMobilityMG  = [28]Score{-6, -10, -3, -6, -4, -3, -1, -2, 2, 3, 8, 11, 9, 15, 18, 17, 15, 21, 20, 21, 21, 17, 16, 15, 16, 14, 15, 15}
	queenMobilityEG  = [28]Score{-28, -21, -16, -9, -11, -7, -2, -2, 0, 17, 19, 22, 31, 29, 34, 36, 40, 41, 40, 38, 39, 35, 32, 29, 32, 31, 32, 33}
	// The king's own squares matter in the endgame, where a boxed-in king
	// loses races and gets mated on the edge.
	kingMobilityMG = [9]Score{9, 3, 2, 5, 0, -3, -4, -4, 7}
	kingMobilityEG = [9]Score{-30, -18, 12, 14, 17, 13, 17, 10, -14}
)

// A pawn whose stop square is occupied cannot move: the pawn's mobility.
const (
	blockedPawnMG Score = -7
	blockedPawnEG Score = -18
)

// Pawn structure.
const (
	isolatedPawnMG Score = -13 // no friendly pawn on a neighbouring file
	isolatedPawnEG Score = -15
	doubledPawnMG  Score = -8 // for each pawn with a friendly pawn in front of it
	doubledPawnEG  Score = -22
)

// Passed pawns, by rank from the owner's side (index 1 = second rank). Only the
// frontmost pawn of a file can be passed.
var (
	passedPawnMG = [8]Score{0, 12, 4, -1, 10, 54, 85, 0}
	passedPawnEG = [8]Score{0, 4, 13, 26, 48, 87, 117, 0}
)

// In the endgame a passed pawn is stronger when the enemy king is far from
// its stop square and our king is near. Per square of king distance, times the
// pawn's rank beyond the third.
const (
	passedEnemyKingDistanceEG Score = 12
	passedOwnKingDistanceEG   Score = 6
	passedKingDistanceMinRank       = 3 // relative rank index from which distances count
)

// King safety. Each enemy knight, bishop, rook or queen whose attacks (the
// same sets as mobility) reach the king zone (the king's square and its
// neighbours) adds its weight plus kingZoneSquareWeight per zone square it
// hits. With at least kingMinAttackers attackers, the side loses
// kingDangerMG/16 of units² (capped) in the middlegame, and units times
// kingDangerEG in the endgame.
var kingAttackerWeight = [7]int32{0, 0, 2, 2, 3, 5, 0}

const (
	kingZoneSquareWeight       = 1
	kingMinAttackers           = 2
	kingDangerMG         Score = 8 // sixteenths of units²
	kingDangerMaxMG      Score = 500
	kingDangerEG         Score = 1
)

// Pawn shield: the nearest friendly pawn in front of the king on the king's
// file and each neighbouring file, one or two ranks ahead; a file with no
// friendly pawn in front of the king is an open road to it.
const (
	kingShieldNearMG Score = 13
	kingShieldFarMG  Score = 6
	kingOpenFileMG   Score = -21
	kingShieldNearEG Score = 2
	kingShieldFarEG  Score = 0
	kingOpenFileEG   Score = 13
)

// Pieces.
const (
	bishopPairMG   Score = 28
	bishopPairEG   Score = 58
	rookOpenFileMG Score = 40 // no pawn on the rook's file
	rookOpenFileEG Score = 1
	rookSemiOpenMG Score = 9 // no friendly pawn on it, an enemy one
	rookSemiOpenEG Score = 21
)

// Tempo: the side to move is a little better off than a static count says.
const (
	tempoMG Score = 12
	tempoEG Score = 5
)

// Drawish endgames: the final score is multiplied by scale/scaleNormal.
const (
	scaleNormal = 64
	// The stronger side has no pawns and at most one minor piece, or only two
	// knights against a bare king: it cannot force mate.
	scaleCannotWin = 0
	// The stronger side has no pawns and is up by at most a minor piece
	// (e.g. rook against bishop): usually a draw.
	scaleNoPawnsSmallEdge = 16
	// Each side has only one bishop, on opposite colours, and pawns.
	scaleOppositeBishops = 32
)
