package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sightline-chess/sightline/internal/tune"
)

// tuneCommand runs "sightline tune": every weight of eval/params.go fitted to
// self-play data and written back into the file.
func tuneCommand(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", "", "data files, comma-separated: datagen files or EPD lines with results")
	cfg := tune.Config{}
	fs.IntVar(&cfg.Epochs, "epochs", 400, "passes of Adam over the training set")
	fs.Float64Var(&cfg.Lambda, "lambda", 0.5, "the game result's share of the target (the rest: the search score)")
	fs.Float64Var(&cfg.LR, "lr", 1, "Adam's step in centipawns, decayed to a tenth")
	fs.IntVar(&cfg.Limit, "limit", 0, "use at most this many positions (0: all)")
	fs.Float64Var(&cfg.K, "k", 0, "sigmoid scale per centipawn (0: fit it)")
	fs.Float64Var(&cfg.Reg, "reg", 1e-8, "pull of each weight toward params.go's value, per cp²")
	out := fs.String("out", "eval/params.go", "the params file to rewrite with the tuned weights")
	if err := fs.Parse(args); err != nil {
		return parseFailure(err)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "tune: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	for _, f := range strings.Split(*data, ",") {
		if f != "" {
			cfg.Files = append(cfg.Files, f)
		}
	}
	if err := cfg.Check(); err != nil {
		fmt.Fprintf(stderr, "tune: %v\n", err)
		return 2
	}
	// Read the params file before hours of work, so a wrong path fails now.
	src, err := os.ReadFile(*out)
	if err != nil {
		fmt.Fprintf(stderr, "tune: -out: %v\n", err)
		return 2
	}
	res, err := tune.Run(cfg, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "tune: %v\n", err)
		return 2
	}
	rewritten, err := tune.RewriteParams(src, &res.Weights)
	if err != nil {
		fmt.Fprintf(stderr, "tune: %s: %v\n", *out, err)
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
		fmt.Fprintf(stderr, "tune: writing %s: %v\n", *out, err)
		return 1
	}
	fmt.Fprintf(stdout, "%d positions, K %.6f, validation loss %.7f -> %.7f; wrote %s\n",
		res.Positions, res.K, res.StartValidationLoss, res.ValidationLoss, *out)
	return 0
}
