package main

import (
	"math"
	"math/rand/v2"
)

// Param is one tunable under SPSA: its line of OpenBench's SPSA input
// (name, int, start, min, max, c_end, r_end) and its current value, kept
// as a real number between iterations and rounded only when played. Every
// parameter is an integer: a UCI spin option holds nothing else.
type Param struct {
	Name  string  `json:"name"`
	Start float64 `json:"start"`
	Min   float64 `json:"min"`
	Max   float64 `json:"max"`
	CEnd  float64 `json:"c_end"`
	REnd  float64 `json:"r_end"`
	Value float64 `json:"value"`
}

// Schedule holds the constants of the gain sequences, as OpenBench sets
// them: the perturbation c_k = c/k^gamma and the step a_k = a/(A+k)^alpha
// of iteration k (1-based) shrink over the run, with c and a chosen per
// parameter so that at the last iteration, k = Iterations, c_k is the
// parameter's c_end and a_k/c_k² its r_end. alpha 0.602 and gamma 0.101
// are Spall's values, the smallest that still guarantee convergence; A,
// about a tenth of the iterations, keeps the first steps from being the
// largest by far.
type Schedule struct {
	Iterations int     `json:"iterations"`
	A          float64 `json:"A"`
	Alpha      float64 `json:"alpha"`
	Gamma      float64 `json:"gamma"`
}

// c returns the parameter's c: c_end * N^gamma.
func (s Schedule) c(p Param) float64 {
	return p.CEnd * math.Pow(float64(s.Iterations), s.Gamma)
}

// a returns the parameter's a: r_end * c_end² * (A+N)^alpha.
func (s Schedule) a(p Param) float64 {
	return p.REnd * p.CEnd * p.CEnd * math.Pow(s.A+float64(s.Iterations), s.Alpha)
}

// Step returns the perturbation c_k and the learning rate r_k = a_k/c_k² of
// parameter p at iteration k. The perturbation stays at least a half, so
// that the two sides of a pair still differ once rounded (as OpenBench
// does for integers).
func (s Schedule) Step(p Param, k int) (ck, rk float64) {
	ck = max(s.c(p)/math.Pow(float64(k), s.Gamma), 0.5)
	ak := s.a(p) / math.Pow(s.A+float64(k), s.Alpha)
	return ck, ak / (ck * ck)
}

// Perturbation is one iteration's pair of settings: Plus[i] and Minus[i]
// are parameter i's value for each side, Flip[i] the sign (+1 or -1) that
// made Plus[i] the larger (before clipping), CK and RK its c_k and r_k.
type Perturbation struct {
	Plus, Minus []float64
	Flip        []float64
	CK, RK      []float64
}

// Perturb draws iteration k's perturbation of params from rng: each value
// moved up by c_k on one side and down on the other, the sign random; each
// side's value is rounded up or down at random in proportion to the
// fraction (so that on average they are the unrounded ones); both are
// clipped to the parameter's range.
func (s Schedule) Perturb(params []Param, k int, rng *rand.Rand) Perturbation {
	n := len(params)
	pt := Perturbation{make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)}
	for i, p := range params {
		ck, rk := s.Step(p, k)
		flip := 1.0
		if rng.IntN(2) == 0 {
			flip = -1
		}
		u := rng.Float64()
		plus, minus := math.Floor(p.Value+flip*ck+u), math.Floor(p.Value-flip*ck+u)
		pt.Plus[i] = clip(plus, p.Min, p.Max)
		pt.Minus[i] = clip(minus, p.Min, p.Max)
		pt.Flip[i], pt.CK[i], pt.RK[i] = flip, ck, rk
	}
	return pt
}

// Update moves each parameter along its perturbation by r_k * c_k * (wins -
// losses) of the plus side (the gradient estimate (W-L)/(2c_k) times the
// step a_k, with OpenBench's scaling), clipped to its range.
func Update(params []Param, pt Perturbation, wins, losses int) {
	for i := range params {
		p := &params[i]
		p.Value = clip(p.Value+pt.RK[i]*pt.CK[i]*float64(wins-losses)*pt.Flip[i], p.Min, p.Max)
	}
}

func clip(v, lo, hi float64) float64 { return min(max(v, lo), hi) }

// Rounded returns the parameter's current value as the engine takes it.
func (p Param) Rounded() int { return int(math.Round(p.Value)) }
