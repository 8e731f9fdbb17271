package fit

import (
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/sightline-chess/sightline/eval"
)

// Config is one tuning run.
type Config struct {
	Files  []string
	Epochs int     // passes of Adam over the whole training set
	Lambda float64 // the game result's share of the target; the rest is the search score
	LR     float64 // Adam's step in centipawns, decayed linearly to a tenth
	Limit  int     // positions to keep at most (0: all)
	K      float64 // the sigmoid scale; 0: fit it first
	// Reg pulls each weight toward its value in params.go: the loss gains
	// Reg·(w - w0)² per weight. Adam moves every weight by about the same
	// step whatever its gradient's size, so without it a weight seen in few
	// positions (a queen on a8, a knight with eight squares) walks as far
	// as the noise of its few samples takes it.
	Reg float64
}

// Check refuses settings that cannot make a run.
func (c *Config) Check() error {
	switch {
	case len(c.Files) == 0:
		return errors.New("-data: no file named")
	case c.Epochs < 0 || c.Epochs > 100_000:
		return fmt.Errorf("-epochs %d: want 0 to 100000", c.Epochs)
	case !(c.Lambda >= 0 && c.Lambda <= 1):
		return fmt.Errorf("-lambda %v: want 0 to 1", c.Lambda)
	case !(c.LR > 0 && c.LR <= 1000):
		return fmt.Errorf("-lr %v: want more than 0, at most 1000", c.LR)
	case c.Limit < 0:
		return fmt.Errorf("-limit %d: want 0 (all) or more", c.Limit)
	case !(c.K >= 0 && c.K < 1):
		return fmt.Errorf("-k %v: want 0 (fit it) or a scale below 1", c.K)
	case !(c.Reg >= 0 && c.Reg < 1):
		return fmt.Errorf("-reg %v: want 0 (none) or a strength below 1", c.Reg)
	}
	return nil
}

// validationEvery holds one position in this many out of training, to show
// whether the fit generalises.
const validationEvery = 20

// Adam's constants, as its authors recommend them.
const (
	adamBeta1 = 0.9
	adamBeta2 = 0.999
	adamEps   = 1e-8
)

// Result is a finished run: the fitted weights and how well they fit.
type Result struct {
	Weights                   eval.Weights
	K                         float64
	TrainLoss, ValidationLoss float64 // after the last epoch
	StartValidationLoss       float64 // of params.go's weights
	Positions                 int
}

// Run loads the data, fits K and then every weight, logging to log.
func Run(cfg Config, log io.Writer) (Result, error) {
	if err := cfg.Check(); err != nil {
		return Result{}, err
	}
	var set Set
	start := time.Now()
	for _, f := range cfg.Files {
		if err := set.Load(f, cfg.Limit, log); err != nil {
			return Result{}, err
		}
	}
	if set.Len() < validationEvery {
		return Result{}, fmt.Errorf("%d positions kept of %d read: too few to fit", set.Kept, set.Read)
	}
	fmt.Fprintf(log, "%d positions read, %d kept (quiet, not decided) in %v\n",
		set.Read, set.Kept, time.Since(start).Round(time.Millisecond))
	var train, valid []int32
	for i := 0; i < set.Len(); i++ {
		if i%validationEvery == 0 {
			valid = append(valid, int32(i))
		} else {
			train = append(train, int32(i))
		}
	}
	cur := eval.CurrentWeights()
	v := fromWeights(&cur)
	k := cfg.K
	if k == 0 {
		k = set.fitK(train, v, cfg.Lambda)
		fmt.Fprintf(log, "K = %.6f (sigmoid scale per centipawn)\n", k)
	}
	res := Result{K: k, Positions: set.Len()}
	res.StartValidationLoss = set.loss(valid, v, k, cfg.Lambda)
	fmt.Fprintf(log, "epoch 0: train %.7f, validation %.7f\n", set.loss(train, v, k, cfg.Lambda), res.StartValidationLoss)

	frozen := frozenMask()
	v0 := *v
	var m, s vector
	for epoch := 1; epoch <= cfg.Epochs; epoch++ {
		t0 := time.Now()
		var grad vector
		res.TrainLoss = set.gradient(train, v, k, cfg.Lambda, &grad)
		for i := range grad {
			grad[i] += 2 * cfg.Reg * (v[i] - v0[i])
		}
		lr := cfg.LR * (1 - 0.9*float64(epoch-1)/float64(cfg.Epochs))
		b1t := 1 - math.Pow(adamBeta1, float64(epoch))
		b2t := 1 - math.Pow(adamBeta2, float64(epoch))
		for i := range v {
			if frozen[i] {
				continue
			}
			m[i] = adamBeta1*m[i] + (1-adamBeta1)*grad[i]
			s[i] = adamBeta2*s[i] + (1-adamBeta2)*grad[i]*grad[i]
			v[i] -= lr * (m[i] / b1t) / (math.Sqrt(s[i]/b2t) + adamEps)
		}
		v[kdMaxIndex] = max(v[kdMaxIndex], 0) // a cap below 0 would reward danger
		if epoch%10 == 0 || epoch == cfg.Epochs || epoch == 1 {
			res.ValidationLoss = set.loss(valid, v, k, cfg.Lambda)
			fmt.Fprintf(log, "epoch %d: train %.7f, validation %.7f, lr %.3f, %.0f positions/s\n",
				epoch, res.TrainLoss, res.ValidationLoss, lr, float64(len(train))/time.Since(t0).Seconds())
		} else {
			fmt.Fprintf(log, "epoch %d: train %.7f\n", epoch, res.TrainLoss)
		}
	}
	res.Weights = v.rounded()
	if cfg.Epochs == 0 {
		res.ValidationLoss = res.StartValidationLoss
	}
	return res, nil
}
