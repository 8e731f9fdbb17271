package eval

// The evaluation's weights, all in one place so a tuner can rewrite this file.
// Each weight comes as a middlegame (MG) and an endgame (EG) value in
// centipawns; Evaluate blends them by game phase. Scalars are constants;
// tables are variables that nothing ever writes (Go has no constant arrays).
//
// Piece-square tables are drawn as the board looks from White's side: the
// first row is rank 8, the last is rank 1, files a to h left to right. Black
// reads the same table with the board turned over. The values are our own,
// in the spirit of the widely published PeSTO tables, but smaller for the
// pieces because mobility below already rewards active pieces.

// Material, indexed by PieceType (NoPieceType, Pawn, Knight, Bishop, Rook,
// Queen, King).
var (
	materialMG = [7]Score{0, 82, 335, 360, 480, 1010, 0}
	materialEG = [7]Score{0, 100, 290, 305, 520, 950, 0}
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
		45, 50, 50, 55, 55, 50, 50, 45,
		10, 15, 20, 28, 28, 20, 15, 10,
		0, 5, 10, 20, 20, 10, 5, 0,
		-5, 0, 5, 16, 16, 5, 0, -5,
		-4, -2, 3, 6, 6, 0, 0, -6,
		-6, 0, -4, -12, -12, 8, 10, -4,
		0, 0, 0, 0, 0, 0, 0, 0,
	},
	{ // Knight: centre and outposts; the rim is dim.
		-70, -35, -25, -20, -20, -25, -35, -70,
		-30, -15, 0, 5, 5, 0, -15, -30,
		-20, 5, 15, 20, 20, 15, 5, -20,
		-15, 5, 15, 25, 25, 15, 5, -15,
		-20, 0, 12, 18, 18, 12, 0, -20,
		-25, -5, 8, 10, 10, 8, -5, -25,
		-35, -20, -5, 0, 0, -5, -20, -35,
		-60, -25, -30, -20, -20, -30, -25, -60,
	},
	{ // Bishop: long diagonals and fianchetto squares; corners are poor.
		-20, -8, -10, -10, -10, -10, -8, -20,
		-10, 0, 0, 0, 0, 0, 0, -10,
		-8, 5, 8, 8, 8, 8, 5, -8,
		-5, 5, 5, 10, 10, 5, 5, -5,
		-5, 8, 8, 10, 10, 8, 8, -5,
		-5, 8, 8, 5, 5, 8, 8, -5,
		-5, 12, 5, 5, 5, 5, 12, -5,
		-20, -5, -10, -10, -10, -10, -5, -20,
	},
	{ // Rook: the seventh rank; central files on the first after castling.
		10, 10, 12, 15, 15, 12, 10, 10,
		15, 20, 20, 22, 22, 20, 20, 15,
		0, 5, 5, 8, 8, 5, 5, 0,
		-5, 0, 0, 2, 2, 0, 0, -5,
		-8, -4, 0, 0, 0, 0, -4, -8,
		-10, -5, -2, 0, 0, -2, -5, -10,
		-15, -8, -4, -2, -2, -4, -8, -15,
		-8, -4, 2, 8, 8, 4, -4, -8,
	},
	{ // Queen: mostly mobility's business; avoid the rim.
		-15, -8, -5, 0, 0, -5, -8, -15,
		-8, -5, 0, 2, 2, 0, -5, -8,
		-8, 0, 3, 5, 5, 3, 0, -8,
		-5, 0, 3, 5, 5, 3, 0, -5,
		-5, 0, 3, 5, 5, 3, 0, -5,
		-8, 2, 3, 3, 3, 3, 2, -8,
		-10, -2, 3, 2, 2, 3, -2, -10,
		-15, -10, -5, 2, -5, -10, -10, -15,
	},
	{ // King: castled and at home while queens are on.
		-60, -60, -60, -70, -70, -60, -60, -60,
		-50, -50, -55, -60, -60, -55, -50, -50,
		-45, -45, -50, -55, -55, -50, -45, -45,
		-40, -40, -45, -50, -50, -45, -40, -40,
		-35, -35, -40, -45, -45, -40, -35, -35,
		-20, -25, -30, -35, -35, -30, -25, -20,
		-5, -5, -15, -25, -25, -15, -5, -5,
		15, 28, 10, -10, 0, -10, 30, 20,
	},
}

