package fit

import (
	"math"
	"runtime"
	"sync"

	"github.com/sightline-chess/sightline/eval"
)

// The weight vector in floating point: every pair's middlegame half, then
// every endgame half, then the two nonlinear middlegame king danger weights.
const (
	egOffset   = eval.NumPairs
	kdIndex    = 2 * eval.NumPairs // kingDangerMG
	kdMaxIndex = kdIndex + 1       // kingDangerMaxMG
	numWeights = kdMaxIndex + 1
)

// vector is the weights as the fit moves them.
type vector [numWeights]float64

func fromWeights(w *eval.Weights) *vector {
	var v vector
	for i := 0; i < eval.NumPairs; i++ {
		v[i] = float64(w.MG[i])
		v[egOffset+i] = float64(w.EG[i])
	}
	v[kdIndex], v[kdMaxIndex] = float64(w.KingDangerMG), float64(w.KingDangerMaxMG)
	return &v
}

// rounded returns the weights as integers, as params.go holds them.
func (v *vector) rounded() eval.Weights {
	var w eval.Weights
	for i := 0; i < eval.NumPairs; i++ {
		w.MG[i] = eval.Score(math.Round(v[i]))
		w.EG[i] = eval.Score(math.Round(v[egOffset+i]))
	}
	w.KingDangerMG = eval.Score(math.Round(v[kdIndex]))
	w.KingDangerMaxMG = eval.Score(math.Round(v[kdMaxIndex]))
	return w
}

// frozenMask marks the weights no name in params.go holds (the missing half
// of a one-phase weight): the fit leaves them at their value, 0.
func frozenMask() *[numWeights]bool {
	var f [numWeights]bool
	for _, g := range eval.WeightGroups() {
		for i := range g.MG {
			f[g.Start+i] = g.MGName == ""
			f[egOffset+g.Start+i] = g.EGName == ""
		}
	}
	return &f
}

// evaluate returns sample s's evaluation from White's view under v, and the
// parts the gradient needs: the middlegame and endgame shares of the blend,
// and the derivatives of the middlegame king danger by its two weights.
func (set *Set) evaluate(s *sample, v *vector) (e, mgShare, egShare, dKD, dKDMax float64) {
	var mg, eg float64
	for _, c := range set.coefs[s.start : s.start+uint32(s.n)] {
		n := float64(c.Count)
		mg += v[c.Pair] * n
		eg += v[egOffset+int(c.Pair)] * n
	}
	for side, u := range s.ku {
		if u == 0 {
			continue
		}
		sign := -1.0 // White's king in danger is bad for White
		if side == 1 {
			sign = 1
		}
		u2 := float64(u) * float64(u) / 16
		if raw := u2 * v[kdIndex]; raw < v[kdMaxIndex] {
			mg += sign * raw
			dKD += sign * u2
		} else {
			mg += sign * v[kdMaxIndex]
			dKDMax += sign
		}
	}
	scale := float64(s.scale) / eval.ScaleNormal
	mgShare = float64(s.phase) / eval.PhaseMax * scale
	egShare = float64(eval.PhaseMax-int(s.phase)) / eval.PhaseMax * scale
	return mg*mgShare + eg*egShare, mgShare, egShare, dKD, dKDMax
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// target is what sample s's prediction is pulled toward: lambda parts the
// game result, the rest the search score seen through the same sigmoid.
func target(s *sample, k, lambda float64) float64 {
	if !s.hasScore {
		return float64(s.result)
	}
	return lambda*float64(s.result) + (1-lambda)*sigmoid(k*float64(s.score))
}

// split runs f over [0, n) in one chunk per processor and waits.
func split(n int, f func(part, lo, hi int)) int {
	parts := min(runtime.GOMAXPROCS(0), max(n, 1))
	var wg sync.WaitGroup
	for p := 0; p < parts; p++ {
		lo, hi := n*p/parts, n*(p+1)/parts
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(p, lo, hi)
		}()
	}
	wg.Wait()
	return parts
}

// loss is the mean squared error between sigmoid(k·eval) and the target over
// the samples idx.
func (set *Set) loss(idx []int32, v *vector, k, lambda float64) float64 {
	sums := make([]float64, runtime.GOMAXPROCS(0))
	parts := split(len(idx), func(part, lo, hi int) {
		var sum float64
		for _, i := range idx[lo:hi] {
			s := &set.samples[i]
			e, _, _, _, _ := set.evaluate(s, v)
			d := sigmoid(k*e) - target(s, k, lambda)
			sum += d * d
		}
		sums[part] = sum
	})
	var total float64
	for _, s := range sums[:parts] {
		total += s
	}
	return total / float64(max(len(idx), 1))
}

// gradient adds the loss's gradient over the samples idx into grad and
// returns the loss.
func (set *Set) gradient(idx []int32, v *vector, k, lambda float64, grad *vector) float64 {
	procs := runtime.GOMAXPROCS(0)
	grads := make([]vector, procs)
	sums := make([]float64, procs)
	parts := split(len(idx), func(part, lo, hi int) {
		g := &grads[part]
		var sum float64
		for _, i := range idx[lo:hi] {
			s := &set.samples[i]
			e, mgShare, egShare, dKD, dKDMax := set.evaluate(s, v)
			p := sigmoid(k * e)
			d := p - target(s, k, lambda)
			sum += d * d
			de := 2 * d * p * (1 - p) * k // d loss / d eval
			gm, ge := de*mgShare, de*egShare
			for _, c := range set.coefs[s.start : s.start+uint32(s.n)] {
				n := float64(c.Count)
				g[c.Pair] += gm * n
				g[egOffset+int(c.Pair)] += ge * n
			}
			g[kdIndex] += gm * dKD
			g[kdMaxIndex] += gm * dKDMax
		}
		sums[part] = sum
	})
	n := float64(max(len(idx), 1))
	var total float64
	for p := 0; p < parts; p++ {
		total += sums[p]
		for i := range grad {
			grad[i] += grads[p][i] / n
		}
	}
	return total / n
}

// fitK finds the sigmoid scale that makes the current weights' evaluations
// best predict the targets, by golden-section search: the loss is unimodal
// in k. Tuning then moves the weights, not the scale.
func (set *Set) fitK(idx []int32, v *vector, lambda float64) float64 {
	lo, hi := 0.0005, 0.05
	phi := (math.Sqrt(5) - 1) / 2
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	fa, fb := set.loss(idx, v, a, lambda), set.loss(idx, v, b, lambda)
	for hi-lo > 1e-6 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - phi*(hi-lo)
			fa = set.loss(idx, v, a, lambda)
		} else {
			lo, a, fa = a, b, fb
			b = lo + phi*(hi-lo)
			fb = set.loss(idx, v, b, lambda)
		}
	}
	return (lo + hi) / 2
}
