package nnuetrain

import (
	"math"
	"math/rand/v2"

	"github.com/sightline-chess/sightline/eval/nnue"
)

// H is the number of hidden neurons per view, the engine's.
const H = nnue.Hidden

// Model is the float32 net, all parameters in one slice (so that Adam,
// the gradient sums and checkpoints treat them alike):
//
//	[0, rows·H)           first-layer weights, input-major: the net's inputs,
//	                      then, factorised, the 12 piece factor rows
//	[rows·H, +H)          first-layer bias
//	then Buckets·2·H      output weights, bucket by bucket, side to move's
//	                      view first
//	then Buckets          output biases
//	then Buckets·126      the mobility table, bucket by bucket (Table only)
//
// Factorised, a piece on a square activates its square's row and its
// piece's factor row (own/their × type), and the engine's column is their
// sum (Quantise). The factor rows learn what a piece is worth anywhere from
// every position it stands in, so the square rows need learn only where it
// stands better or worse: with a few million positions many piece-square
// pairs are rare, and alone they would learn little but noise.
type Model struct {
	Inputs   int // the engine net's first-layer inputs
	Factored bool
	Buckets  int // output buckets: 1 or nnue.MaxOutputBuckets
	// Table adds the mobility table: a value per output bucket and mobility
	// feature of the side to move's view, summed into the output.
	Table bool
	// Mirrored reads each view with the files reversed while that view's
	// king stands on files e-h, as the engine's mirrored nets do
	// (nnue.ViewOrientation). It changes which rows a position reads, not
	// the parameters.
	Mirrored bool
	// KingBuckets, when not nil, is the map of a net with king buckets
	// (nnue.KingBucketLayouts): each view reads the piece-square rows of
	// its king's bucket, the buckets' rows one block after another.
	KingBuckets []uint8
	P           []float32
}

// psqInputs is the number of the model's piece-square inputs: those of
// every king bucket, a whole number of PieceSquareInputs. The mobility
// inputs, when the model has them, follow: fewer than PieceSquareInputs.
func (m *Model) psqInputs() int { return m.Inputs / nnue.PieceSquareInputs * nnue.PieceSquareInputs }

// mobilityInputs reports whether the model reads the mobility counts as
// inputs.
func (m *Model) mobilityInputs() bool { return m.Inputs > m.psqInputs() }

// MobilityInputs is fewer than PieceSquareInputs, as psqInputs needs.
const _ = uint(nnue.PieceSquareInputs - nnue.MobilityInputs - 1)

// factorRows is the number of piece factor rows: own/their × 6 types.
const factorRows = 12

// rows is the number of first-layer rows the model trains.
func (m *Model) rows() int {
	if m.Factored {
		return m.Inputs + factorRows
	}
	return m.Inputs
}

// Offsets of the parameter blocks in Model.P: the first-layer bias, and
// output bucket b's weights and bias.
func (m *Model) biasOff() int         { return m.rows() * H }
func (m *Model) outOff(b int) int     { return m.rows()*H + H + b*2*H }
func (m *Model) outBiasOff(b int) int { return m.outOff(m.Buckets) + b }
func (m *Model) tableOff(b int) int   { return m.outBiasOff(m.Buckets) + b*nnue.MobilityInputs }
func (m *Model) size() int {
	if m.Table {
		return m.tableOff(m.Buckets)
	}
	return m.outBiasOff(m.Buckets)
}

// NewModel returns a model with small random weights: first-layer weights
// uniform in ±1/√inputs, output weights in ±1/√(2H), biases and factor
// rows zero (so that a factorised model starts as the plain one), and the
// mobility table, with table, zero.
func NewModel(inputs int, factored bool, buckets int, table bool, seed uint64) *Model {
	m := &Model{Inputs: inputs, Factored: factored, Buckets: buckets, Table: table}
	m.P = make([]float32, m.size())
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	r1 := 1 / math.Sqrt(float64(inputs))
	for i := range inputs * H {
		m.P[i] = float32((2*rng.Float64() - 1) * r1)
	}
	r2 := 1 / math.Sqrt(2*H)
	for i := m.outOff(0); i < m.outOff(1); i++ {
		m.P[i] = float32((2*rng.Float64() - 1) * r2)
	}
	// Every bucket starts as the first, so that buckets begin as one
	// output layer and part only where the data asks them to.
	for b := 1; b < buckets; b++ {
		copy(m.P[m.outOff(b):m.outOff(b+1)], m.P[m.outOff(0):m.outOff(1)])
	}
	return m
}

