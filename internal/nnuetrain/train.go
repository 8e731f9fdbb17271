package nnuetrain

import (
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
)

// Config is a training run's settings (the flags of "sightline train").
type Config struct {
	Files []string
	// Epochs is the number of passes over the training set; Batch the
	// examples per Adam step (a position and its mirror are two).
	Epochs, Batch int
	// LR is Adam's step size. By the step schedule it is multiplied by
	// LRGamma every LRDropEvery epochs; by the cosine one (LRCosine) it
	// falls along half a cosine from LR at the first batch to LREnd at the
	// last.
	LR          float64
	LRDropEvery int
	LRGamma     float64
	LRCosine    bool
	LREnd       float64
	// Lambda is the game result's share of the target at the first epoch,
	// LambdaEnd at the last, moving in a straight line between (equal: no
	// schedule); Scale the centipawns per unit of the net's output, the
	// sigmoid's scale. The validation loss is measured at LambdaEnd, the
	// target the net ends up fitting, so that epochs compare.
	Lambda, LambdaEnd, Scale float64
	// WeightDecay pulls every weight toward zero by lr × WeightDecay × w a
	// step (decoupled, as AdamW): our data sets are small for a net this
	// size, and the pull keeps it from learning the games by heart.
	WeightDecay float64
	// KeepBest quantises the model of the epoch with the lowest validation
	// loss, not the last one (early stopping). After a resume the best
	// counts from the resumed model; with Init, from that net, which is
	// kept when no epoch beats it.
	KeepBest bool
	// Mobility trains a net with the mobility inputs; MobilityTable one
	// with the mobility table instead (at most one of the two).
	Mobility, MobilityTable bool
	// Mirror adds each training position's file mirror (mirror.go).
	Mirror bool
	// HMirror trains a horizontally mirrored net (nnue.ViewOrientation):
	// each view read with the files reversed while its king stands on
	// files e-h. A position and its file mirror are then the same inputs,
	// so Mirror would only learn each position twice; the two are refused
	// together.
	HMirror bool
	// Buckets is the number of output layers, chosen by the pieces on the
	// board: 1, or nnue.MaxOutputBuckets.
	Buckets int
	// KingBuckets, when not nil, trains a net with king buckets: a
	// square's bucket from the view's side (nnue.KingBucketLayouts). An
	// Init net with another map (or none) that this one refines starts
	// each bucket from the columns of the Init net's bucket around it
	// (refineKingBuckets), so the run starts from that net's outputs.
	KingBuckets []uint8
	// Factorise trains each piece-square column as a column shared by its
	// piece (colour and type) plus the square's own (model.go).
	Factorise bool
	// Threads is how many goroutines share each batch (0: all cores).
	Threads int
	// ValidEvery sends one game in ValidEvery to the validation set.
	ValidEvery int
	// HoldOutByOrder holds out the games whose place in the files read is a
	// multiple of ValidEvery, the rule of generations 1 to 5; otherwise a
	// game is held out by a hash of its positions (heldOut in data.go).
	HoldOutByOrder bool
	// Limit > 0 keeps at most that many positions.
	Limit int
	// Shuffle is the number of positions a Stream's shuffle buffer holds
	// (a Set shuffles whole); 0 learns the positions in the order read.
	Shuffle int
	// ValidMax bounds the validation set: the held-out games past it are
	// learnt from by neither set.
	ValidMax int
	Seed     uint64
	// Checkpoint, when set, is written after every epoch and, when it
	// exists at the start, training resumes from it.
	Checkpoint string
	// Name is stored in the net file (nnue.Weights.Name).
	Name string
	// Init, when set, is a net to start from instead of random weights:
	// a later generation goes on from the previous one's net, which holds
	// what that one learnt from data that may no longer exist. It must
	// have the same Scale, be mirrored as HMirror asks (Check refuses a net
	// of the other form), and have the mobility inputs if Mobility asks
	// for them; a net with them may start a run without them (their
	// columns' mean goes into the bias, dropMobilityInputs), and a net
	// without a mobility table a run with one (the table starts at zero).
	Init *nnue.Weights
}

