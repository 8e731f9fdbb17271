package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/sightline-chess/sightline/internal/atomicfile"
)

// stateVersion is the state file's format; a file of another version is
// refused rather than half understood.
const stateVersion = 1

// Limits of a run's settings: beyond them a setting is a typo, not a plan.
const (
	maxIterations = 1_000_000
	maxPairs      = 10_000
	maxNodes      = 100_000_000
	maxHashMB     = 65536
)

// Match is how each iteration's games are played.
type Match struct {
	TC    string `json:"tc,omitempty"`    // fastchess's tc, e.g. "8+0.08"; or
	Nodes int    `json:"nodes,omitempty"` // a node count per move
	Pairs int    `json:"pairs"`           // game pairs per iteration, both colours of one opening
	Book  string `json:"book,omitempty"`  // openings (EPD, or PGN by its .pgn name), in random order
	Hash  int    `json:"hash"`            // MB, each engine
}

// State is a run's definition and how far it got, which is all it needs
// to go on after a kill. It is written after every iteration, to a
// temporary file renamed over the old one, so that a kill mid-write leaves
// the previous state whole; an iteration cut short is played again.
type State struct {
	Version  int      `json:"version"`
	Schedule Schedule `json:"schedule"`
	Match    Match    `json:"match"`
	// Seed decides, with the iteration's number, its perturbation and its
	// openings: a resumed run draws what an uninterrupted one would have.
	Seed   uint64  `json:"seed"`
	Params []Param `json:"params"`
	Done   int     `json:"iterations_done"`
	// The plus side's games over the whole run.
	Wins   int `json:"wins"`
	Losses int `json:"losses"`
	Draws  int `json:"draws"`
}

var tcPattern = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?(\+[0-9]+(\.[0-9]+)?)?$`)

// validate reports the first thing wrong with a state, whether it was read
// from a file or built from flags.
func (s *State) validate() error {
	sc, m := s.Schedule, s.Match
	switch {
	case s.Version != stateVersion:
		return fmt.Errorf("version %d, want %d", s.Version, stateVersion)
	case sc.Iterations < 1 || sc.Iterations > maxIterations:
		return fmt.Errorf("iterations %d: want 1 to %d", sc.Iterations, maxIterations)
	case !(sc.A >= 0 && sc.A <= float64(sc.Iterations)):
		return fmt.Errorf("stability constant A %g: want 0 to the iterations, %d", sc.A, sc.Iterations)
	case !(sc.Alpha > 0 && sc.Alpha <= 1):
		return fmt.Errorf("alpha %g: want more than 0, at most 1", sc.Alpha)
	case !(sc.Gamma > 0 && sc.Gamma <= 1):
		return fmt.Errorf("gamma %g: want more than 0, at most 1", sc.Gamma)
	case (m.TC == "") == (m.Nodes == 0):
		return errors.New("want a time control or a node count per move, one of them")
	case m.TC != "" && !tcPattern.MatchString(m.TC):
		return fmt.Errorf("tc %q: want seconds[+increment], e.g. 8+0.08", m.TC)
	case m.Nodes < 0 || m.Nodes > maxNodes:
		return fmt.Errorf("nodes %d: want 1 to %d", m.Nodes, maxNodes)
	case m.Pairs < 1 || m.Pairs > maxPairs:
		return fmt.Errorf("pairs %d: want 1 to %d", m.Pairs, maxPairs)
	case m.Hash < 1 || m.Hash > maxHashMB:
		return fmt.Errorf("hash %d: want 1 to %d MB", m.Hash, maxHashMB)
	case len(s.Params) == 0:
		return errors.New("no parameters")
	case s.Done < 0 || s.Done > sc.Iterations:
		return fmt.Errorf("iterations done %d: want 0 to %d", s.Done, sc.Iterations)
	case s.Wins < 0 || s.Losses < 0 || s.Draws < 0:
		return errors.New("negative game counts")
	}
	seen := map[string]bool{}
	for _, p := range s.Params {
		if err := p.validate(); err != nil {
			return err
		}
		if !(p.Value >= p.Min && p.Value <= p.Max) {
			return fmt.Errorf("%s: value %g outside %g..%g", p.Name, p.Value, p.Min, p.Max)
		}
		if seen[strings.ToLower(p.Name)] {
			return fmt.Errorf("%s: named twice", p.Name)
		}
		seen[strings.ToLower(p.Name)] = true
	}
	return nil
}

// validate checks a parameter's SPSA line: integers in a range that holds
// the start, a perturbation within the range, a positive learning rate.
func (p Param) validate() error {
	isInt := func(v float64) bool { return v == math.Trunc(v) && math.Abs(v) < 1<<31 }
	switch {
	case p.Name == "" || strings.ContainsAny(p.Name, " \t=,"):
		return fmt.Errorf("parameter name %q: want one word, as the engine's option is named", p.Name)
	case !isInt(p.Start) || !isInt(p.Min) || !isInt(p.Max):
		return fmt.Errorf("%s: start, min and max must be integers", p.Name)
	case !(p.Min < p.Max):
		return fmt.Errorf("%s: range %g..%g is empty", p.Name, p.Min, p.Max)
	case !(p.Start >= p.Min && p.Start <= p.Max):
		return fmt.Errorf("%s: start %g outside %g..%g", p.Name, p.Start, p.Min, p.Max)
	case !(p.CEnd > 0 && p.CEnd <= p.Max-p.Min):
		return fmt.Errorf("%s: c_end %g: want more than 0, at most the range's width", p.Name, p.CEnd)
	case !(p.REnd > 0 && p.REnd < 1):
		return fmt.Errorf("%s: r_end %g: want between 0 and 1", p.Name, p.REnd)
	}
	return nil
}

// parseParams reads OpenBench's SPSA input, one parameter a line:
// "name, int, start, min, max, c_end, r_end". Blank lines and lines
// starting with # are skipped.
func parseParams(text string) ([]Param, error) {
	var ps []Param
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, ",")
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		if len(f) != 7 {
			return nil, fmt.Errorf("line %d %q: want name, int, start, min, max, c_end, r_end", n, line)
		}
		if f[1] != "int" {
			return nil, fmt.Errorf("line %d: type %q: only int parameters (UCI spin options) can be tuned", n, f[1])
		}
		var v [5]float64
		for i := range v {
			x, err := strconv.ParseFloat(f[2+i], 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, fmt.Errorf("line %d: %q is not a number", n, f[2+i])
			}
			v[i] = x
		}
		p := Param{Name: f[0], Start: v[0], Min: v[1], Max: v[2], CEnd: v[3], REnd: v[4], Value: v[0]}
		if err := p.validate(); err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		ps = append(ps, p)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(ps) == 0 {
		return nil, errors.New("no parameters")
	}
	return ps, nil
}

// loadState reads and checks a state file.
func loadState(path string) (*State, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	var s State
	if err := d.Decode(&s); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if err := s.validate(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &s, nil
}

// save writes the state file.
func (s *State) save(path string) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(path, append(b, '\n'))
}

// values returns the current values in OpenBench's form for them, "name,
// value" a line, rounded as the engine takes them: what is committed when
// the run ends, or at any point of it (search/internal/tunegen -apply writes
// them into search/tunables.go).
func (s *State) values() []byte {
	var b bytes.Buffer
	for _, p := range s.Params {
		fmt.Fprintf(&b, "%s, %d\n", p.Name, p.Rounded())
	}
	return b.Bytes()
}
