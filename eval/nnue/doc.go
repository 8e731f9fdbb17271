// Package nnue is Sightline's neural evaluation: an efficiently updatable
// network whose first layer is kept as two accumulators (one per side's view
// of the board) and updated from the parent position's as the search plays
// each move, and whose inputs include the mobility that movegen's
// direct-lookup slider tables count.
//
// The network (features.go, network.go):
//
//	inputs  768 piece-on-square features per view (own/their colour × 6 types
//	        × 64 squares, the board turned over for Black's view), then,
//	        when the net has them, 126 mobility features per view: for each
//	        knight, bishop, rook and queen, one-hot its count of attacked
//	        squares in the mobility area, capped (own/their × type × count);
//	        a horizontally mirrored net reads a view's pieces with the files
//	        reversed while that view's king stands on files e-h (mirror.go)
//	hidden  Hidden neurons per view (256; 128 or 512 with -tags hidden128 or
//	        hidden512, and any multiple of 16 a hidden*.go file sets), int16,
//	        squared clipped ReLU
//	output  one: the side to move's view and the other's, concatenated, to a
//	        single int32 sum, scaled to centipawns
//
// The piece-square part lives in the Accumulator, updated incrementally
// (in a mirrored net, a view is built anew when its king crosses the d/e
// line).
// The mobility features change with every move (a move opens and closes
// lines for pieces it does not touch), so they are added at evaluation time
// from a Mobility list that CountMobility fills (position.go) with eval's
// mobility area and movegen's direct-lookup attacks: the hand-written
// evaluation's counts.
//
// What it promises:
//   - Integer arithmetic only, identical on every platform: int16 lanes
//     (wrapping as Go's int16 does), exact output sums; the packed four-lane
//     loops (lanes.go) and the SIMD kernels (AVX2 on amd64, NEON on
//     arm64; -tags purego builds without them) give bit for bit what a
//     plain int16 loop gives, at any width.
//   - Evaluate, Refresh and Update allocate nothing and call no interface.
//   - A Network is read-only after Load; any number of goroutines may
//     evaluate with it at once, each with its own accumulators.
//   - Load refuses a file with another magic or version, other sizes, a
//     net wider than Hidden, a payload that does not match its hash, or one
//     cut short, with an error that says which. A narrower net is widened
//     with neurons that change nothing: it scores as it did.
//
// The network's scores, as the search reads them (EvaluatePosition, which
// also counts the mobility inputs), follow eval's promises: side to
// move's view, below the tablebase band, no allocation, the colour-flipped
// position scoring the same. DefaultNet is the net embedded in the binary
// (nets/) by the default build; the width variants (-tags hidden128,
// hidden512) embed none, and there DefaultNet is nil (ErrNoEmbeddedNet):
// the engine then searches with the hand-written evaluation and says that
// UseNNUE needs EvalFile, datagen -nnue is refused, and no caller panics.
//
// This package reads movegen and eval (for the mobility it shares with the
// hand-written evaluation, and eval.Score): the import direction movegen <-
// eval <- eval/nnue <- search holds. Who fills what: the search keeps the
// accumulators (Refresh at the root, Update a move) and calls
// EvaluatePosition; the trainer (internal/nnuetrain) builds its inputs
// with PieceFeature, CountMobility and MobilityFeature and writes Weights.
package nnue