// epochMix is the target of epoch's positions: Lambda moving to LambdaEnd.
func (c *Config) epochMix(epoch int) targetMix {
	lambda := c.Lambda
	if c.Epochs > 1 {
		lambda += (c.LambdaEnd - c.Lambda) * float64(epoch) / float64(c.Epochs-1)
	}
	return targetMix{lambda, c.Scale}
}

// validMix is the target the validation loss is measured at.
func (c *Config) validMix() targetMix { return targetMix{c.LambdaEnd, c.Scale} }

// stepSize is Adam's step size in epoch, done (0..1) of the way through
// the run's batches.
func (c *Config) stepSize(epoch int, done float64) float64 {
	if c.LRCosine {
		return c.LREnd + (c.LR-c.LREnd)*(1+math.Cos(math.Pi*done))/2
	}
	if c.LRDropEvery > 0 {
		return c.LR * math.Pow(c.LRGamma, float64(epoch/c.LRDropEvery))
	}
	return c.LR
}

// Flag limits: beyond them a value is a typo (MaxShuffle positions take
// 16 GB).
const (
	MaxShuffle = 1 << 28
	MaxBatch   = 1 << 22
)

// DefaultScale is the sigmoid scale in centipawns: 1/K for the K that
// "sightline tune" fitted to the generation-1 data (docs/strength-log.md), so
// that the net's centipawns mean what the hand-written evaluation's do to
// the search's margins.
const DefaultScale = 1 / 0.004885

// Check reports settings that cannot work.
func (c *Config) Check() error {
	if c.KingBuckets != nil {
		if _, err := nnue.CheckKingBuckets(c.KingBuckets); err != nil {
			return fmt.Errorf("-king-buckets: %w", err)
		}
	}
	switch {
	case len(c.Files) == 0:
		return errors.New("no data files (-data)")
	case c.Epochs < 0 || c.Epochs == 0 && c.Init == nil:
		return errors.New("-epochs must be at least 1 (0 only with -init, to measure that net)")
	case c.Batch < 1:
		return errors.New("-batch must be at least 1")
	case c.LR <= 0 || c.LR > 1:
		return errors.New("-lr must be in (0, 1]")
	case c.Lambda < 0 || c.Lambda > 1 || c.LambdaEnd < 0 || c.LambdaEnd > 1:
		return errors.New("-lambda and -lambda-end must be in [0, 1]")
	case c.LRCosine && (c.LREnd < 0 || c.LREnd > c.LR):
		return errors.New("-lr-end must be in [0, -lr]")
	case c.Scale <= 0 || c.Scale > 65535:
		return errors.New("-scale must be in (0, 65535]")
	case c.LRGamma <= 0 || c.LRGamma > 1:
		return errors.New("-lr-gamma must be in (0, 1]")
	case c.WeightDecay < 0 || c.WeightDecay >= 1:
		return errors.New("-wd must be in [0, 1)")
	case c.Buckets != 1 && c.Buckets != nnue.MaxOutputBuckets:
		return fmt.Errorf("-buckets must be 1 or %d", nnue.MaxOutputBuckets)
	case c.Init != nil && len(c.Init.Output) != 1 && len(c.Init.Output) != c.Buckets:
		return fmt.Errorf("-init net %q has %d output buckets, this run %d", c.Init.Name, len(c.Init.Output), c.Buckets)
	case c.ValidEvery < 2:
		return errors.New("-valid-every must be at least 2")
	case c.Shuffle < 0 || c.Shuffle > MaxShuffle:
		return fmt.Errorf("-shuffle must be 0 to %d positions", MaxShuffle)
	case c.ValidMax < 1:
		return errors.New("-valid-max must be at least 1")
	case c.Batch > MaxBatch:
		return fmt.Errorf("-batch must be at most %d", MaxBatch)
	case len(c.Name) > 32:
		return errors.New("-name must be at most 32 bytes")
	case c.Mobility && c.MobilityTable:
		return errors.New("a net has mobility inputs or a mobility table, not both")
	case c.Init != nil && c.Mobility && !c.Init.Mobility:
		return fmt.Errorf("-init net %q has no mobility inputs, this run trains them", c.Init.Name)
	case c.Init != nil && c.Init.MobilityTable != nil && !c.MobilityTable:
		return fmt.Errorf("-init net %q has a mobility table, this run has none", c.Init.Name)
	case c.Mirror && c.HMirror:
		return errors.New("-mirror (learning each position's file mirror too) is redundant with -hmirror: a mirrored net reads a position and its file mirror as the same inputs")
	case c.Init != nil && c.Init.Mirrored && !c.HMirror:
		// The other way is allowed, as a start better than random weights:
		// a net trained on each position's file mirror too (-mirror) scores
		// a position and its mirror much alike, so read mirrored it keeps
		// most of what it knew (docs/nnue-log.md, round 10: g15t's held-out
		// loss 0.016838 unmirrored, 0.017727 read mirrored).
		return fmt.Errorf("-init net %q has %s, this run trains %s", c.Init.Name, mirrorForm(c.Init.Mirrored), mirrorForm(c.HMirror))
	case c.Init != nil && c.Init.KingBuckets != nil && c.KingBuckets == nil:
		return fmt.Errorf("-init net %q has king buckets, this run trains none", c.Init.Name)
	case c.Init != nil && c.Init.KingBuckets != nil && !refines(c.KingBuckets, c.Init.KingBuckets):
		return fmt.Errorf("-init net %q has king buckets that this run's map does not refine (each bucket of the run's must lie inside one of the net's: train it on with its own map, or a finer one)", c.Init.Name)
	case c.Init != nil && c.Init.Scale != int(math.Round(c.Scale)):
		return fmt.Errorf("-init net %q has scale %d, this run %.0f", c.Init.Name, c.Init.Scale, c.Scale)
	}
	return nil
}

