package nnue

import "github.com/sightline-chess/sightline/movegen"

// Quantisation. The trainer's float weights become integers:
//
//	first layer  round(w × QA), int16 (the trainer clips w to ±WeightClip)
//	output       round(w × QB), int16 held to ±MaxOutputWeight (so that
//	             the output sum below fits an int32)
//	output bias  round(b × QA × QB), int32
//
// An activation a = clamp(x, 0, QA) stands for the float clamp(x, 0, 1), so
// its square stands for the float square times QA². The output layer
// multiplies half the square, ⌊a²/2⌋, by the weight: a² itself (up to
// 65,025) does not fit the int16 lane that the SIMD multiply-adds take,
// half of it does, and the half lost by an odd square is a 1/130,050 part
// of the largest. So the output sum is doubled and divided by QA once to
// come back to the scale of QA × QB.
//
// QB was 64 up to generation 9 (g10a is the first net at 256): a
// 256-wide net's output weights are small (a mean of 7 steps of 1/64), and
// rounding them cost it more held-out loss than widening had gained.
// Squaring before the multiply (instead of
// multiplying a × w first, which had to fit an int16) lets the weights be
// four times finer. A net file of QB 64 is read and scaled by 4, exactly
// (Parse).
const (
	QA = 255
	QB = 256
	// WeightClip bounds every float weight in training, so that
	// quantisation never saturates: 1.98 × 255 and 1.98 × 256 fit their
	// bounds.
	WeightClip = 1.98
	// MaxOutputWeight bounds a quantised output weight.
	MaxOutputWeight = 511
	// legacyQB is the QB of net files written before QB was 256.
	legacyQB = 64
	// mobilityBias is added to every quantised mobility weight, which must
	// lie within ±maxMobilityWeight (the clip makes them at most ±505), so
	// that each biased lane is below 2^10 (Evaluate).
	mobilityBias      = 512
	maxMobilityWeight = 511
	// MaxMobilityTableEntry bounds a mobility table entry (QA × QB units of
	// the float output, so ±257 of them): far beyond what a net learns, and
	// MaxMobilityPieces of them sum well within an int32.
	MaxMobilityTableEntry = 1 << 24
)

const _ = uint32(1<<31 - 1 - MaxMobilityPieces*MaxMobilityTableEntry)

// MaxMobilityPieces biased lanes must sum below 2^15.
const _ = uint16(1<<15 - 1 - MaxMobilityPieces*(mobilityBias+maxMobilityWeight))

// Each output term ⌊a²/2⌋ × w fits an int32, and so does the sum of 128 of
// them: the SIMD kernels sum each block of 128 lanes (AVX2) or 64 (NEON)
// in int32 lanes (the pure-Go path four at a time) before adding the
// blocks in int64.
const _ = uint32(0x7fffffff - 128*(QA*QA/2)*MaxOutputWeight)

// A legacy net's output weights, scaled to QB, stay within their bound.
const _ = uint(MaxOutputWeight - 127*QB/legacyQB)

// Network is a quantised net as the engine evaluates with it. It is
// read-only once built (Load, or the trainer's quantisation), so any number
// of searches may share one.
type Network struct {
	// psqWeights[k][i] is piece-square input i's column of first-layer
	// weights in king bucket k, packed; a net without king buckets has
	// bucket 0 only.
	psqWeights [MaxKingBuckets][PieceSquareInputs]row
	// mobilityWeights[i] is mobility input i's column.
	mobilityWeights [MobilityInputs]row
	// mobilityBiased[i] is mobilityWeights[i] with mobilityBias added to
	// every lane (see Evaluate).
	mobilityBiased [MobilityInputs]row
	featureBias    row
	// outputWeights[b][0] multiplies the side to move's view in output
	// bucket b, [b][1] the other's; [b][v][w][k] is neuron 4w+k's, lane k
	// of word w.
	outputWeights [MaxOutputBuckets][2][Words][4]int32
	// outputWeights16 is outputWeights as plain int16 lanes, for the SIMD
	// view kernel (kernels_simd.go).
	outputWeights16 [MaxOutputBuckets][2][Hidden]int16
	outputBias      [MaxOutputBuckets]int32
	buckets         int // output buckets: 1 or MaxOutputBuckets
	// mobilityTable[b][f] is added to output bucket b's sum for mobility
	// feature f of the side to move's view, when table is set.
	mobilityTable [MaxOutputBuckets][MobilityInputs]int32

	mobility bool // whether the net has mobility inputs
	table    bool // whether the net has a mobility table
	mirrored bool // whether the net reads its inputs mirrored (mirror.go)
	// kingBucket[s] is the king bucket of a view whose king stands on s,
	// seen from the view's side (kingbuckets.go); kingBuckets counts them,
	// 1 for a net without.
	kingBucket  [64]uint8
	kingBuckets int
	// kingRelative is set when a view's features depend on its king's
	// square: a mirrored or king-bucketed net.
	kingRelative bool
	scale        int32  // centipawns per unit of the float output
	name         string // for "id name" and "d"
	hash         uint64 // the file payload's hash (format.go)
}

