package tune

import (
	"fmt"
	"io"
	"math"
	"os"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/internal/tools/datagen"
)

// wdlPoint is one position for the win/draw/loss fit: the search's score and
// the result, both from White's view, and the material on the board.
type wdlPoint struct {
	score    float64
	material int
	result   datagen.Result
}

// WDLFit is a fitted win/draw/loss model (eval/wdl.go) and how well it fits.
type WDLFit struct {
	A, B [4]float64
	// LogLoss is the mean negative log-likelihood of the results, in nats;
	// BaseLogLoss that of always predicting the data's own win, draw and loss
	// shares, the score unseen.
	LogLoss, BaseLogLoss float64
	Positions            int
	// Calibration: per score bucket of 100 cp (White's view, 0..99, 100..199,
	// ...; at 20 to 40 pieces' material), predicted and seen White win rates.
	Calibration []CalibrationRow
}

// CalibrationRow compares the model with the data in one score bucket.
type CalibrationRow struct {
	From, To           int
	N                  int
	Predicted, Seen    float64 // White's win rate
	PredDraw, SeenDraw float64
}

// minWDLPoints is the least data FitWDL fits eight coefficients to.
const minWDLPoints = 200

// FitWDL fits the model to the scores and results of datagen files by
// maximum likelihood (Adam on the eight coefficients, starting from the
// model eval uses now). Positions with mate scores are left out.
func FitWDL(files []string, limit int, log io.Writer) (WDLFit, error) {
	var pts []wdlPoint
	for _, path := range files {
		if err := readWDLPoints(path, limit, &pts, log); err != nil {
			return WDLFit{}, err
		}
	}
	return fitWDLPoints(pts, log)
}

// fitWDLPoints fits the model to pts.
func fitWDLPoints(pts []wdlPoint, log io.Writer) (WDLFit, error) {
	if len(pts) < minWDLPoints {
		return WDLFit{}, fmt.Errorf("%d positions: too few to fit a model", len(pts))
	}
	fit := WDLFit{Positions: len(pts)}
	fit.A, fit.B = eval.WDLCoefficients()
	params := func() []*float64 {
		var p []*float64
		for i := range fit.A {
			p = append(p, &fit.A[i], &fit.B[i])
		}
		return p
	}()
	var m, v [8]float64
	const steps, lr = 600, 2.0
	for step := 1; step <= steps; step++ {
		loss, grad := wdlLossGrad(pts, &fit.A, &fit.B)
		for i, p := range params {
			m[i] = adamBeta1*m[i] + (1-adamBeta1)*grad[i]
			v[i] = adamBeta2*v[i] + (1-adamBeta2)*grad[i]*grad[i]
			mh := m[i] / (1 - math.Pow(adamBeta1, float64(step)))
			vh := v[i] / (1 - math.Pow(adamBeta2, float64(step)))
			*p -= lr * (1 - 0.9*float64(step-1)/steps) * mh / (math.Sqrt(vh) + adamEps)
		}
		if step%100 == 0 || step == 1 {
			fmt.Fprintf(log, "wdl step %d: log loss %.5f\n", step, loss)
		}
	}
	fit.LogLoss, _ = wdlLossGrad(pts, &fit.A, &fit.B)
	var counts [3]float64
	for _, p := range pts {
		counts[p.result]++
	}
	for _, c := range counts {
		if c > 0 {
			q := c / float64(len(pts))
			fit.BaseLogLoss -= q * math.Log(q)
		}
	}
	fit.Calibration = calibrate(pts, &fit.A, &fit.B)
	return fit, nil
}

// readWDLPoints appends the usable positions of one datagen file.
func readWDLPoints(path string, limit int, pts *[]wdlPoint, log io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	truncated, err := datagen.EachGame(f, func(game []datagen.Record) bool {
		for i := range game {
			rec := &game[i]
			if rec.Flags&datagen.FlagMateScore == 0 {
				*pts = append(*pts, wdlPoint{float64(rec.Score), eval.WDLMaterial(&rec.Pos), rec.Result})
			}
		}
		return limit <= 0 || len(*pts) < limit
	})
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if truncated {
		fmt.Fprintf(log, "tune: %s: %v; using the whole games before it\n", path, datagen.ErrTruncated)
	}
	return nil
}

// wdlProbs returns the model's White win, draw and loss chances for p, and
// the m the polynomials read.
func wdlProbs(p *wdlPoint, A, B *[4]float64) (w, d, l, a, b, m float64) {
	a, b = eval.WDLParams(p.material, A, B)
	m = float64(max(min(p.material, 78), 17)) / 58
	w = eval.WinProbability(p.score, a, b)
	l = eval.WinProbability(-p.score, a, b)
	return w, 1 - w - l, l, a, b, m
}

// wdlLossGrad is the mean negative log-likelihood of the results and its
// gradient by (A[0], B[0], A[1], B[1], ...).
func wdlLossGrad(pts []wdlPoint, A, B *[4]float64) (float64, [8]float64) {
	const floor = 1e-9 // a draw predicted at 0 must not make the loss infinite
	var loss float64
	var g [8]float64
	for i := range pts {
		p := &pts[i]
		w, d, l, a, b, m := wdlProbs(p, A, B)
		s := p.score
		// The chances' derivatives by a and by b.
		dwA, dwB := -w*(1-w)/b, -w*(1-w)*(s-a)/(b*b)
		dlA, dlB := -l*(1-l)/b, -l*(1-l)*(-s-a)/(b*b)
		var prob, dA, dB float64
		switch p.result {
		case datagen.WhiteWins:
			prob, dA, dB = w, dwA, dwB
		case datagen.BlackWins:
			prob, dA, dB = l, dlA, dlB
		default:
			prob, dA, dB = d, -dwA-dlA, -dwB-dlB
		}
		prob = max(prob, floor)
		loss -= math.Log(prob)
		pow := [4]float64{m * m * m, m * m, m, 1}
		for k := 0; k < 4; k++ {
			g[2*k] -= dA / prob * pow[k]
			g[2*k+1] -= dB / prob * pow[k]
		}
	}
	n := float64(len(pts))
	for i := range g {
		g[i] /= n
	}
	return loss / n, g
}

// calibrate buckets the middlegame-to-endgame positions (material 20 to 40)
// by White's score and compares predicted and seen results.
func calibrate(pts []wdlPoint, A, B *[4]float64) []CalibrationRow {
	rows := make([]CalibrationRow, 8)
	for i := range rows {
		rows[i].From, rows[i].To = i*100, i*100+99
	}
	for i := range pts {
		p := &pts[i]
		if p.material < 20 || p.material > 40 || p.score < 0 || p.score >= 800 {
			continue
		}
		r := &rows[int(p.score)/100]
		w, d, _, _, _, _ := wdlProbs(p, A, B)
		r.N++
		r.Predicted += w
		r.PredDraw += d
		switch p.result {
		case datagen.WhiteWins:
			r.Seen++
		case datagen.Draw:
			r.SeenDraw++
		}
	}
	for i := range rows {
		if n := float64(rows[i].N); n > 0 {
			rows[i].Predicted /= n
			rows[i].PredDraw /= n
			rows[i].Seen /= n
			rows[i].SeenDraw /= n
		}
	}
	return rows
}