// refines reports whether the king bucket map m splits old's buckets
// without merging any: each bucket of m lies inside one of old's.
func refines(m, old []uint8) bool {
	_, err := refinedFrom(old, m)
	return err == nil
}

// mirrorForm names the input form of a net mirrored or not, as the
// refusals say it.
func mirrorForm(mirrored bool) string {
	if mirrored {
		return "horizontally mirrored inputs (-hmirror)"
	}
	return "inputs that are not mirrored (no -hmirror)"
}

// Result is what a training run produced.
type Result struct {
	Model   *Model
	Weights *nnue.Weights
	// TrainLoss and ValidLoss are the last epoch's mean squared errors;
	// QuantValidLoss the validation loss of the quantised net.
	TrainLoss, ValidLoss, QuantValidLoss float64
	// HandValidLoss is the hand-written evaluation's loss on the same
	// validation set, through the same sigmoid: the mark to beat.
	HandValidLoss float64
	// MaxDiff and MeanDiff compare the float and quantised nets' outputs
	// on the validation set, in centipawns.
	MaxDiff, MeanDiff float64
	// Epochs is the number of epochs run; BestEpoch the one whose model
	// was quantised (0: the Init net's).
	Epochs, BestEpoch int
}

// worker is one goroutine's share of a batch: its own gradient buffer, so
// that no two goroutines write the same memory.
type worker struct {
	grad  []float32
	act   activations
	feats featureBuf
	ex    example
	loss  float64
}

// adam is the optimiser's state: first and second moment per parameter.
type adam struct {
	m, v []float32
	step int64
}

const (
	beta1   = 0.9
	beta2   = 0.999
	epsilon = 1e-8
)

