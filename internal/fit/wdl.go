package fit

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strings"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/internal/datafile"
	"github.com/sightline-chess/sightline/movegen"
)

// wdlPoint is one position for the win/draw/loss fit: the search's score and
// the result, both from White's view, and the material on the board.
type wdlPoint struct {
	score    float64
	material int
	result   datafile.Result
}

// WDLFit is a fitted win/draw/loss model (eval/wdl.go) and how well it fits.
type WDLFit struct {
	A, B [4]float64
	// LogLoss is the mean negative log-likelihood of the results, in nats;
	// BaseLogLoss that of always predicting the data's own win, draw and loss
	// shares, the score unseen; CurrentLogLoss that of the model eval uses
	// now, on the same data, the mark a refit must beat to be worth taking.
	LogLoss, BaseLogLoss, CurrentLogLoss float64
	Positions                            int
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

// FitWDLPGN fits the model to the games of PGN files as fastchess and
// cutechess-cli write them, with each engine's score in the comment after
// its move: the games of the time controls the model is read at, where
// FitWDL's datagen files are games of a few thousand nodes a move. Each
// move with a score that is not a mate gives a point: the position the
// engine searched (the one before its move), its score turned to White's
// view, the material on that board and the game's result, as datagen
// records them. Book moves and comments without a score give none.
//
// Games with the result "*" are left out, and so are those whose
// Termination tag says the game was not played out to a result the
// players earned on the board (a time forfeit, an illegal move, a crash):
// only "normal" and "adjudication" (or no tag) are kept. Adjudicated games
// stay because a match's resign and draw rules decide most of its long
// games; leaving them out would keep only the ones played to mate or to a
// drawn ending.
//
// With player set, only the scores of the moves of the side whose White
// or Black tag is player are used: in a match against another engine, its
// scores are on its own scale (Stockfish scales its to its own win
// rates), and a model of Sightline's scores must not read them.
//
// A file that cannot be read as PGN is refused with an error naming the
// game and the move; one that ends inside a game gives the games before.
func FitWDLPGN(files []string, player string, limit int, log io.Writer) (WDLFit, error) {
	var pts []wdlPoint
	seen := false
	for _, path := range files {
		sawPlayer, err := readPGNPoints(path, player, limit, &pts, log)
		if err != nil {
			return WDLFit{}, err
		}
		seen = seen || sawPlayer
	}
	if player != "" && !seen {
		return WDLFit{}, fmt.Errorf("-player %q: no game has a White or Black tag of that name", player)
	}
	return fitWDLPoints(pts, log)
}

// pgnResults maps a PGN result to datagen's, from White's view.
var pgnResults = map[string]datafile.Result{"1-0": datafile.WhiteWins, "0-1": datafile.BlackWins, "1/2-1/2": datafile.Draw}

// readPGNPoints appends the usable positions of one PGN file and says
// whether player (if any) played in one of its games.
func readPGNPoints(path, player string, limit int, pts *[]wdlPoint, log io.Writer) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	r := NewPGNReader(f)
	games, used, before := 0, 0, len(*pts)
	sawPlayer := false
	left := map[string]int{} // games left out, by reason
	for limit <= 0 || len(*pts) < limit {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if errors.Is(err, ErrPGNTruncated) {
			fmt.Fprintf(log, "fit: %s: %v; using the whole games before it\n", path, err)
			break
		}
		if err != nil {
			return false, fmt.Errorf("%s: %w", path, err)
		}
		games++
		result, ok := pgnResults[g.Result]
		if !ok {
			left["result "+g.Result]++
			continue
		}
		if t := strings.ToLower(g.Tags["Termination"]); t != "" && t != "normal" && t != "adjudication" {
			left["termination "+t]++
			continue
		}
		if player != "" {
			if g.Tags["White"] != player && g.Tags["Black"] != player {
				left["without "+player]++
				continue
			}
			sawPlayer = true
		}
		used++
		pos := g.Start
		for _, m := range g.Moves {
			mover := "White"
			if pos.SideToMove() == movegen.Black {
				mover = "Black"
			}
			if cp, mate, ok := commentScore(m.Comment); ok && !mate && (player == "" || g.Tags[mover] == player) {
				if mover == "Black" {
					cp = -cp
				}
				*pts = append(*pts, wdlPoint{float64(cp), eval.WDLMaterial(&pos), result})
			}
			pos.MakeMove(m.Move)
		}
	}
	fmt.Fprintf(log, "fit: %s: %d games, %d used, %d positions", path, games, used, len(*pts)-before)
	if len(left) > 0 {
		reasons := make([]string, 0, len(left))
		for why, n := range left {
			reasons = append(reasons, fmt.Sprintf("%d %s", n, why))
		}
		sort.Strings(reasons)
		fmt.Fprintf(log, "; left out: %s", strings.Join(reasons, ", "))
	}
	fmt.Fprintln(log)
	return sawPlayer, nil
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
	fit.CurrentLogLoss, _ = wdlLossGrad(pts, &fit.A, &fit.B)
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
	truncated, err := datafile.EachGame(f, func(game []datafile.Record) bool {
		for i := range game {
			rec := &game[i]
			if rec.Flags&datafile.FlagMateScore == 0 {
				*pts = append(*pts, wdlPoint{float64(rec.Score), eval.WDLMaterial(&rec.Pos), rec.Result})
			}
		}
		return limit <= 0 || len(*pts) < limit
	})
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if truncated {
		fmt.Fprintf(log, "fit: %s: %v; using the whole games before it\n", path, datafile.ErrTruncated)
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
		case datafile.WhiteWins:
			prob, dA, dB = w, dwA, dwB
		case datafile.BlackWins:
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
		case datafile.WhiteWins:
			r.Seen++
		case datafile.Draw:
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