// ModelFrom returns the float model of the quantised net w, to train on
// from there (-init): every weight divided back by its quantisation factor,
// the factor rows, when factored, zero; mirrored and king-bucketed as w
// is. Its outputs are the quantised net's.
// A net of one output layer may start a model of buckets: each bucket
// starts as that layer. With table the model has a mobility table: the
// net's, or zero if the net has none.
//
// A neuron with no weight at all (every input weight, its bias and every
// output weight zero) is one a narrower net was widened by (nnue's loader
// gives a net of fewer neurons the build's width that way, changing no
// output): its input weights are drawn at random from seed, as NewModel
// draws them, and its output weights stay zero. The model's outputs are
// still the net's, but the new neuron can learn: with no input weight its
// activation and every gradient through it would stay zero for ever.
func ModelFrom(w *nnue.Weights, factored bool, buckets int, table bool, seed uint64) *Model {
	m := &Model{Inputs: len(w.Feature), Factored: factored, Buckets: buckets, Table: table, Mirrored: w.Mirrored, KingBuckets: w.KingBuckets}
	m.P = make([]float32, m.size())
	for i := range w.Feature {
		row := m.weightRow(uint16(i))
		for j, x := range w.Feature[i] {
			row[j] = float32(x) / nnue.QA
		}
	}
	for j := range H {
		m.P[m.biasOff()+j] = float32(w.Bias[j]) / nnue.QA
	}
	for b := range buckets {
		src := min(b, len(w.Output)-1)
		for j := range H {
			m.P[m.outOff(b)+j] = float32(w.Output[src][0][j]) / nnue.QB
			m.P[m.outOff(b)+H+j] = float32(w.Output[src][1][j]) / nnue.QB
		}
		m.P[m.outBiasOff(b)] = float32(w.OutputBias[src]) / (nnue.QA * nnue.QB)
		if table && w.MobilityTable != nil {
			for f, x := range w.MobilityTable[src] {
				m.P[m.tableOff(b)+f] = float32(x) / (nnue.QA * nnue.QB)
			}
		}
	}
	m.wakeEmptyNeurons(seed)
	return m
}

// wakeEmptyNeurons gives each neuron with no weight random input weights
// (ModelFrom says why).
func (m *Model) wakeEmptyNeurons(seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 0x91de))
	r := 1 / math.Sqrt(float64(m.Inputs))
	for j := range H {
		if m.P[m.biasOff()+j] != 0 {
			continue
		}
		empty := true
		for b := 0; b < m.Buckets && empty; b++ {
			empty = m.P[m.outOff(b)+j] == 0 && m.P[m.outOff(b)+H+j] == 0
		}
		for i := 0; i < m.Inputs && empty; i++ {
			empty = m.P[i*H+j] == 0
		}
		if !empty {
			continue
		}
		for i := range m.Inputs {
			m.P[i*H+j] = float32((2*rng.Float64() - 1) * r)
		}
	}
}

func (m *Model) weightRow(f uint16) *[H]float32 {
	return (*[H]float32)(m.P[int(f)*H : int(f)*H+H])
}

// screlu is the activation, clamp(x, 0, 1)², as the engine's integer
// version computes it.
func screlu(x float32) float32 {
	x = min(max(x, 0), 1)
	return x * x
}

// activations holds one position's hidden layer, side to move's view first.
type activations struct {
	pre [2][H]float32
}

// forward computes the hidden layer of ex and returns the output (logit):
// the evaluation in units of scale centipawns.
func (m *Model) forward(ex *example, a *activations) float32 {
	bias := (*[H]float32)(m.P[m.biasOff() : m.biasOff()+H])
	for v := range 2 {
		h := &a.pre[v]
		*h = *bias
		sumRows(h, m.P, ex.feats[v])
	}
	out := m.P[m.outBiasOff(ex.bucket)]
	if m.Table {
		t := m.P[m.tableOff(ex.bucket):m.tableOff(ex.bucket+1)]
		for _, f := range ex.mob {
			out += t[f]
		}
	}
	ow := (*[2 * H]float32)(m.P[m.outOff(ex.bucket) : m.outOff(ex.bucket)+2*H])
	for j := range H {
		out += ow[j]*screlu(a.pre[0][j]) + ow[H+j]*screlu(a.pre[1][j])
	}
	return out
}