// Train fits a model to train, reporting each epoch's losses on log, and
// quantises it.
func Train(cfg Config, train Data, valid *Set, log io.Writer) (*Result, error) {
	threads := cfg.Threads
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	model := NewModel(nnue.Inputs(cfg.Mobility, kingBucketCount(cfg.KingBuckets)), cfg.Factorise, cfg.Buckets, cfg.MobilityTable, cfg.Seed)
	model.KingBuckets = cfg.KingBuckets
	if cfg.Init != nil {
		init := cfg.Init
		if init.Mobility && !cfg.Mobility {
			init = dropMobilityInputs(init, valid)
			fmt.Fprintf(log, "train: -init net %q without its mobility inputs, their mean over %d validation positions in the bias\n", init.Name, valid.Len())
		}
		if cfg.KingBuckets != nil && !slices.Equal(init.KingBuckets, cfg.KingBuckets) {
			refined, err := refineKingBuckets(init, cfg.KingBuckets)
			if err != nil {
				return nil, err
			}
			fmt.Fprintf(log, "train: -init net %q's piece-square columns, %d king bucket(s), start this run's %d\n",
				init.Name, init.KingBucketCount(), kingBucketCount(cfg.KingBuckets))
			init = refined
		}
		model = ModelFrom(init, cfg.Factorise, cfg.Buckets, cfg.MobilityTable, cfg.Seed)
	}
	model.Mirrored = cfg.HMirror
	opt := &adam{m: make([]float32, len(model.P)), v: make([]float32, len(model.P))}
	start := 0
	if cfg.Checkpoint != "" {
		epoch, err := loadCheckpoint(cfg.Checkpoint, model, opt)
		switch {
		case err == nil:
			start = epoch
			fmt.Fprintf(log, "train: resuming from %s after epoch %d\n", cfg.Checkpoint, epoch)
		case !errors.Is(err, errNoCheckpoint):
			return nil, err
		}
	}
	workers := make([]*worker, threads)
	for i := range workers {
		workers[i] = &worker{grad: make([]float32, len(model.P))}
	}
	res := &Result{Model: model, BestEpoch: start}
	best, bestLoss := slices.Clone(model.P), math.Inf(1)
	// A resumed model, or the -init net, is the mark each epoch must beat:
	// a run that only makes it worse keeps it.
	judge := cfg.validMix()
	if start > 0 || cfg.Init != nil {
		bestLoss = validLoss(model, valid, judge, threads)
		if start == 0 {
			fmt.Fprintf(log, "epoch 0 (the -init net)  validation loss %.6f\n", bestLoss)
		}
	}
	per := cfg.batchPositions()
	batches := (train.Len() + per - 1) / per // an epoch's
	for epoch := start; epoch < cfg.Epochs; epoch++ {
		mix := cfg.epochMix(epoch)
		began := time.Now()
		var lossSum float64
		var lr float64
		b := 0
		err := train.eachBatch(epoch, &cfg, func(batch []packed) {
			lr = cfg.stepSize(epoch, float64(epoch*batches+b)/float64(cfg.Epochs*batches))
			b++
			lossSum += step(model, opt, workers, batch, cfg.Mirror, mix, float32(lr), float32(cfg.WeightDecay))
		})
		if err != nil {
			return nil, err
		}
		secs := time.Since(began).Seconds()
		res.TrainLoss = lossSum / float64(train.Len()*copies(cfg.Mirror))
		res.ValidLoss = validLoss(model, valid, judge, threads)
		res.Epochs = epoch + 1
		if res.ValidLoss < bestLoss {
			bestLoss, res.BestEpoch = res.ValidLoss, epoch+1
			copy(best, model.P)
		}
		fmt.Fprintf(log, "epoch %d/%d  lr %.2g  lambda %.2f  train loss %.6f  validation loss %.6f  %.0f positions/s  %.0f s\n",
			epoch+1, cfg.Epochs, lr, mix.lambda, res.TrainLoss, res.ValidLoss, float64(train.Len())/secs, secs)
		if cfg.Checkpoint != "" {
			if err := saveCheckpoint(cfg.Checkpoint, model, opt, epoch+1); err != nil {
				return nil, err
			}
		}
	}
	if cfg.KeepBest && res.BestEpoch != res.Epochs && bestLoss < math.Inf(1) {
		copy(model.P, best)
		if res.BestEpoch == 0 {
			fmt.Fprintf(log, "train: no epoch beat the -init net; keeping it\n")
		} else {
			fmt.Fprintf(log, "train: keeping the model of epoch %d\n", res.BestEpoch)
		}
	} else {
		res.BestEpoch = res.Epochs
	}
	res.ValidLoss = validLoss(model, valid, judge, threads)
	res.Weights = model.Quantise(cfg.Mobility, cfg.Scale, cfg.Name)
	if err := res.checkQuantised(model, valid, judge); err != nil {
		return nil, err
	}
	return res, nil
}

