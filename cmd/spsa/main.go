// Command spsa tunes the search's tunables (search/tunables.go) by SPSA on
// this machine: each iteration perturbs every parameter up or down at
// random, plays game pairs with fastchess between the plus and the minus
// side, and moves the values towards the side that scored more, with
// OpenBench's schedule (a and c from each parameter's c_end and r_end,
// alpha 0.602, gamma 0.101, A a tenth of the iterations).
//
//	go build -tags tune -o sightline-tune . &&
//	go run ./cmd/spsa -engine ./sightline-tune -iterations 2000 -pairs 8 \
//	    -tc 8+0.08 -book ../shared/data/openings/noob_3moves.epd \
//	    -only rfpMargin,futilityBase,lmrBase100 -state spsa.json -values spsa-values.txt
//
// The state file holds the run's settings and progress and is rewritten
// after every iteration: -engine and -state (with -values, -fastchess,
// -concurrency and -log as before) resume a killed run where it stopped;
// a run-defining flag is then refused, since the state file defines the
// run. The values file holds the current values as "name, value" lines,
// to commit at any point, so that a run spread over several sessions
// loses nothing; `make spsa-apply VALUES=FILE` (search/internal/tunegen
// -apply) writes them into search/tunables.go when the run ends.
//
// Exit status: 0 the run finished, 1 it stopped (a kill, fastchess failed),
// 2 bad settings, engine, fastchess or state file, with a message.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/sightline-chess/sightline/internal/atomicfile"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// config is the command line.
type config struct {
	engine, fastchess, statePath, valuesPath, logPath string
	paramsPath, only                                  string
	concurrency                                       int
	st                                                State
	aRatio                                            float64
}

// runFlags are the flags that define a run; a resumed run takes them from
// its state file, and refuses them on the command line.
var runFlags = []string{"params", "only", "iterations", "pairs", "tc", "nodes", "book", "hash", "seed", "a-ratio", "alpha", "gamma"}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "spsa: "+format+"\n", a...)
		return 2
	}
	var c config
	fs := flag.NewFlagSet("spsa", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.engine, "engine", "", "the engine, a tune build (go build -tags tune); required")
	fs.StringVar(&c.fastchess, "fastchess", "fastchess", "the fastchess binary")
	fs.StringVar(&c.statePath, "state", "spsa-state.json", "the run's state: resumed when it exists")
	fs.StringVar(&c.valuesPath, "values", "spsa-values.txt", "the current values, \"name, value\" a line")
	fs.StringVar(&c.logPath, "log", "", "append fastchess's output to this file")
	fs.IntVar(&c.concurrency, "concurrency", 2, "games played at once")
	fs.StringVar(&c.paramsPath, "params", "", "OpenBench SPSA input to tune (default: the engine's spsa-params)")
	fs.StringVar(&c.only, "only", "", "tune only these parameters, comma-separated")
	fs.IntVar(&c.st.Schedule.Iterations, "iterations", 1000, "iterations (each -pairs game pairs)")
	fs.IntVar(&c.st.Match.Pairs, "pairs", 8, "game pairs per iteration")
	fs.StringVar(&c.st.Match.TC, "tc", "8+0.08", "time control, seconds[+increment]")
	fs.IntVar(&c.st.Match.Nodes, "nodes", 0, "play at this many nodes per move instead of -tc")
	fs.StringVar(&c.st.Match.Book, "book", "", "openings, an EPD file, played in random order")
	fs.IntVar(&c.st.Match.Hash, "hash", 16, "hash table of each engine, MB")
	fs.Uint64Var(&c.st.Seed, "seed", 0, "random seed (0: from the clock)")
	fs.Float64Var(&c.aRatio, "a-ratio", 0.1, "A as a fraction of the iterations")
	fs.Float64Var(&c.st.Schedule.Alpha, "alpha", 0.602, "the step's decay exponent")
	fs.Float64Var(&c.st.Schedule.Gamma, "gamma", 0.101, "the perturbation's decay exponent")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })

	if err := checkEngine(c.engine); err != nil {
		return fail("%v", err)
	}
	if c.concurrency < 1 || c.concurrency > 256 {
		return fail("-concurrency %d: want 1 to 256", c.concurrency)
	}
	fastchess, err := exec.LookPath(c.fastchess)
	if err != nil {
		return fail("fastchess: %v (build it outside the checkout and pass -fastchess PATH)", err)
	}

	st, err := c.state(set)
	if err != nil {
		return fail("%v", err)
	}
	if err := checkOptions(ctx, c.engine, st.Params); err != nil {
		return fail("%v", err)
	}
	var log *os.File
	if c.logPath != "" {
		if log, err = os.OpenFile(c.logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err != nil {
			return fail("%v", err)
		}
		defer log.Close()
	}
	if err := loop(ctx, st, c.statePath, c.valuesPath, fastchessPlayer(fastchess, c.engine, c.concurrency, log), stdout); err != nil {
		if errors.Is(err, context.Canceled) {
			err = errors.New("interrupted")
		}
		fmt.Fprintf(stderr, "spsa: stopped after iteration %d of %d: %v; -engine and -state (no run-defining flag) resume it\n", st.Done, st.Schedule.Iterations, err)
		return 1
	}
	return 0
}

