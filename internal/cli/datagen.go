package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/internal/datafile"
	"github.com/sightline-chess/sightline/internal/datagen"
)

// Datagen runs "sightline datagen": self-play games written as
// training data, or (-convert) a data file turned into EPD text.
func Datagen(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("datagen", stderr)
	out := fs.String("out", "", "data file to write (must not exist, unless -append)")
	appendOut := fs.Bool("append", false, "add games to -out, creating it if missing (a file cut short is cut back to its last whole game)")
	cfg := &datagen.Config{HashMB: 1}
	fs.IntVar(&cfg.Games, "games", 0, "games to play")
	fs.IntVar(&cfg.Nodes, "nodes", 5000, "soft node limit of each move's search")
	fs.IntVar(&cfg.Depth, "depth", 0, "depth limit of each move's search (0: none)")
	fs.IntVar(&cfg.Threads, "threads", 1, "games played at once")
	fs.IntVar(&cfg.HashMB, "hash", cfg.HashMB, "transposition table of each thread, in MB")
	fs.IntVar(&cfg.RandomPlies, "random-plies", 8, "random plies after the start position or book line")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "random seed")
	book := fs.String("book", "", "EPD/FEN file of start positions (default: the start position)")
	useNet := fs.Bool("nnue", false, "evaluate with the embedded network instead of the hand-written evaluation")
	netFile := fs.String("net", "", "evaluate with this network file (implies -nnue)")
	convert := fs.String("convert", "", "data file to convert (with -to)")
	to := fs.String("to", "", "with -convert: OUT.epd (or - for stdout) for EPD text, OUT.bin for a version-2 data file")
	if status, ok := parseFlags(fs, args, stderr); !ok {
		return status
	}
	if *convert != "" || *to != "" {
		if *convert == "" || *to == "" || *out != "" || *appendOut {
			fmt.Fprintln(stderr, "datagen: -convert FILE -to OUT.epd|OUT.bin, and nothing of a run")
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
			flag := "-net"
			if *netFile == "" {
				flag = "-nnue"
			}
			fmt.Fprintf(stderr, "datagen: %s: %v\n", flag, err)
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
	f, err := openOut(*out, *appendOut, cfg, stderr)
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
		st.Results[datafile.WhiteWins], st.Results[datafile.Draw], st.Results[datafile.BlackWins])
	switch {
	case errors.Is(err, context.Canceled):
		// The file's count, not the run's: with -append it also holds the
		// games of the runs before.
		fmt.Fprintf(stderr, "datagen: interrupted; %s holds %d whole games (%d from this run)\n",
			*out, cfg.Resumed+st.Games, st.Games)
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "datagen: %v\n", err)
		return 1
	}
	return 0
}

// openOut opens the file a run writes. Hours of games go into it, so a new
// run never writes over one; -append adds to it instead, after its last
// whole game. Either way the file stays locked while the run goes on, and
// a second run on it is refused.
func openOut(path string, appendTo bool, cfg *datagen.Config, stderr io.Writer) (*os.File, error) {
	if !appendTo {
		return datafile.Create(path)
	}
	f, games, err := datafile.OpenAppend(path)
	if err != nil {
		return nil, err
	}
	cfg.Append, cfg.Resumed = true, games
	fmt.Fprintf(stderr, "datagen: adding to %s, which holds %d whole games\n", path, games)
	return f, nil
}

// datagenNet is the network of a run: the file's at path, or the embedded
// one when path is empty (nnue.ErrNoEmbeddedNet in a build that has none:
// hours of games are never played with another evaluation than asked for).
func datagenNet(path string) (*nnue.Network, error) {
	if path == "" {
		if n := nnue.DefaultNet(); n != nil {
			return n, nil
		}
		return nil, fmt.Errorf("%w; give -net FILE", nnue.ErrNoEmbeddedNet)
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

// convertData writes the data file in to the file to: EPD text when to is
// "-" or ends in .epd, a data file of the current version when it ends in
// .bin (version 1 converts without loss: a game version 2 could not give
// back is refused). A .bin is never written over.
func convertData(in, to string, stdout, stderr io.Writer) int {
	toData := strings.HasSuffix(to, ".bin")
	if !toData && to != "-" && !strings.HasSuffix(to, ".epd") {
		fmt.Fprintf(stderr, "datagen: -to %s: want OUT.epd, - or OUT.bin\n", to)
		return 2
	}
	f, err := os.Open(in)
	if err != nil {
		fmt.Fprintf(stderr, "datagen: -convert: %v\n", err)
		return 2
	}
	defer f.Close()
	r, err := datafile.NewReader(f)
	if err != nil {
		fmt.Fprintf(stderr, "datagen: %s: %v\n", in, err)
		return 2
	}
	w := stdout
	if to != "-" {
		flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		if toData {
			flags = os.O_WRONLY | os.O_CREATE | os.O_EXCL
		}
		of, err := os.OpenFile(to, flags, 0o644)
		if err != nil {
			fmt.Fprintf(stderr, "datagen: -to: %v\n", err)
			return 2
		}
		defer of.Close()
		w = of
	}
	write := func(game []datafile.Record) error { return datafile.WriteEPD(w, game) }
	flush := func() error { return nil }
	if toData {
		dw, err := datafile.NewWriter(w)
		if err != nil {
			fmt.Fprintf(stderr, "datagen: -to: %v\n", err)
			return 1
		}
		write, flush = dw.WriteGame, dw.Flush
	}
	var game []datafile.Record
	games, positions := 0, 0
	for {
		game, err = r.Next(game[:0])
		if err != nil {
			break
		}
		if err := write(game); err != nil {
			fmt.Fprintf(stderr, "datagen: -to %s: game %d: %v\n", to, games+1, err)
			return 1
		}
		games++
		positions += len(game)
	}
	if err := flush(); err != nil {
		fmt.Fprintf(stderr, "datagen: -to: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "%d games, %d positions\n", games, positions)
	switch {
	case err == io.EOF:
		return 0
	case errors.Is(err, datafile.ErrTruncated):
		fmt.Fprintf(stderr, "datagen: %s: %v; the whole games before it were converted\n", in, err)
		return 0
	default:
		fmt.Fprintf(stderr, "datagen: %s: %v\n", in, err)
		return 2
	}
}