// batchPositions is the number of positions a batch takes: Batch is the
// examples an Adam step learns from, so with mirroring a batch holds half
// as many positions, each learnt as itself and as its mirror (as it was
// when the mirrors were copies in memory, so that recipes keep their
// meaning).
func (c *Config) batchPositions() int { return max(1, c.Batch/copies(c.Mirror)) }

// copies is the number of examples a position gives: itself, and its file
// mirror when mirroring.
func copies(mirror bool) int {
	if mirror {
		return 2
	}
	return 1
}

// step runs one batch: the workers split it, each builds its positions'
// features (and their mirrors' with mirror) and adds their gradients to its
// own buffer, then the buffers are summed and Adam moves the parameters,
// both split over the workers by parameter range. It returns the batch's
// summed loss.
func step(model *Model, opt *adam, workers []*worker, batch []packed, mirror bool, mix targetMix, lr, wd float32) float64 {
	var wg sync.WaitGroup
	per := (len(batch) + len(workers) - 1) / len(workers)
	for k, w := range workers {
		part := batch[min(k*per, len(batch)):min((k+1)*per, len(batch))]
		wg.Add(1)
		go func() {
			defer wg.Done()
			clear(w.grad)
			w.loss = 0
			for i := range part {
				for c := range copies(mirror) {
					part[i].features(&w.feats, &w.ex, model, c == 1, mix)
					out := model.forward(&w.ex, &w.act)
					p := float32(sigmoid(float64(out)))
					d := p - w.ex.target
					w.loss += float64(d * d)
					model.backward(&w.ex, &w.act, 2*d*p*(1-p), w.grad)
				}
			}
		}()
	}
	wg.Wait()

	opt.step++
	// Bias corrections of Adam's moments for this step.
	c1 := float32(1 - math.Pow(beta1, float64(opt.step)))
	c2 := float32(1 - math.Pow(beta2, float64(opt.step)))
	inv := 1 / float32(len(batch)*copies(mirror))
	n := len(model.P)
	chunk := (n + len(workers) - 1) / len(workers)
	for k := range workers {
		lo, hi := min(k*chunk, n), min((k+1)*chunk, n)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := lo; i < hi; i++ {
				var g float32
				for _, w := range workers {
					g += w.grad[i]
				}
				g *= inv
				opt.m[i] = beta1*opt.m[i] + (1-beta1)*g
				opt.v[i] = beta2*opt.v[i] + (1-beta2)*g*g
				mh, vh := opt.m[i]/c1, opt.v[i]/c2
				model.P[i] -= lr*mh/(float32(math.Sqrt(float64(vh)))+epsilon) + lr*wd*model.P[i]
			}
		}()
	}
	wg.Wait()
	model.clip()
	var loss float64
	for _, w := range workers {
		loss += w.loss
	}
	return loss
}

// validLoss returns the mean squared error of model on set, the targets
// mixed by mix.
func validLoss(model *Model, set *Set, mix targetMix, threads int) float64 {
	sums := make([]float64, threads)
	var wg sync.WaitGroup
	per := (set.Len() + threads - 1) / threads
	for k := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var w worker
			for i := k * per; i < min((k+1)*per, set.Len()); i++ {
				set.samples[i].features(&w.feats, &w.ex, model, false, mix)
				p := sigmoid(float64(model.forward(&w.ex, &w.act)))
				d := p - float64(w.ex.target)
				sums[k] += d * d
			}
		}()
	}
	wg.Wait()
	var s float64
	for _, x := range sums {
		s += x
	}
	return s / float64(set.Len())
}