// state returns the run to play: the state file's when it exists (and then
// no run-defining flag may be given), else a new one from the flags.
func (c *config) state(set map[string]bool) (*State, error) {
	if _, err := os.Stat(c.statePath); err == nil {
		for _, f := range runFlags {
			if set[f] {
				return nil, fmt.Errorf("-%s: %s exists and defines the run; drop the flag to resume, or choose another -state", f, c.statePath)
			}
		}
		return loadState(c.statePath)
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	st := c.st
	st.Version = stateVersion
	if set["nodes"] && !set["tc"] {
		st.Match.TC = ""
	}
	if st.Match.Book != "" {
		if _, err := os.Stat(st.Match.Book); err != nil {
			return nil, fmt.Errorf("-book: %v", err)
		}
	}
	if !(c.aRatio >= 0 && c.aRatio <= 1) {
		return nil, fmt.Errorf("-a-ratio %g: want 0 to 1", c.aRatio)
	}
	st.Schedule.A = c.aRatio * float64(st.Schedule.Iterations)
	if st.Seed == 0 {
		st.Seed = uint64(time.Now().UnixNano())
	}
	text, err := c.paramsText()
	if err != nil {
		return nil, err
	}
	if st.Params, err = parseParams(text); err != nil {
		return nil, fmt.Errorf("parameters: %v", err)
	}
	if st.Params, err = selectParams(st.Params, c.only); err != nil {
		return nil, err
	}
	if err := st.validate(); err != nil {
		return nil, err
	}
	return &st, nil
}

// paramsText is the SPSA input: -params's file, or what the engine prints.
func (c *config) paramsText() (string, error) {
	if c.paramsPath != "" {
		b, err := os.ReadFile(c.paramsPath)
		return string(b), err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, c.engine, "spsa-params").Output()
	if err != nil {
		return "", fmt.Errorf("%s spsa-params: %v", c.engine, err)
	}
	return string(out), nil
}

// selectParams keeps the parameters named in only (all when it is empty).
func selectParams(ps []Param, only string) ([]Param, error) {
	if only == "" {
		return ps, nil
	}
	var out []Param
	for _, name := range strings.Split(only, ",") {
		name = strings.TrimSpace(name)
		found := false
		for _, p := range ps {
			if strings.EqualFold(p.Name, name) {
				out, found = append(out, p), true
			}
		}
		if !found {
			return nil, fmt.Errorf("-only: no parameter %q", name)
		}
	}
	return out, nil
}

// checkEngine refuses an engine path that is not an executable file.
func checkEngine(path string) error {
	if path == "" {
		return errors.New("-engine: required (a tune build: go build -tags tune -o sightline-tune .)")
	}
	fi, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("-engine: %v", err)
	}
	if !fi.Mode().IsRegular() || fi.Mode().Perm()&0o111 == 0 {
		return fmt.Errorf("-engine %s: not an executable file", path)
	}
	return nil
}

// checkOptions asks the engine for its options ("uci") and refuses it when
// one of the parameters is not among them: a normal build, which has its
// tunables as constants, would play every game with the defaults and the
// run would tune nothing.
func checkOptions(ctx context.Context, engine string, ps []Param) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, engine)
	cmd.Stdin = strings.NewReader("uci\nquit\n")
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("-engine %s: uci: %v", engine, err)
	}
	have := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) >= 5 && f[0] == "option" && f[1] == "name" && f[3] == "type" && f[4] == "spin" {
			have[strings.ToLower(f[2])] = true
		}
	}
	for _, p := range ps {
		if !have[strings.ToLower(p.Name)] {
			return fmt.Errorf("-engine %s has no spin option %s: is it a tune build (go build -tags tune)?", engine, p.Name)
		}
	}
	return nil
}

// loop plays the remaining iterations, saving the state and the values
// after each.
func loop(ctx context.Context, st *State, statePath, valuesPath string, play playFunc, stdout io.Writer) error {
	if err := st.save(statePath); err != nil {
		return err
	}
	if err := atomicfile.Write(valuesPath, st.values()); err != nil {
		return err
	}
	for st.Done < st.Schedule.Iterations {
		k := st.Done + 1
		pt := st.Schedule.Perturb(st.Params, k, rand.New(rand.NewPCG(st.Seed, uint64(k))))
		w, l, d, err := play(ctx, st, pt, k)
		if err != nil {
			return err
		}
		Update(st.Params, pt, w, l)
		st.Done, st.Wins, st.Losses, st.Draws = k, st.Wins+w, st.Losses+l, st.Draws+d
		if err := st.save(statePath); err != nil {
			return err
		}
		if err := atomicfile.Write(valuesPath, st.values()); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "iteration %d/%d: plus %d-%d-%d (run %d-%d-%d)\n",
			k, st.Schedule.Iterations, w, l, d, st.Wins, st.Losses, st.Draws)
	}
	return nil
}
