package nnue

import "github.com/sightline-chess/sightline/movegen"

// Hidden (hidden.go) must be a positive multiple of 16: the SIMD kernels
// step through a row sixteen int16 lanes at a time (and the pure-Go path
// four to a word, lanes.go), and the file format stores it in 16 bits.
const (
	_ = uint(0 - Hidden%16)
	_ = uint(Hidden - 16)
	_ = uint16(Hidden)
)

// PieceSquareInputs counts the piece-on-square features of one view:
// own/their colour × 6 piece types × 64 squares.
const PieceSquareInputs = 2 * 6 * 64

// Mobility caps: a piece's count of attacked squares in its mobility area
// is one-hot in 0..cap, anything above cap counting as cap. Knights,
// bishops and rooks reach their true maxima (8, 13, 14); a queen attacks
// more than 24 such squares so rarely that those counts would never be
// learnt apart.
const (
	knightCap = 8
	bishopCap = 13
	rookCap   = 14
	queenCap  = 24
)

// Where each piece type's counts start within one side's block of
// mobility features: 9 knight, 14 bishop, 15 rook and 25 queen counts.
const (
	knightOffset = 0
	bishopOffset = knightOffset + knightCap + 1
	rookOffset   = bishopOffset + bishopCap + 1
	queenOffset  = rookOffset + rookCap + 1
	// mobilitySide is the number of mobility features of one colour.
	mobilitySide = queenOffset + queenCap + 1
)

var mobilityCap = [movegen.King]int{movegen.Knight: knightCap, movegen.Bishop: bishopCap, movegen.Rook: rookCap, movegen.Queen: queenCap}

var mobilityOffset = [movegen.King]int{
	movegen.Knight: knightOffset,
	movegen.Bishop: bishopOffset,
	movegen.Rook:   rookOffset,
	movegen.Queen:  queenOffset,
}

// Every net file with mobility was trained on this layout, 63 features a
// side (894 inputs): changing a cap would make them all unreadable.
const _ = uint(63-mobilitySide) + uint(mobilitySide-63)

// MobilityInputs counts the mobility features of one view: own and their
// pieces' blocks.
const MobilityInputs = 2 * mobilitySide

// MaxInputs is the number of input features of a net with mobility.
const MaxInputs = PieceSquareInputs + MobilityInputs

// MaxMobilityPieces bounds the knights, bishops, rooks and queens on a
// board: 15 a side, all pawns promoted.
const MaxMobilityPieces = 30

// MaxOutputBuckets is the number of output buckets a net with buckets has:
// its output layer is one of eight, chosen by the number of pieces on the
// board (OutputBucket), so that the weight of each neuron can differ between
// a middlegame and an ending. A net without buckets has one output layer.
const MaxOutputBuckets = 8

// OutputBucket returns the output layer a net of buckets output layers (1
// or MaxOutputBuckets) reads for a position with pieces pieces on the
// board, kings and pawns included: four pieces a bucket, 2-5 in the first,
// 30-32 in the last.
func OutputBucket(pieces, buckets int) int {
	if buckets <= 1 {
		return 0
	}
	return min(max(pieces-2, 0)/4, MaxOutputBuckets-1)
}

// PieceFeature returns the input index of piece pc on square s seen from
// view's side: its own pieces first, and the board turned over for Black,
// so that both views read the board as White does.
func PieceFeature(view movegen.Color, pc movegen.Piece, s movegen.Square) int {
	rel := 0
	if pc.Color() != view {
		rel = 1
	}
	if view == movegen.Black {
		s ^= 56
	}
	return rel*6*64 + int(pc.Type()-1)*64 + int(s&63)
}

// Mobility is one position's mobility features, one per knight, bishop,
// rook and queen, each stored as White's view of it (mobilitySide × colour
// + the type's offset + the capped count); Black's view swaps the colour
// blocks. CountMobility fills it.
type Mobility struct {
	N        int
	Features [MaxMobilityPieces]uint16
}

// Add records a piece of colour c and type t (Knight..Queen) that attacks
// count squares of its mobility area. More than MaxMobilityPieces pieces
// cannot stand on a legal board; extra ones are ignored.
func (m *Mobility) Add(c movegen.Color, t movegen.PieceType, count int) {
	m.push(int(c&1)*mobilitySide + mobilityOffset[t] + min(count, mobilityCap[t]))
}

// push records feature f (as Add stores it), unless the list is full.
func (m *Mobility) push(f int) {
	if m.N < MaxMobilityPieces {
		m.Features[m.N] = uint16(f)
		m.N++
	}
}

// MobilityFeature returns the input index, in view's view, of the stored
// mobility feature f.
func MobilityFeature(view movegen.Color, f uint16) int {
	if view == movegen.Black {
		if f >= mobilitySide {
			f -= mobilitySide
		} else {
			f += mobilitySide
		}
	}
	return PieceSquareInputs + int(f)
}