var pstEG = [7][64]Score{
	{},
	{ // Pawn: the further the better; passed pawns get more below.
		0, 0, 0, 0, 0, 0, 0, 0,
		50, 50, 45, 40, 40, 45, 50, 50,
		30, 30, 25, 20, 20, 25, 30, 30,
		15, 12, 8, 5, 5, 8, 12, 15,
		6, 4, 0, -3, -3, 0, 4, 6,
		0, 0, -2, -4, -4, -2, 0, 0,
		2, 2, 0, 0, 0, 0, 2, 2,
		0, 0, 0, 0, 0, 0, 0, 0,
	},
	{ // Knight
		-50, -35, -25, -20, -20, -25, -35, -50,
		-30, -15, -5, 0, 0, -5, -15, -30,
		-20, -5, 5, 10, 10, 5, -5, -20,
		-15, 0, 10, 15, 15, 10, 0, -15,
		-15, 0, 10, 15, 15, 10, 0, -15,
		-20, -5, 2, 8, 8, 2, -5, -20,
		-30, -15, -5, 0, 0, -5, -15, -30,
		-45, -35, -25, -20, -20, -25, -35, -45,
	},
	{ // Bishop
		-15, -10, -8, -5, -5, -8, -10, -15,
		-10, -3, 0, 0, 0, 0, -3, -10,
		-8, 0, 5, 5, 5, 5, 0, -8,
		-5, 0, 5, 8, 8, 5, 0, -5,
		-5, 0, 5, 8, 8, 5, 0, -5,
		-8, 0, 5, 5, 5, 5, 0, -8,
		-10, -3, 0, 0, 0, 0, -3, -10,
		-15, -10, -8, -5, -5, -8, -10, -15,
	},
	{ // Rook: the seventh rank still counts.
		8, 8, 8, 8, 8, 8, 8, 8,
		12, 12, 12, 12, 12, 12, 12, 12,
		5, 5, 5, 5, 5, 5, 5, 5,
		2, 2, 2, 2, 2, 2, 2, 2,
		0, 0, 0, 0, 0, 0, 0, 0,
		-2, -2, -2, -2, -2, -2, -2, -2,
		-4, -4, -4, -4, -4, -4, -4, -4,
		-5, -3, 0, 2, 2, 0, -3, -5,
	},
	{ // Queen: centralise.
		-20, -10, -8, -5, -5, -8, -10, -20,
		-10, 0, 3, 5, 5, 3, 0, -10,
		-8, 3, 8, 10, 10, 8, 3, -8,
		-5, 5, 10, 15, 15, 10, 5, -5,
		-5, 5, 10, 15, 15, 10, 5, -5,
		-8, 3, 8, 10, 10, 8, 3, -8,
		-10, 0, 3, 5, 5, 3, 0, -10,
		-20, -10, -8, -5, -5, -8, -10, -20,
	},
	{ // King: come to the centre once the queens are gone.
		-50, -30, -25, -20, -20, -25, -30, -50,
		-30, -10, 0, 5, 5, 0, -10, -30,
		-25, 0, 15, 20, 20, 15, 0, -25,
		-20, 5, 20, 30, 30, 20, 5, -20,
		-20, 5, 20, 30, 30, 20, 5, -20,
		-25, 0, 15, 20, 20, 15, 0, -25,
		-30, -10, 0, 5, 5, 0, -10, -30,
		-50, -30, -25, -20, -20, -25, -30, -50,
	},
}

