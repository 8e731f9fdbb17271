package nnuetrain

import (
	"math"
	"math/rand/v2"

	"github.com/sightline-chess/sightline/internal/datafile"
	"github.com/sightline-chess/sightline/movegen"
)

// Data is a training set as Train reads it: an epoch at a time, in
// batches. A Set holds its positions in memory; a Stream reads them from
// the data files every epoch, so its memory does not grow with the data.
type Data interface {
	// Len returns the number of positions an epoch learns (a mirrored copy
	// is not counted).
	Len() int
	// eachBatch calls fn with every position of the epoch,
	// cfg.batchPositions() at a time, in an order that depends only on cfg.Seed and epoch: shuffled,
	// or in the order read when cfg.Shuffle is 0. fn may not keep the slice.
	eachBatch(epoch int, cfg *Config, fn func(batch []packed)) error
}

// Set is a set of positions in memory: the validation set, and small
// training sets.
type Set struct {
	samples []packed
	// positions keeps the positions themselves when asked (the validation
	// set's, for the quantisation check through the engine's own path).
	positions []movegen.Position
	keepPos   bool
}

// Len returns the number of positions in s.
func (s *Set) Len() int { return len(s.samples) }

// eachBatch walks s in an order shuffled by the seed and the epoch (when
// cfg.Shuffle > 0), so that a resumed run sees the batches an unbroken one
// would.
func (s *Set) eachBatch(epoch int, cfg *Config, fn func([]packed)) error {
	order := make([]int32, len(s.samples))
	for i := range order {
		order[i] = int32(i)
	}
	if cfg.Shuffle > 0 {
		rng := rand.New(rand.NewPCG(cfg.Seed, uint64(epoch)))
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	per := cfg.batchPositions()
	batch := make([]packed, 0, per)
	for lo := 0; lo < len(order); lo += per {
		batch = batch[:0]
		for _, i := range order[lo:min(lo+per, len(order))] {
			batch = append(batch, s.samples[i])
		}
		fn(batch)
	}
	return nil
}

// Target is what the trainer fits sigmoid(output) to, for a position whose
// game ended result (0, 0.5, 1) and whose search scored score centipawns,
// both from the side to move's view: lambda of the result, the rest the
// score through the same sigmoid the output goes through (scale centipawns
// per unit of output).
func Target(result, score, lambda, scale float64) float64 {
	return lambda*result + (1-lambda)*sigmoid(score/scale)
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// Add appends position p, whose game ended result and whose search scored
// score (both from White's view), with target as Target makes it.
func (s *Set) Add(p *movegen.Position, result, score float64, cfg *Config) {
	s.samples = append(s.samples, pack(p, result, score, cfg))
	if s.keepPos {
		s.positions = append(s.positions, *p)
	}
}

// heldOut reports whether game, the index-th read, belongs to the
// validation set. By default the choice hashes the game's positions, so a
// game is held out or learnt from whatever files are read before it: a
// generation that reads an older one's files again holds out the very games
// the older run held out (when that run held out by hash too).
// By order (cfg.HoldOutByOrder) it is every ValidEvery-th game read, as
// generations 1 to 5 were trained.
func heldOut(game []datafile.Record, index int, cfg *Config) bool {
	if cfg.ValidEvery <= 0 {
		return false
	}
	if cfg.HoldOutByOrder {
		return index%cfg.ValidEvery == 0
	}
	h := uint64(len(game))
	for i := range game {
		h = mix64(h ^ game[i].Pos.Key())
	}
	return h%uint64(cfg.ValidEvery) == 0
}

// mix64 is splitmix64's finaliser: every input bit moves every output bit,
// so the remainder above is as good as a fair die.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}
