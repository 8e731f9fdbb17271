package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/internal/fit"
)

// Fit runs "sightline fit" (also "sightline tune", its old name): every
// weight of eval/params.go fitted to self-play data and written back into
// the file.
func Fit(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("fit", stderr)
	data := fs.String("data", "", "data files, comma-separated: datagen files or EPD lines with results")
	cfg := fit.Config{}
	fs.IntVar(&cfg.Epochs, "epochs", 400, "passes of Adam over the training set")
	fs.Float64Var(&cfg.Lambda, "lambda", 0.5, "the game result's share of the target (the rest: the search score)")
	fs.Float64Var(&cfg.LR, "lr", 1, "Adam's step in centipawns, decayed to a tenth")
	fs.IntVar(&cfg.Limit, "limit", 0, "use at most this many positions (0: all)")
	fs.Float64Var(&cfg.K, "k", 0, "sigmoid scale per centipawn (0: fit it)")
	fs.Float64Var(&cfg.Reg, "reg", 3e-9, "pull of each weight toward params.go's value, per cp²")
	out := fs.String("out", "", "the params file to rewrite with the fitted weights (default: eval/params.go of the checkout around the working directory)")
	fitWDL := fs.Bool("fit-wdl", false, "fit the win/draw/loss model (eval/wdl.go) to the data and print it; params.go is not touched")
	pgn := fs.String("pgn", "", "with -fit-wdl, instead of -data: PGN files, comma-separated, of games fastchess or cutechess-cli played, scores in the move comments")
	player := fs.String("player", "", "with -pgn, only the scores of the moves of this player (its White or Black tag); default: every move's")
	if status, ok := parseFlags(fs, args, stderr); !ok {
		return status
	}
	cfg.Files = splitFiles(*data)
	if *pgn != "" || *player != "" {
		return fitWDLPGNCommand(cfg, *fitWDL, splitFiles(*pgn), *player, stdout, stderr)
	}
	if err := cfg.Check(); err != nil {
		fmt.Fprintf(stderr, "fit: %v\n", err)
		return 2
	}
	if *fitWDL {
		return fitWDLCommand(cfg, stdout, stderr)
	}
	if *out == "" {
		p, err := findParams()
		if err != nil {
			fmt.Fprintf(stderr, "fit: %v\n", err)
			return 2
		}
		*out = p
	}
	// Read the params file before hours of work, so a wrong path fails now.
	src, err := os.ReadFile(*out)
	if err != nil {
		fmt.Fprintf(stderr, "fit: -out: %v\n", err)
		return 2
	}
	res, err := fit.Run(cfg, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "fit: %v\n", err)
		return 2
	}
	rewritten, err := fit.RewriteParams(src, &res.Weights)
	if err != nil {
		fmt.Fprintf(stderr, "fit: %s: %v\n", *out, err)
		return 1
	}
	tmp, err := os.CreateTemp(filepath.Dir(*out), ".params-*.go")
	if err == nil {
		_, err = tmp.Write(rewritten)
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(tmp.Name(), *out)
		}
		if err != nil {
			os.Remove(tmp.Name())
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "fit: writing %s: %v\n", *out, err)
		return 1
	}
	fmt.Fprintf(stdout, "%d positions, K %.6f, validation loss %.7f -> %.7f; wrote %s\n",
		res.Positions, res.K, res.StartValidationLoss, res.ValidationLoss, *out)
	return 0
}

// paramsPath is where the weights fit rewrites live in the repository.
var paramsPath = filepath.Join("eval", "params.go")

// findParams finds eval/params.go for fit to rewrite when -out is not
// given: in the working directory or the nearest directory above it that
// holds one, so that fit works from anywhere inside the checkout (the
// data files usually lie elsewhere, and the user runs it from there). From
// outside a checkout it says how to point it at the file.
func findParams() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, paramsPath)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", fmt.Errorf("no %s here or in any directory above: run fit inside the Sightline checkout, or give -out PATH/TO/eval/params.go", paramsPath)
		}
		dir = up
	}
}

// fitWDLPGNCommand is "fit -fit-wdl -pgn FILES": the model fitted to the
// scores and results of played games. A fit reads one kind of source, so
// that what it was fitted to is plain: -data and -pgn do not mix.
func fitWDLPGNCommand(cfg fit.Config, fitWDL bool, files []string, player string, stdout, stderr io.Writer) int {
	var err error
	switch {
	case !fitWDL:
		err = errors.New("-pgn and -player go with -fit-wdl only: the weights are fitted to datagen files (-data)")
	case len(cfg.Files) > 0:
		err = errors.New("-data and -pgn: give one, not both")
	case len(files) == 0:
		err = errors.New("-pgn: no file named (-player goes with -pgn)")
	default:
		cfg.Files = files // for Check's other limits
		err = cfg.Check()
	}
	if err != nil {
		fmt.Fprintf(stderr, "fit: %v\n", err)
		return 2
	}
	model, err := fit.FitWDLPGN(files, player, cfg.Limit, stderr)
	return printWDLFit(model, err, stdout, stderr)
}

// fitWDLCommand fits the win/draw/loss model to datagen files.
func fitWDLCommand(cfg fit.Config, stdout, stderr io.Writer) int {
	model, err := fit.FitWDL(cfg.Files, cfg.Limit, stderr)
	return printWDLFit(model, err, stdout, stderr)
}

// printWDLFit prints a fitted model's coefficients in the form eval/wdl.go
// declares them, with the fit's quality.
func printWDLFit(model fit.WDLFit, err error, stdout, stderr io.Writer) int {
	if err != nil {
		fmt.Fprintf(stderr, "fit: %v\n", err)
		return 2
	}
	fmt.Fprintf(stdout, "%d positions; log loss %.5f nats (%.5f with the model in eval/wdl.go, %.5f knowing only the result shares)\n",
		model.Positions, model.LogLoss, model.CurrentLogLoss, model.BaseLogLoss)
	fmt.Fprintf(stdout, "\twdlA = [4]float64{%.1f, %.1f, %.1f, %.1f}\n", model.A[0], model.A[1], model.A[2], model.A[3])
	fmt.Fprintf(stdout, "\twdlB = [4]float64{%.2f, %.2f, %.2f, %.2f}\n", model.B[0], model.B[1], model.B[2], model.B[3])
	for _, m := range []int{24, 40, 58, 78} {
		a, b := eval.WDLParams(m, &model.A, &model.B)
		fmt.Fprintf(stdout, "material %d: 50%% wins at %.0f cp; +100 cp wins %.0f%%, draws %.0f%%\n", m, a, 100*eval.WinProbability(100, a, b),
			100*(1-eval.WinProbability(100, a, b)-eval.WinProbability(-100, a, b)))
	}
	fmt.Fprintln(stdout, "White's score  positions  wins predicted/seen  draws predicted/seen  (material 20-40)")
	for _, r := range model.Calibration {
		fmt.Fprintf(stdout, "%4d..%-4d  %9d  %5.1f%% / %5.1f%%  %5.1f%% / %5.1f%%\n", r.From, r.To, r.N,
			100*r.Predicted, 100*r.Seen, 100*r.PredDraw, 100*r.SeenDraw)
	}
	return 0
}