// Mobility, indexed by the number of squares a piece attacks that are neither
// its own side's pieces nor attacked by an enemy pawn. Slider counts come from
// the direct-lookup tables with the full occupancy. A piece with few squares
// is often trapped; the gain flattens as the count grows, but each square
// more is worth something in the endgame (tests rely on that).
var (
	knightMobilityMG = [9]Score{-32, -20, -8, -2, 2, 6, 10, 14, 16}
	knightMobilityEG = [9]Score{-40, -24, -12, -4, 2, 8, 12, 14, 16}
	bishopMobilityMG = [14]Score{-28, -16, -6, 0, 5, 10, 14, 17, 19, 22, 23, 25, 26, 28}
	bishopMobilityEG = [14]Score{-36, -22, -11, -3, 3, 9, 14, 18, 21, 23, 26, 27, 29, 30}
	rookMobilityMG   = [15]Score{-24, -14, -8, -4, -2, 0, 2, 5, 7, 9, 10, 12, 13, 14, 15}
	rookMobilityEG   = [15]Score{-40, -24, -12, -4, 2, 8, 13, 18, 22, 25, 28, 30, 32, 34, 35}
	queenMobilityMG  = [28]Score{-16, -11, -7, -5, -3, -2, 0, 2, 3, 4, 5, 6, 6, 7, 8, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15}
	queenMobilityEG  = [28]Score{-28, -20, -14, -10, -6, -2, 0, 3, 6, 9, 11, 14, 16, 18, 19, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33}
	// The king's own squares matter in the endgame, where a boxed-in king
	// loses races and gets mated on the edge.
	kingMobilityMG = [9]Score{-5, 0, 2, 3, 3, 3, 3, 3, 3}
	kingMobilityEG = [9]Score{-30, -12, -2, 4, 8, 11, 13, 14, 15}
)

// A pawn whose stop square is occupied cannot move: the pawn's mobility.
const (
	blockedPawnMG Score = -4
	blockedPawnEG Score = -10
)

// Pawn structure.
const (
	isolatedPawnMG Score = -15 // no friendly pawn on a neighbouring file
	isolatedPawnEG Score = -18
	doubledPawnMG  Score = -12 // for each pawn with a friendly pawn in front of it
	doubledPawnEG  Score = -25
)

// Passed pawns, by rank from the owner's side (index 1 = second rank). Only the
// frontmost pawn of a file can be passed.
var (
	passedPawnMG = [8]Score{0, 2, 5, 10, 22, 45, 75, 0}
	passedPawnEG = [8]Score{0, 8, 12, 22, 40, 70, 115, 0}
)

// In the endgame a passed pawn is stronger when the enemy king is far from
// its stop square and our king is near. Per square of king distance, times the
// pawn's rank beyond the third.
const (
	passedEnemyKingDistanceEG Score = 4
	passedOwnKingDistanceEG   Score = 2
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
	kingDangerMG         Score = 10 // sixteenths of units²
	kingDangerMaxMG      Score = 500
	kingDangerEG         Score = 2
)

// Pawn shield: the nearest friendly pawn in front of the king on the king's
// file and each neighbouring file, one or two ranks ahead; a file with no
// friendly pawn in front of the king is an open road to it.
const (
	kingShieldNearMG Score = 12
	kingShieldFarMG  Score = 6
	kingOpenFileMG   Score = -15
	kingShieldNearEG Score = 0
	kingShieldFarEG  Score = 0
	kingOpenFileEG   Score = 0
)

// Pieces.
const (
	bishopPairMG   Score = 28
	bishopPairEG   Score = 55
	rookOpenFileMG Score = 25 // no pawn on the rook's file
	rookOpenFileEG Score = 10
	rookSemiOpenMG Score = 12 // no friendly pawn on it, an enemy one
	rookSemiOpenEG Score = 8
)

// Tempo: the side to move is a little better off than a static count says.
const (
	tempoMG Score = 20
	tempoEG Score = 10
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
