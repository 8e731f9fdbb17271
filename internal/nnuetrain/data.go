package nnuetrain

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/internal/datagen"
	"github.com/sightline-chess/sightline/internal/tune"
	"github.com/sightline-chess/sightline/movegen"
	"github.com/sightline-chess/sightline/search"
)

// sample is one training position: its active features, both views, are
// Set.feats[off : off+n] (White's view) and [off+n : off+2n] (Black's).
type sample struct {
	off    uint32
	n      uint8
	bucket uint8 // the output bucket (nnue.OutputBucket)
	stm    movegen.Color
	target float32 // what sigmoid(output) should be, side to move's view
}

// Set is a set of positions in memory, as feature lists.
type Set struct {
	samples []sample
	feats   []uint16
	// positions keeps the positions themselves when asked (the validation
	// set's, for the quantisation check through the engine's own path).
	positions []movegen.Position
	keepPos   bool
}

// Len returns the number of positions in s.
func (s *Set) Len() int { return len(s.samples) }

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
	stm := p.SideToMove()
	if stm == movegen.Black {
		result, score = 1-result, -score
	}
	off := len(s.feats)
	var mob nnue.Mobility
	if cfg.Mobility {
		search.NetworkMobility(p, &mob)
	}
	factors := nnue.Inputs(cfg.Mobility) // where the factor rows start
	for view := movegen.White; view <= movegen.Black; view++ {
		for b := p.Occupied(); b != 0; b &= b - 1 {
			sq := b.First()
			f := nnue.PieceFeature(view, p.PieceOn(sq), sq)
			s.feats = append(s.feats, uint16(f))
			if cfg.Factorise {
				s.feats = append(s.feats, uint16(factors+f/64))
			}
		}
		for _, f := range mob.Features[:mob.N] {
			s.feats = append(s.feats, uint16(nnue.MobilityFeature(view, f)))
		}
	}
	s.samples = append(s.samples, sample{
		off:    uint32(off),
		n:      uint8((len(s.feats) - off) / 2),
		bucket: uint8(nnue.OutputBucket(p.Occupied().Count(), cfg.Buckets)),
		stm:    stm,
		target: float32(Target(result, score, cfg.Lambda, cfg.Scale)),
	})
	if s.keepPos {
		s.positions = append(s.positions, *p)
	}
}

// Load reads the datagen files of cfg into a training and a validation set.
// Positions pass tune's quiet filter (tune.KeepRecord); one game in
// cfg.ValidEvery goes to the validation set whole (heldOut), so that no
// position of a validation game is learnt from. With cfg.Mirror each
// training position is learnt twice, as it stands and file-mirrored
// (mirror.go); the validation set holds the positions as they were played. cfg.Limit > 0 stops after
// that many positions kept.
func Load(cfg *Config, log io.Writer) (train, valid *Set, err error) {
	train, valid = &Set{}, &Set{keepPos: true}
	games, read := 0, 0
	for _, path := range cfg.Files {
		f, err := os.Open(path)
		if err != nil {
			return nil, nil, err
		}
		truncated, err := datagen.EachGame(bufio.NewReaderSize(f, 1<<16), func(game []datagen.Record) bool {
			dst := train
			if heldOut(game, games, cfg) {
				dst = valid
			}
			games++
			for i := range game {
				r := &game[i]
				read++
				if !tune.KeepRecord(r) {
					continue
				}
				dst.Add(&r.Pos, r.Result.Float(), float64(r.Score), cfg)
				if cfg.Mirror && dst == train {
					if m, ok := fileMirror(&r.Pos); ok {
						dst.Add(&m, r.Result.Float(), float64(r.Score), cfg)
					}
				}
			}
			return cfg.Limit <= 0 || train.Len()+valid.Len() < cfg.Limit
		})
		f.Close()
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		if truncated {
			fmt.Fprintf(log, "train: %s: %v; using the whole games before it\n", path, datagen.ErrTruncated)
		}
		if cfg.Limit > 0 && train.Len()+valid.Len() >= cfg.Limit {
			break
		}
	}
	fmt.Fprintf(log, "train: %d games, %d positions read, %d kept: %d to train on, %d to validate\n",
		games, read, train.Len()+valid.Len(), train.Len(), valid.Len())
	if train.Len() == 0 || valid.Len() == 0 {
		return nil, nil, fmt.Errorf("too few positions: %d to train on, %d to validate", train.Len(), valid.Len())
	}
	return train, valid, nil
}

// heldOut reports whether game, the index-th read, belongs to the
// validation set. By default the choice hashes the game's positions, so a
// game is held out or learnt from whatever files are read before it: a
// generation that reads an older one's files again holds out the very games
// the older run held out (when that run held out by hash too).
// By order (cfg.HoldOutByOrder) it is every ValidEvery-th game read, as
// generations 1 to 5 were trained.
func heldOut(game []datagen.Record, index int, cfg *Config) bool {
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
