package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// fastchessArgs returns the command line of iteration k: Pairs game pairs
// between the plus and the minus side (both colours of each opening), plus
// named first so that fastchess's result line counts its wins.
// fastchess writes its settings at the end to configOut, which the caller
// removes (by default it would leave config.json in the working directory).
func fastchessArgs(s *State, engine string, pt Perturbation, k, concurrency int, configOut string) []string {
	side := func(name string, vals []float64) []string {
		a := []string{"-engine", "cmd=" + engine, "name=" + name}
		for i, p := range s.Params {
			a = append(a, fmt.Sprintf("option.%s=%d", p.Name, int(vals[i])))
		}
		return a
	}
	args := append(side("plus", pt.Plus), side("minus", pt.Minus)...)
	each := []string{"proto=uci", "tc=" + s.Match.TC}
	if s.Match.Nodes > 0 {
		each = []string{"proto=uci", "tc=inf", "nodes=" + strconv.Itoa(s.Match.Nodes)}
	}
	each = append(each, "option.Hash="+strconv.Itoa(s.Match.Hash), "option.Threads=1")
	args = append(args, matchArgs(2*s.Match.Pairs, concurrency, s.Match.Book, each...)...)
	return append(args,
		"-srand", strconv.FormatUint(iterationSeed(s.Seed, k), 10),
		"-autosaveinterval", "0", "-config", "outname="+configOut,
		// Lopsided and dead games end early: they say little about the
		// difference between the sides, and time is what SPSA lacks.
		"-resign", "movecount=3", "score=1000", "twosided=true",
		"-draw", "movenumber=40", "movecount=8", "score=10",
	)
}

// matchArgs returns the flags every match of this repository gives its
// runner: -each and each (what both engines get), the book's openings in
// random order (EPD, or PGN by the name's .pgn; none without a book), and
// games games as pairs, each opening once with each colour, concurrency at
// once. It is tools/match-args.sh's match_args in Go, which the scripts
// (tools/sprt.sh and the others) use; TestMatchArgsAsScripts holds the
// two to the same output. cmd/spsa builds its command in Go rather than
// through the script because it runs fastchess once an iteration with new
// options and seed, and its tests drive it without a shell.
func matchArgs(games, concurrency int, book string, each ...string) []string {
	args := append([]string{"-each"}, each...)
	if book != "" {
		format := "epd"
		if strings.HasSuffix(book, ".pgn") {
			format = "pgn"
		}
		args = append(args, "-openings", "file="+book, "format="+format, "order=random")
	}
	return append(args, "-repeat", "-games", "2", "-rounds", strconv.Itoa((games+1)/2),
		"-concurrency", strconv.Itoa(concurrency))
}

// iterationSeed mixes the run's seed with the iteration's number.
func iterationSeed(seed uint64, k int) uint64 {
	x := seed ^ uint64(k)*0x9e3779b97f4a7c15
	x ^= x >> 31
	x *= 0xbf58476d1ce4e5b9
	return (x ^ x>>29) & (1<<31 - 1) // fastchess reads it as a 32-bit seed
}

// parseResult returns the plus side's wins, losses and draws from
// fastchess's output: the last "Games: N, Wins: W, Losses: L, Draws: D"
// line after "Results of plus vs minus".
func parseResult(out string) (w, l, d int, err error) {
	found, ours := false, false
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "Results of ") {
			ours = strings.HasPrefix(line, "Results of plus vs minus")
			continue
		}
		var n int
		if _, e := fmt.Sscanf(line, "Games: %d, Wins: %d, Losses: %d, Draws: %d", &n, &w, &l, &d); e == nil && ours {
			if n != w+l+d {
				return 0, 0, 0, fmt.Errorf("fastchess counted %d games but %d-%d-%d", n, w, l, d)
			}
			found = true
		}
	}
	if !found {
		return 0, 0, 0, fmt.Errorf("no result line for plus vs minus in fastchess's output")
	}
	return w, l, d, nil
}

// playFunc plays iteration k's games and returns the plus side's wins,
// losses and draws; the tests stand in for fastchess with one.
type playFunc func(ctx context.Context, s *State, pt Perturbation, k int) (w, l, d int, err error)

// fastchessPlayer returns the playFunc that runs fastchess.
func fastchessPlayer(fastchess, engine string, concurrency int, log *os.File) playFunc {
	return func(ctx context.Context, s *State, pt Perturbation, k int) (int, int, int, error) {
		configOut := filepath.Join(os.TempDir(), fmt.Sprintf("spsa-fastchess-%d.json", os.Getpid()))
		defer os.Remove(configOut)
		cmd := exec.CommandContext(ctx, fastchess, fastchessArgs(s, engine, pt, k, concurrency, configOut)...)
		// On a kill of the driver fastchess is asked to stop, which ends
		// its engines too; it is killed only if it does not.
		cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
		cmd.WaitDelay = 10 * time.Second
		out, err := cmd.CombinedOutput()
		if log != nil {
			log.Write(out)
		}
		if ctx.Err() != nil {
			return 0, 0, 0, ctx.Err()
		}
		if err != nil {
			return 0, 0, 0, fmt.Errorf("fastchess: %v; its output's end:\n%s", err, tail(string(out), 1500))
		}
		w, l, d, err := parseResult(string(out))
		if err == nil && w+l+d != 2*s.Match.Pairs {
			err = fmt.Errorf("fastchess played %d games, want %d", w+l+d, 2*s.Match.Pairs)
		}
		return w, l, d, err
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}
