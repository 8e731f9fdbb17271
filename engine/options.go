package engine

import (
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sightline-chess/sightline/eval/nnue"
)

// Option limits and defaults, as announced to the GUI after "uci".
const (
	DefaultHashMB = 16
	MinHashMB     = 1
	MaxHashMB     = 65536

	DefaultThreads = 1
	MaxThreads     = 256

	DefaultMultiPV = 1
	MaxMultiPV     = 256

	// DefaultMoveOverheadMS covers the GUI's and the operating system's
	// latency between our bestmove and the clock stopping; 30 ms is enough for
	// local play and cutechess-cli, and costs little at 10+0.1.
	DefaultMoveOverheadMS = 30
	MaxMoveOverheadMS     = 5000

	// Syzygy tablebases. A probe costs a file read where the operating
	// system has not cached the page, so by default the largest tables are
	// probed only from depth 1 (every depth), as Stockfish does; the limit
	// counts pieces, kings included, 7 being the largest tables made.
	DefaultSyzygyProbeDepth = 1
	MaxSyzygyProbeDepth     = 100
	DefaultSyzygyProbeLimit = 7
	MaxSyzygyProbeLimit     = 7
)

// SearchThreads returns how many threads a search runs when the Threads
// option is n: n, but no more than the CPUs the Go runtime uses (GOMAXPROCS,
// which follows the machine's CPUs and a container's CPU quota). Threads
// beyond that cannot search faster, and they take turns with the main
// thread, the only one that watches the clock, so that a timed search
// overruns its limit, by far more than the limit itself with hundreds of
// threads on a few CPUs.
func SearchThreads(n int) int { return max(1, min(n, runtime.GOMAXPROCS(0))) }

// OptionKind is the UCI type of an option.
type OptionKind uint8

// The UCI option types Sightline uses.
const (
	Spin OptionKind = iota
	Check
	Button
	String
)

// String returns the type's name in the "option" line: spin, check, ...
func (k OptionKind) String() string {
	return [...]string{"spin", "check", "button", "string"}[k]
}

// OptionSpec is one option: what the GUI is told of it after "uci" (name,
// type, default, range: its "option name ..." line) and what a setoption of
// it does. Its value is read as its kind reads values (parse), handed to
// load if it has one, then, while the engine's lock is held, refused if idle
// is set and a job runs, handed to apply, and, if apply took it, recorded by
// set. A refusal at any step changes nothing.
type OptionSpec struct {
	Name     string
	Kind     OptionKind
	Default  string
	Min, Max int // Spin only

	// idle refuses the option while a job runs, whose threads read what it
	// changes (the hash table, the tablebases, the tunables) without a lock.
	idle bool
	// load does the slow part of the setting, reading a file, before the
	// engine's lock is taken, so that a slow or stuck read holds up no
	// other method (a search reporting its move takes the lock); what it
	// read, or why it could not, goes to apply in the value. nil: nothing
	// to read.
	load func(v *optionValue)
	// apply makes the value act beyond the Settings, as resizing the hash
	// table does, or returns the error that refuses it; its note, if any,
	// tells the user what to know of a value that is taken. nil: nothing
	// to do.
	apply func(e *Engine, v optionValue) (note string, err error)
	// set records the value in the Settings (nil: nothing to record).
	// DefaultSettings is every set given its option's default.
	set func(s *Settings, v optionValue)
}

// UCI returns the option's announcement line, e.g.
// "option name Hash type spin default 16 min 1 max 65536".
func (o OptionSpec) UCI() string {
	s := "option name " + o.Name + " type " + o.Kind.String()
	switch o.Kind {
	case Spin:
		s += fmt.Sprintf(" default %s min %d max %d", o.Default, o.Min, o.Max)
	case Check:
		s += " default " + o.Default
	case String:
		d := o.Default
		if d == "" {
			d = "<empty>"
		}
		s += " default " + d
	}
	return s
}