// backward adds to grad the gradient of the loss at ex, given the loss's
// derivative by the output, g, and the activations forward left. Only the
// first-layer rows of ex's features are touched.
func (m *Model) backward(ex *example, a *activations, g float32, grad []float32) {
	b := ex.bucket
	ow := (*[2 * H]float32)(m.P[m.outOff(b) : m.outOff(b)+2*H])
	gow := (*[2 * H]float32)(grad[m.outOff(b) : m.outOff(b)+2*H])
	gbias := (*[H]float32)(grad[m.biasOff() : m.biasOff()+H])
	grad[m.outBiasOff(b)] += g
	if m.Table {
		t := grad[m.tableOff(b):m.tableOff(b+1)]
		for _, f := range ex.mob {
			t[f] += g
		}
	}
	for v := range 2 {
		var dh [H]float32
		for j, x := range &a.pre[v] {
			gow[v*H+j] += g * screlu(x)
			if x > 0 && x < 1 {
				dh[j] = g * ow[v*H+j] * 2 * x
			}
		}
		for j := range gbias {
			gbias[j] += dh[j]
		}
		addToRows(grad, ex.feats[v], &dh)
	}
}

// clip holds every weight (not the output bias and the mobility table,
// int32s in the engine) within ±nnue.WeightClip, so that quantisation never
// saturates.
func (m *Model) clip() {
	const c = nnue.WeightClip
	for i, x := range m.P[:m.outBiasOff(0)] {
		m.P[i] = min(max(x, -c), c)
	}
}

// Quantise turns m into the engine's integer weights (see nnue's
// quantisation constants).
func (m *Model) Quantise(mobility bool, scale float64, name string) *nnue.Weights {
	w := &nnue.Weights{Mobility: mobility, Mirrored: m.Mirrored, KingBuckets: m.KingBuckets, Scale: int(math.Round(scale)), Name: name}
	w.Feature = make([][H]int16, m.Inputs)
	q16 := func(x float32, k float64, lim float64) int16 {
		return int16(max(min(math.Round(float64(x)*k), lim), -lim))
	}
	for i := range w.Feature {
		row := *m.weightRow(uint16(i))
		if m.Factored && i < m.psqInputs() {
			factor := m.weightRow(uint16(m.Inputs + i%nnue.PieceSquareInputs/64))
			for j := range row {
				row[j] += factor[j]
			}
		}
		for j, x := range row {
			w.Feature[i][j] = q16(x, nnue.QA, math.MaxInt16)
		}
	}
	for j := range H {
		w.Bias[j] = q16(m.P[m.biasOff()+j], nnue.QA, math.MaxInt16)
	}
	w.Output = make([][2][H]int16, m.Buckets)
	w.OutputBias = make([]int32, m.Buckets)
	for b := range m.Buckets {
		for j := range H {
			w.Output[b][0][j] = q16(m.P[m.outOff(b)+j], nnue.QB, nnue.MaxOutputWeight)
			w.Output[b][1][j] = q16(m.P[m.outOff(b)+H+j], nnue.QB, nnue.MaxOutputWeight)
		}
		w.OutputBias[b] = int32(math.Round(float64(m.P[m.outBiasOff(b)]) * nnue.QA * nnue.QB))
	}
	if m.Table {
		w.MobilityTable = make([][nnue.MobilityInputs]int32, m.Buckets)
		for b := range m.Buckets {
			for f, x := range m.P[m.tableOff(b):m.tableOff(b+1)] {
				q := math.Round(float64(x) * nnue.QA * nnue.QB)
				w.MobilityTable[b][f] = int32(max(min(q, nnue.MaxMobilityTableEntry), -nnue.MaxMobilityTableEntry))
			}
		}
	}
	return w
}
