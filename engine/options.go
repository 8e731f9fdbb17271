package engine

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"
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

// OptionSpec describes one option for the GUI: the "option name ..." line.
type OptionSpec struct {
	Name     string
	Kind     OptionKind
	Default  string
	Min, Max int // Spin only
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

// OptionSpecs lists every option in the order "uci" announces them; the
// tune build adds the search's tunables last (tunables.go).
func OptionSpecs() []OptionSpec {
	return append([]OptionSpec{
		{Name: OptHash, Kind: Spin, Default: strconv.Itoa(DefaultHashMB), Min: MinHashMB, Max: MaxHashMB},
		{Name: OptThreads, Kind: Spin, Default: strconv.Itoa(DefaultThreads), Min: 1, Max: MaxThreads},
		{Name: OptMultiPV, Kind: Spin, Default: strconv.Itoa(DefaultMultiPV), Min: 1, Max: MaxMultiPV},
		{Name: OptPonder, Kind: Check, Default: "false"},
		{Name: OptMoveOverhead, Kind: Spin, Default: strconv.Itoa(DefaultMoveOverheadMS), Min: 0, Max: MaxMoveOverheadMS},
		{Name: OptClearHash, Kind: Button},
		{Name: OptChess960, Kind: Check, Default: "false"},
		{Name: OptDebugLogFile, Kind: String, Default: ""},
		{Name: OptSyzygyPath, Kind: String, Default: ""},
		{Name: OptSyzygyProbeDepth, Kind: Spin, Default: strconv.Itoa(DefaultSyzygyProbeDepth), Min: 1, Max: MaxSyzygyProbeDepth},
		{Name: OptSyzygy50MoveRule, Kind: Check, Default: "true"},
		{Name: OptSyzygyProbeLimit, Kind: Spin, Default: strconv.Itoa(DefaultSyzygyProbeLimit), Min: 0, Max: MaxSyzygyProbeLimit},
		{Name: OptShowWDL, Kind: Check, Default: "false"},
		{Name: OptAnalyseMode, Kind: Check, Default: "false"},
		{Name: OptLimitStrength, Kind: Check, Default: "false"},
		{Name: OptElo, Kind: Spin, Default: strconv.Itoa(DefaultElo), Min: MinElo, Max: MaxElo},
		{Name: OptUseNNUE, Kind: Check, Default: "true"},
		{Name: OptEvalFile, Kind: String, Default: ""},
	}, tunableSpecs()...)
}

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
	return Settings{
		HashMB:       DefaultHashMB,
		Threads:      DefaultThreads,
		MultiPV:      DefaultMultiPV,
		MoveOverhead: DefaultMoveOverheadMS * time.Millisecond,

		SyzygyProbeDepth: DefaultSyzygyProbeDepth,
		Syzygy50MoveRule: true,
		SyzygyProbeLimit: DefaultSyzygyProbeLimit,
		Elo:              DefaultElo,
		UseNNUE:          true,
	}
}

// lookupOption returns the spec whose name equals name, ignoring case.
func lookupOption(name string) (OptionSpec, bool) {
	for _, o := range OptionSpecs() {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return OptionSpec{}, false
}

// parseSpin reads a spin value and checks it against the option's range.
func (o OptionSpec) parseSpin(value string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(value))
	if err != nil {
		return 0, fmt.Errorf("option %s: value %q is not an integer", o.Name, value)
	}
	if n < o.Min || n > o.Max {
		return 0, fmt.Errorf("option %s: value %d is outside %d..%d", o.Name, n, o.Min, o.Max)
	}
	return n, nil
}

// parseCheck reads a check value: true or false, in any case.
func (o OptionSpec) parseCheck(value string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(value)) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf("option %s: value %q is not true or false", o.Name, value)
}