// Option names, spelt as the GUI sees them (matched without regard to case).
const (
	OptHash         = "Hash"
	OptThreads      = "Threads"
	OptMultiPV      = "MultiPV"
	OptPonder       = "Ponder"
	OptMoveOverhead = "Move Overhead"
	OptClearHash    = "Clear Hash"
	OptChess960     = "UCI_Chess960"
	OptDebugLogFile = "Debug Log File"

	OptSyzygyPath       = "SyzygyPath"
	OptSyzygyProbeDepth = "SyzygyProbeDepth"
	OptSyzygy50MoveRule = "Syzygy50MoveRule"
	OptSyzygyProbeLimit = "SyzygyProbeLimit"
	OptShowWDL          = "UCI_ShowWDL"
	OptAnalyseMode      = "UCI_AnalyseMode"
	OptLimitStrength    = "UCI_LimitStrength"
	OptElo              = "UCI_Elo"
	OptUseNNUE          = "UseNNUE"
	OptEvalFile         = "EvalFile"
)

// options is every option, one row each, in the order "uci" announces
// them; the tune build adds the search's tunables last (tunables.go).
var options = append([]OptionSpec{
	{Name: OptHash, Kind: Spin, Default: strconv.Itoa(DefaultHashMB), Min: MinHashMB, Max: MaxHashMB, idle: true,
		apply: func(e *Engine, v optionValue) (string, error) { return "", e.resizeHashLocked(v.num) },
		set:   func(s *Settings, v optionValue) { s.HashMB = v.num }},
	{Name: OptThreads, Kind: Spin, Default: strconv.Itoa(DefaultThreads), Min: 1, Max: MaxThreads,
		apply: threadsNote,
		set:   func(s *Settings, v optionValue) { s.Threads = v.num }},
	{Name: OptMultiPV, Kind: Spin, Default: strconv.Itoa(DefaultMultiPV), Min: 1, Max: MaxMultiPV,
		set: func(s *Settings, v optionValue) { s.MultiPV = v.num }},
	{Name: OptPonder, Kind: Check, Default: "false",
		set: func(s *Settings, v optionValue) { s.Ponder = v.on }},
	{Name: OptMoveOverhead, Kind: Spin, Default: strconv.Itoa(DefaultMoveOverheadMS), Min: 0, Max: MaxMoveOverheadMS,
		set: func(s *Settings, v optionValue) { s.MoveOverhead = time.Duration(v.num) * time.Millisecond }},
	{Name: OptClearHash, Kind: Button, idle: true,
		apply: func(e *Engine, _ optionValue) (string, error) { e.searcher.Clear(); return "", nil }},
	{Name: OptChess960, Kind: Check, Default: "false",
		set: func(s *Settings, v optionValue) { s.Chess960 = v.on }},
	{Name: OptDebugLogFile, Kind: String, Default: "",
		apply: func(e *Engine, v optionValue) (string, error) { return "", e.debug.open(v.text) },
		set:   func(s *Settings, v optionValue) { s.DebugLogFile = v.text }},
	{Name: OptSyzygyPath, Kind: String, Default: "", idle: true,
		apply: func(e *Engine, v optionValue) (string, error) { return "", e.setSyzygyPathLocked(v.text) },
		set:   func(s *Settings, v optionValue) { s.SyzygyPath = v.text }},
	{Name: OptSyzygyProbeDepth, Kind: Spin, Default: strconv.Itoa(DefaultSyzygyProbeDepth), Min: 1, Max: MaxSyzygyProbeDepth,
		set: func(s *Settings, v optionValue) { s.SyzygyProbeDepth = v.num }},
	{Name: OptSyzygy50MoveRule, Kind: Check, Default: "true",
		set: func(s *Settings, v optionValue) { s.Syzygy50MoveRule = v.on }},
	{Name: OptSyzygyProbeLimit, Kind: Spin, Default: strconv.Itoa(DefaultSyzygyProbeLimit), Min: 0, Max: MaxSyzygyProbeLimit,
		set: func(s *Settings, v optionValue) { s.SyzygyProbeLimit = v.num }},
	{Name: OptShowWDL, Kind: Check, Default: "false",
		set: func(s *Settings, v optionValue) { s.ShowWDL = v.on }},
	{Name: OptAnalyseMode, Kind: Check, Default: "false",
		set: func(s *Settings, v optionValue) { s.AnalyseMode = v.on }},
	{Name: OptLimitStrength, Kind: Check, Default: "false",
		set: func(s *Settings, v optionValue) { s.LimitStrength = v.on }},
	{Name: OptElo, Kind: Spin, Default: strconv.Itoa(DefaultElo), Min: MinElo, Max: MaxElo,
		set: func(s *Settings, v optionValue) { s.Elo = v.num }},
	{Name: OptUseNNUE, Kind: Check, Default: "true",
		set: func(s *Settings, v optionValue) { s.UseNNUE = v.on }},
	// The net's description in the note names the file, so the EvalFile
	// setting is recorded with the net, by apply.
	{Name: OptEvalFile, Kind: String, Default: "",
		load:  loadEvalFile,
		apply: func(e *Engine, v optionValue) (string, error) { return e.setEvalFileLocked(v) }},
}, tunableOptions()...)