// Mobility reports whether the net has mobility inputs: the first layer
// reads the mobility features as inputs.
func (n *Network) Mobility() bool { return n.mobility }

// MobilityTable reports whether the net has a mobility table: the mobility
// features add a learned value to the output, and the first layer reads
// the piece-square inputs only.
func (n *Network) MobilityTable() bool { return n.table }

// CountsMobility reports whether the net reads mobility features at all,
// as inputs or through its table: whether Evaluate needs them counted.
func (n *Network) CountsMobility() bool { return n.mobility || n.table }

// Name returns the net's name, as stored in its file.
func (n *Network) Name() string { return n.name }

// Buckets returns the net's number of output buckets (OutputBucket).
func (n *Network) Buckets() int { return n.buckets }

// Hash returns the hash of the net's file payload.
func (n *Network) Hash() uint64 { return n.hash }

// Evaluate returns the net's score of the position whose accumulator is acc,
// in centipawns from stm's view (stm: the side to move). mob holds the
// position's mobility features; it is read only by a net that reads them
// (CountsMobility).
// pieces is the number of pieces on the board, kings and pawns included,
// which picks the output bucket of a net with buckets.
func (n *Network) Evaluate(acc *Accumulator, stm movegen.Color, mob *Mobility, pieces int) int32 {
	b := OutputBucket(pieces, n.buckets)
	var table int64
	if n.table {
		row := &n.mobilityTable[b]
		for _, f := range mob.Features[:mob.N] {
			table += int64(row[MobilityFeature(stm, f)-PieceSquareInputs])
		}
	}
	return n.evaluate(acc, stm, mob, b, table)
}

// evaluate is Evaluate in output bucket b, given the mobility table's sum
// (zero for a net without a table). mob is read only by a net with
// mobility inputs.
func (n *Network) evaluate(acc *Accumulator, stm movegen.Color, mob *Mobility, b int, table int64) int32 {
	// The two views, the side to move's first.
	us, them := stm&1, stm&1^1
	return n.output(n.outputSum(acc, us, them, mob, b), b, table)
}

// output turns the output layer's sum, both views' activations times their
// weights, into centipawns through output bucket b, adding table, the
// mobility table's sum (in the bias's units).
func (n *Network) output(sum int64, b int, table int64) int32 {
	return int32((2*sum/QA + int64(n.outputBias[b]) + table) * int64(n.scale) / (QA * QB))
}

// outputSumLanes is the pure-Go path of outputSum (kernels_*.go): the
// output layer's sum over the views us and them, in output bucket b, with
// the mobility features (mob, for a net with mobility inputs) added on top
// of the accumulated piece-square part, four lanes to a word.
func (n *Network) outputSumLanes(acc *Accumulator, us, them movegen.Color, mob *Mobility, b int) int64 {
	h0, h1 := acc.v[us], acc.v[them]
	if n.mobility && mob.N > 0 {
		// The mobility columns are summed with plain 64-bit additions, a
		// sixth of the work of lane-safe ones: stored with mobilityBias
		// added, every lane is a non-negative number below 2^10, so the
		// lane sums of at most MaxMobilityPieces of them stay below 2^15
		// and never carry into the next lane. The biases come off once.
		// Word by word, each word's sums held in registers.
		var cols [2][MaxMobilityPieces]*row
		for i, f := range mob.Features[:mob.N] {
			cols[0][i] = &n.mobilityBiased[MobilityFeature(us, f)-PieceSquareInputs]
			cols[1][i] = &n.mobilityBiased[MobilityFeature(them, f)-PieceSquareInputs]
		}
		c0, c1 := cols[0][:mob.N], cols[1][:mob.N]
		bias := uint64(mob.N*mobilityBias) * 0x0001_0001_0001_0001
		for w := range h0 {
			var s0, s1 uint64
			for i, c := range c0 {
				s0 += c[w]
				s1 += c1[i][w]
			}
			h0[w] = subLanes(addLanes(h0[w], s0), bias)
			h1[w] = subLanes(addLanes(h1[w], s1), bias)
		}
	}
	return screluDot(&h0, &n.outputWeights[b][0]) + screluDot(&h1, &n.outputWeights[b][1])
}

// screluDot returns Σ ⌊clamp(h_j, 0, QA)²/2⌋ × w_j over the neurons of a
// view. A word's four terms fit an int32; their sum over a wide row may
// not.
func screluDot(h *row, w *[Words][4]int32) int64 {
	var sum int64
	for i, x := range h {
		ow := &w[i]
		v0 := min(max(int32(lane(x, 0)), 0), QA)
		v1 := min(max(int32(lane(x, 1)), 0), QA)
		v2 := min(max(int32(lane(x, 2)), 0), QA)
		v3 := min(max(int32(lane(x, 3)), 0), QA)
		sum += int64((v0*v0>>1)*ow[0] + (v1*v1>>1)*ow[1] + (v2*v2>>1)*ow[2] + (v3*v3>>1)*ow[3])
	}
	return sum
}
