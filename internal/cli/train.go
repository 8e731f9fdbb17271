package cli

import (
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/internal/nnuetrain"
)

// Train runs "sightline train": a network (eval/nnue) trained on
// self-play data and written as a net file.
func Train(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("train", stderr)
	data := fs.String("data", "", "datagen files, comma-separated")
	out := fs.String("out", "", "the net file to write (docs/nnue.md has the format)")
	cfg := nnuetrain.Config{}
	fs.IntVar(&cfg.Epochs, "epochs", 10, "passes over the training set (0 with -init: only measure that net's losses)")
	fs.IntVar(&cfg.Batch, "batch", 8192, "examples per Adam step (with -mirror a position and its mirror are two)")
	fs.Float64Var(&cfg.LR, "lr", 0.001, "Adam's step size")
	fs.IntVar(&cfg.LRDropEvery, "lr-drop", 3, "multiply the step size by -lr-gamma every this many epochs (0: never)")
	fs.Float64Var(&cfg.LRGamma, "lr-gamma", 0.3, "the step size's factor at each drop")
	fs.BoolVar(&cfg.LRCosine, "lr-cosine", false, "lower the step size along half a cosine, from -lr at the first batch to -lr-end at the last (instead of -lr-drop steps)")
	fs.Float64Var(&cfg.LREnd, "lr-end", 0.00001, "with -lr-cosine: the step size at the last batch")
	fs.Float64Var(&cfg.Lambda, "lambda", 0.3, "the game result's share of the target (the rest: the search score); 0.3 beat 0.5 in games, docs/nnue-log.md")
	lambdaEnd := fs.Float64("lambda-end", -1, "the result's share at the last epoch, moving in a straight line from -lambda (default: -lambda throughout)")
	fs.Float64Var(&cfg.Scale, "scale", nnuetrain.DefaultScale, "centipawns per unit of the net's output (the sigmoid's scale)")
	fs.Float64Var(&cfg.WeightDecay, "wd", 0, "decoupled weight decay per step, times the step size")
	fs.BoolVar(&cfg.KeepBest, "keep-best", true, "quantise the epoch with the lowest validation loss, not the last (nor worse than an -init net)")
	fs.BoolVar(&cfg.Mirror, "mirror", true, "train on each position's file mirror too (a-file for h-file; off with -hmirror, which makes it redundant)")
	fs.BoolVar(&cfg.HMirror, "hmirror", false, "train a horizontally mirrored net: each view read with the files reversed while its king stands on files e-h")
	fs.BoolVar(&cfg.Factorise, "factorise", true, "train each piece-square column as its piece's shared column plus the square's own")
	fs.IntVar(&cfg.Buckets, "buckets", 1, "output buckets by the pieces on the board: 1 or 8")
	kingBuckets := fs.String("king-buckets", "", "piece-square columns by the view's king's square: none or a layout ("+layoutNames()+"); default: the -init net's (none without -init)")
	mobility := fs.String("mobility", "inputs", "how the net reads the mobility counts: inputs (first-layer inputs), table (a learned value per output bucket added to the output) or none")
	noMobility := fs.Bool("no-mobility", false, "the same as -mobility none")
	fs.IntVar(&cfg.Threads, "threads", 0, "goroutines per batch (0: every core)")
	fs.IntVar(&cfg.ValidEvery, "valid-every", 20, "one game in this many is held out for validation")
	holdOut := fs.String("holdout", "hash", "which games are held out: hash (by their positions, whatever the files' order) or order (every -valid-every-th read, generations 1-5)")
	fs.IntVar(&cfg.Limit, "limit", 0, "use at most this many positions (0: all)")
	fs.IntVar(&cfg.Shuffle, "shuffle", 1<<22, "positions in the shuffle buffer the data streams through (64 bytes each; 0: no shuffling)")
	fs.IntVar(&cfg.ValidMax, "valid-max", 200_000, "at most this many positions in the validation set")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the initial weights and the shuffles")
	fs.StringVar(&cfg.Checkpoint, "checkpoint", "", "write the training state here after each epoch, and resume from it if it exists")
	fs.StringVar(&cfg.Name, "name", "", "the net's name, stored in the file (default: -out's base name)")
	initNet := fs.String("init", "", "a net file to start from instead of random weights")
	if status, ok := parseFlags(fs, args, stderr); !ok {
		return status
	}
	if *noMobility {
		*mobility = "none"
	}
	// -mirror is on by default; -hmirror turns it off unless it was asked
	// for, and then Check refuses the two together.
	if cfg.HMirror && !flagSet(fs, "mirror") {
		cfg.Mirror = false
	}
	switch *mobility {
	case "inputs":
		cfg.Mobility = true
	case "table":
		cfg.MobilityTable = true
	case "none":
	default:
		fmt.Fprintf(stderr, "train: -mobility must be inputs, table or none, not %q\n", *mobility)
		return 2
	}
	cfg.LambdaEnd = *lambdaEnd
	if *lambdaEnd == -1 {
		cfg.LambdaEnd = cfg.Lambda
	}
	switch *holdOut {
	case "hash":
	case "order":
		cfg.HoldOutByOrder = true
	default:
		fmt.Fprintf(stderr, "train: -holdout must be hash or order, not %q\n", *holdOut)
		return 2
	}
	cfg.Files = splitFiles(*data)
	if *initNet != "" {
		b, err := os.ReadFile(*initNet)
		if err == nil {
			cfg.Init, err = nnue.Parse(b)
		}
		if err != nil {
			fmt.Fprintf(stderr, "train: -init: %v\n", err)
			return 2
		}
	}
	switch layout, ok := nnue.KingBucketLayouts[*kingBuckets]; {
	case ok:
		cfg.KingBuckets = layout[:]
	case *kingBuckets == "" && cfg.Init != nil:
		cfg.KingBuckets = cfg.Init.KingBuckets
	case *kingBuckets == "" || *kingBuckets == "none":
	default:
		fmt.Fprintf(stderr, "train: -king-buckets must be none or one of %s, not %q\n", layoutNames(), *kingBuckets)
		return 2
	}
	if cfg.Name == "" {
		cfg.Name = strings.TrimSuffix(filepath.Base(*out), filepath.Ext(*out))
	}
	if err := cfg.Check(); err != nil {
		fmt.Fprintf(stderr, "train: %v\n", err)
		return 2
	}
	if *out == "" {
		fmt.Fprintln(stderr, "train: no -out file")
		return 2
	}
	train, valid, err := nnuetrain.Open(&cfg, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "train: %v\n", err)
		return 2
	}
	res, err := nnuetrain.Train(cfg, train, valid, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "train: %v\n", err)
		return 1
	}
	b, err := res.Weights.MarshalBinary()
	if err == nil {
		err = os.WriteFile(*out, b, 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "train: %v\n", err)
		return 1
	}
	if cfg.HMirror {
		*mobility += ", horizontally mirrored"
	}
	if cfg.KingBuckets != nil {
		*mobility += fmt.Sprintf(", %d king buckets", res.Weights.KingBucketCount())
	}
	fmt.Fprintf(stdout, "%d positions, %d epochs (kept epoch %d), mobility %s: last train loss %.6f, validation loss %.6f "+
		"(quantised %.6f; the hand-written evaluation's %.6f); quantised - float: max %.1f cp, mean %.2f cp; wrote %s\n",
		train.Len(), res.Epochs, res.BestEpoch, *mobility, res.TrainLoss, res.ValidLoss, res.QuantValidLoss,
		res.HandValidLoss, res.MaxDiff, res.MeanDiff, *out)
	return 0
}

// layoutNames lists the king bucket layouts train knows, sorted.
func layoutNames() string {
	return strings.Join(slices.Sorted(maps.Keys(nnue.KingBucketLayouts)), ", ")
}
