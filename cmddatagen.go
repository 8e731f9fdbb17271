package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/internal/datagen"
)

// datagenCommand runs "sightline datagen": self-play games written as
// training data, or (-convert) a data file turned into EPD text.
func datagenCommand(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("datagen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "data file to write (must not exist)")
	cfg := &datagen.Config{HashMB: 8}
	fs.IntVar(&cfg.Games, "games", 0, "games to play")
	fs.IntVar(&cfg.Nodes, "nodes", 5000, "soft node limit of each move's search")
	fs.IntVar(&cfg.Depth, "depth", 0, "depth limit of each move's search (0: none)")
	fs.IntVar(&cfg.Threads, "threads", 1, "games played at once")
	fs.IntVar(&cfg.RandomPlies, "random-plies", 8, "random plies after the start position or book line")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "random seed")
	book := fs.String("book", "", "EPD/FEN file of start positions (default: the start position)")
	useNet := fs.Bool("nnue", false, "evaluate with the embedded network instead of the hand-written evaluation")
	netFile := fs.String("net", "", "evaluate with this network file (implies -nnue)")
	convert := fs.String("convert", "", "data file to convert to EPD text (with -to)")
	to := fs.String("to", "", "with -convert: the EPD file to write (- for stdout)")
	if err := fs.Parse(args); err != nil {
		return parseFailure(err)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "datagen: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *convert != "" || *to != "" {
		if *convert == "" || *to == "" || *out != "" {
			fmt.Fprintln(stderr, "datagen: -convert FILE -to OUT.epd, and nothing of a run")
			return 2
		}
		return convertData(*convert, *to, stdout, stderr)
	}
	if *out == "" {
		fmt.Fprintln(stderr, "datagen: -out FILE is needed")
		return 2
	}
	if err := cfg.Check(); err != nil {
		fmt.Fprintf(stderr, "datagen: %v\n", err)
		return 2
	}
	if *useNet || *netFile != "" {
		net, err := datagenNet(*netFile)
		if err != nil {
			fmt.Fprintf(stderr, "datagen: -net: %v\n", err)
			return 2
		}
		cfg.Net = net
		fmt.Fprintf(stderr, "datagen: evaluating with net %s (hash %016x)\n", net.Name(), net.Hash())
	}
	if *book != "" {
		f, err := os.Open(*book)
		if err != nil {
			fmt.Fprintf(stderr, "datagen: -book: %v\n", err)
			return 2
		}
		cfg.Book, err = datagen.ReadBook(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "datagen: -book %s: %v\n", *book, err)
			return 2
		}
	}
	// Hours of games go into the file: never write over one.
	f, err := os.OpenFile(*out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		fmt.Fprintf(stderr, "datagen: -out: %v\n", err)
		return 2
	}
	defer f.Close()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := datagen.Run(ctx, cfg, f, func(st datagen.Stats) {
		fmt.Fprintln(stderr, progressLine(st, cfg.Games))
	})
	fmt.Fprintln(stderr, progressLine(st, cfg.Games))
	fmt.Fprintf(stderr, "results (White's view): %d wins, %d draws, %d losses\n",
		st.Results[datagen.WhiteWins], st.Results[datagen.Draw], st.Results[datagen.BlackWins])
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(stderr, "datagen: interrupted; %s holds %d whole games\n", *out, st.Games)
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "datagen: %v\n", err)
		return 1
	}
	return 0
}

// datagenNet is the network of a run: the file's at path, or the embedded
// one when path is empty.
func datagenNet(path string) (*nnue.Network, error) {
	if path == "" {
		return nnue.DefaultNet(), nil
	}
	return nnue.LoadFile(path)
}

// progressLine is one progress report: games, positions, speed, time left.
func progressLine(st datagen.Stats, games int) string {
	secs := st.Elapsed.Seconds()
	rate := 0.0
	if secs > 0 {
		rate = float64(st.Positions) / secs
	}
	left := "?"
	if st.Games > 0 {
		rem := time.Duration(float64(st.Elapsed) * float64(games-st.Games) / float64(st.Games))
		left = rem.Round(time.Second).String()
	}
	perMove := uint64(0)
	if st.Positions > 0 {
		perMove = st.Nodes / uint64(st.Positions)
	}
	return fmt.Sprintf("games %d/%d, positions %d, %.0f positions/s, %d nodes/position, %s left",
		st.Games, games, st.Positions, rate, perMove, left)
}

// convertData writes the data file in as EPD text to the file to.
func convertData(in, to string, stdout, stderr io.Writer) int {
	f, err := os.Open(in)
	if err != nil {
		fmt.Fprintf(stderr, "datagen: -convert: %v\n", err)
		return 2
	}
	defer f.Close()
	r, err := datagen.NewReader(f)
	if err != nil {
		fmt.Fprintf(stderr, "datagen: %s: %v\n", in, err)
		return 2
	}
	w := stdout
	if to != "-" {
		of, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
		if err != nil {
			fmt.Fprintf(stderr, "datagen: -to: %v\n", err)
			return 2
		}
		defer of.Close()
		w = of
	}
	var game []datagen.Record
	games, positions := 0, 0
	for {
		game, err = r.Next(game[:0])
		if err != nil {
			break
		}
		if err := datagen.WriteEPD(w, game); err != nil {
			fmt.Fprintf(stderr, "datagen: -to: %v\n", err)
			return 1
		}
		games++
		positions += len(game)
	}
	fmt.Fprintf(stderr, "%d games, %d positions\n", games, positions)
	switch {
	case err == io.EOF:
		return 0
	case errors.Is(err, datagen.ErrTruncated):
		fmt.Fprintf(stderr, "datagen: %s: %v; the whole games before it were converted\n", in, err)
		return 0
	default:
		fmt.Fprintf(stderr, "datagen: %s: %v\n", in, err)
		return 2
	}
}