// checkQuantised evaluates the validation positions with the quantised net
// the way the engine does (accumulator refresh, mobility counted from the
// position) and compares with the float model's outputs.
func (res *Result) checkQuantised(model *Model, set *Set, mix targetMix) error {
	scale := mix.scale
	net, err := res.Weights.Network()
	if err != nil {
		return err
	}
	var w worker
	var acc nnue.Accumulator
	var sumDiff, loss, hand float64
	res.MaxDiff = 0
	for i := range set.Len() {
		set.samples[i].features(&w.feats, &w.ex, model, false, mix)
		f := float64(model.forward(&w.ex, &w.act)) * scale
		p := &set.positions[i]
		acc.Refresh(net, p)
		var mob nnue.Mobility
		if net.CountsMobility() {
			nnue.CountMobility(p, &mob)
		}
		q := float64(net.Evaluate(&acc, p.SideToMove(), &mob, p.Occupied().Count()))
		d := math.Abs(f - q)
		sumDiff += d
		res.MaxDiff = max(res.MaxDiff, d)
		e := sigmoid(q/scale) - float64(w.ex.target)
		loss += e * e
		e = sigmoid(float64(eval.Evaluate(p))/scale) - float64(w.ex.target)
		hand += e * e
	}
	res.MeanDiff = sumDiff / float64(set.Len())
	res.QuantValidLoss = loss / float64(set.Len())
	res.HandValidLoss = hand / float64(set.Len())
	return nil
}

// kingBucketCount returns the number of buckets of the king bucket map m
// (nil: 1, a net without them).
func kingBucketCount(m []uint8) int {
	k, err := nnue.CheckKingBuckets(m)
	if err != nil {
		return 1
	}
	return k
}

// refineKingBuckets returns w as a net with the king buckets of m, each
// bucket starting from the piece-square columns of the bucket of w that
// holds its squares (w's only columns, for a net without king buckets): it
// scores every position as w does, and each bucket learns from there what
// its kings' positions need. It returns an error unless m refines w's map,
// every bucket of m lying inside one of w's.
func refineKingBuckets(w *nnue.Weights, m []uint8) (*nnue.Weights, error) {
	from, err := refinedFrom(w.KingBuckets, m)
	if err != nil {
		return nil, err
	}
	out := *w
	out.KingBuckets = m
	psq := nnue.PieceSquareInputs
	out.Feature = make([][H]int16, 0, nnue.Inputs(w.Mobility, len(from)))
	for _, b := range from {
		out.Feature = append(out.Feature, w.Feature[b*psq:(b+1)*psq]...)
	}
	out.Feature = append(out.Feature, w.Feature[w.KingBucketCount()*psq:]...)
	return &out, nil
}

// refinedFrom returns, for each bucket of the king bucket map m, the
// bucket of old (nil: a net without king buckets, one bucket) that holds
// all its squares, or an error naming a bucket of m that straddles two.
func refinedFrom(old, m []uint8) ([]int, error) {
	k, err := nnue.CheckKingBuckets(m)
	if err != nil {
		return nil, err
	}
	from := make([]int, k)
	seen := make([]bool, k)
	for s, b := range m {
		o := 0
		if old != nil {
			o = int(old[s])
		}
		switch {
		case !seen[b]:
			from[b], seen[b] = o, true
		case from[b] != o:
			return nil, fmt.Errorf("king bucket %d of this run's map holds squares of the -init net's buckets %d and %d", b, from[b], o)
		}
	}
	return from, nil
}

// dropMobilityInputs returns w without its mobility inputs, to start a net
// of another mobility form from it: the first layer keeps the piece-square
// columns, and each neuron's bias takes the mean, over both views of set's
// positions, of what the mobility columns added to it, so that the hidden
// layer starts where it stood on average.
func dropMobilityInputs(w *nnue.Weights, set *Set) *nnue.Weights {
	out := *w
	out.Mobility = false
	psq := w.KingBucketCount() * nnue.PieceSquareInputs
	out.Feature = w.Feature[:psq]
	var sum [H]int64
	for i := range set.positions {
		var mob nnue.Mobility
		nnue.CountMobility(&set.positions[i], &mob)
		for _, f := range mob.Features[:mob.N] {
			for view := movegen.White; view <= movegen.Black; view++ {
				for j, x := range &w.Feature[psq+nnue.MobilityFeature(view, f)-nnue.PieceSquareInputs] {
					sum[j] += int64(x)
				}
			}
		}
	}
	if n := int64(2 * len(set.positions)); n > 0 {
		for j := range out.Bias {
			b := int64(w.Bias[j]) + sum[j]/n
			out.Bias[j] = int16(max(min(b, math.MaxInt16), math.MinInt16))
		}
	}
	return &out
}