// OptionSpecs lists every option in the order "uci" announces them.
func OptionSpecs() []OptionSpec { return slices.Clone(options) }

// Settings are the current values of the options.
type Settings struct {
	HashMB       int
	Threads      int
	MultiPV      int
	Ponder       bool // only tells us the GUI may send "go ponder"
	MoveOverhead time.Duration
	Chess960     bool
	DebugLogFile string

	// SyzygyPath is the tablebase directories as given (empty: none);
	// the others say how the search uses them (search.Options).
	SyzygyPath       string
	SyzygyProbeDepth int
	Syzygy50MoveRule bool
	SyzygyProbeLimit int

	// ShowWDL adds the score's win/draw/loss chances to info lines
	// (eval.ScoreWDL, a model fitted to our own self-play games).
	ShowWDL bool

	// AnalyseMode is UCI_AnalyseMode, which GUIs set on for analysis. It
	// changes nothing: the search is the same in analysis and in games
	// (no contempt, no opening book to turn off), so a GUI's analysis
	// shows what the engine would play.
	AnalyseMode bool

	// LimitStrength makes the engine play at about the rating Elo
	// (strength.go): fewer nodes and a random error.
	LimitStrength bool
	Elo           int

	// UseNNUE makes the search evaluate with the network (network.go)
	// instead of the hand-written evaluation, as it does by default;
	// EvalFile is the net file loaded in place of the embedded net (empty:
	// the embedded one).
	UseNNUE  bool
	EvalFile string
}

// DefaultSettings returns every option at its default.
func DefaultSettings() Settings {
	var s Settings
	for i := range options {
		o := &options[i]
		if o.set == nil {
			continue
		}
		v, err := o.parse(o.Default)
		if err != nil {
			panic(err) // a row's default it cannot read: a programmer's slip
		}
		o.set(&s, v)
	}
	return s
}

// lookupOption returns the option whose name equals name, ignoring case.
func lookupOption(name string) (*OptionSpec, bool) {
	for i := range options {
		if strings.EqualFold(options[i].Name, name) {
			return &options[i], true
		}
	}
	return nil, false
}

// optionValue is a setoption value read for its option's kind.
type optionValue struct {
	num  int    // Spin: within the option's range
	on   bool   // Check
	text string // String: without the spaces around it

	// What the option's load read: the EvalFile net, or the error that
	// refuses it.
	net     *nnue.Network
	loadErr error
}

// parse reads value as the option's kind reads values: a spin an integer
// within its range, a check true or false in any case, a string its text
// without the spaces around it. A button reads none: whatever was sent with
// it is ignored.
func (o *OptionSpec) parse(value string) (optionValue, error) {
	switch o.Kind {
	case Spin:
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil {
			return optionValue{}, fmt.Errorf("option %s: value %q is not an integer", o.Name, value)
		}
		if n < o.Min || n > o.Max {
			return optionValue{}, fmt.Errorf("option %s: value %d is outside %d..%d", o.Name, n, o.Min, o.Max)
		}
		return optionValue{num: n}, nil
	case Check:
		switch strings.ToLower(strings.TrimSpace(value)) {
		case "true":
			return optionValue{on: true}, nil
		case "false":
			return optionValue{on: false}, nil
		}
		return optionValue{}, fmt.Errorf("option %s: value %q is not true or false", o.Name, value)
	case String:
		return optionValue{text: strings.TrimSpace(value)}, nil
	}
	return optionValue{}, nil
}

// threadsNote is the Threads option's apply: the value is taken, with a
// note when the machine runs fewer threads at once (see SearchThreads).
func threadsNote(_ *Engine, v optionValue) (string, error) {
	if n := SearchThreads(v.num); n < v.num {
		return fmt.Sprintf("Threads %d: this machine runs %d threads at once, so searches use %d", v.num, n, n), nil
	}
	return "", nil
}
