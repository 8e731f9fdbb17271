//go:build !tune

package uci

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// uciOptionLines is the "uci" reply after the id lines, as it was when the
// options became one table (engine/options.go): a change to an option's
// line or to their order fails here.
const uciOptionLines = `option name Hash type spin default 16 min 1 max 65536
option name Threads type spin default 1 min 1 max 256
option name MultiPV type spin default 1 min 1 max 256
option name Ponder type check default false
option name Move Overhead type spin default 30 min 0 max 5000
option name Clear Hash type button
option name UCI_Chess960 type check default false
option name Debug Log File type string default <empty>
option name SyzygyPath type string default <empty>
option name SyzygyProbeDepth type spin default 1 min 1 max 100
option name Syzygy50MoveRule type check default true
option name SyzygyProbeLimit type spin default 7 min 0 max 7
option name UCI_ShowWDL type check default false
option name UCI_AnalyseMode type check default false
option name UCI_LimitStrength type check default false
option name UCI_Elo type spin default 1500 min 1100 max 2800
option name UseNNUE type check default true
option name EvalFile type string default <empty>
uciok`

func TestUCIOptionLines(t *testing.T) {
	c, _ := startLoop(t)
	c.send("uci")
	last, before := c.waitFor("uciok")
	i := slices.IndexFunc(before, func(l string) bool { return !strings.HasPrefix(l, "id ") })
	if i < 0 {
		i = len(before)
	}
	if got := strings.Join(append(before[i:], last), "\n"); got != uciOptionLines {
		t.Errorf("uci reply after the id lines:\n%s\nwant\n%s", got, uciOptionLines)
	}
}

// TestSetOptionReplies sends each setoption with an isready after it and
// checks the info strings before readyok, word for word: the refusal of
// each kind of bad value, and the note of a value taken.
func TestSetOptionReplies(t *testing.T) {
	cpus := runtime.GOMAXPROCS(0)
	tests := []struct {
		line string
		want []string
	}{
		{"setoption name Hash value 0", []string{"info string option Hash: value 0 is outside 1..65536"}},
		{"setoption name Hash value 65537", []string{"info string option Hash: value 65537 is outside 1..65536"}},
		{"setoption name Hash value lots", []string{`info string option Hash: value "lots" is not an integer`}},
		{"setoption name Hash", []string{`info string option Hash: value "" is not an integer`}},
		{"setoption name hash value 2", nil},
		{"setoption name Threads value 0", []string{"info string option Threads: value 0 is outside 1..256"}},
		{"setoption name Threads value 257", []string{"info string option Threads: value 257 is outside 1..256"}},
		{"setoption name Threads value 256", []string{fmt.Sprintf("info string Threads 256: this machine runs %d threads at once, so searches use %d", cpus, cpus)}},
		{"setoption name Threads value 1", nil},
		{"setoption name MultiPV value -1", []string{"info string option MultiPV: value -1 is outside 1..256"}},
		{"setoption name Move Overhead value 5001", []string{"info string option Move Overhead: value 5001 is outside 0..5000"}},
		{"setoption name move overhead value  40 ", nil},
		{"setoption name Ponder value yes", []string{`info string option Ponder: value "yes" is not true or false`}},
		{"setoption name Ponder value TRUE", nil},
		{"setoption name UCI_Chess960 value maybe", []string{`info string option UCI_Chess960: value "maybe" is not true or false`}},
		{"setoption name Clear Hash", nil},
		{"setoption name Clear Hash value whatever", nil},
		{"setoption name Contempt value 10", []string{`info string no such option "Contempt"`}},
		{"setoption name SyzygyPath value ../go.mod", []string{`info string option SyzygyPath: "../go.mod" is not a directory; tablebases unchanged`}},
		{"setoption name SyzygyPath value <empty>", nil},
		{"setoption name SyzygyProbeDepth value 101", []string{"info string option SyzygyProbeDepth: value 101 is outside 1..100"}},
		{"setoption name Syzygy50MoveRule value maybe", []string{`info string option Syzygy50MoveRule: value "maybe" is not true or false`}},
		{"setoption name SyzygyProbeLimit value 8", []string{"info string option SyzygyProbeLimit: value 8 is outside 0..7"}},
		{"setoption name UCI_ShowWDL value 1", []string{`info string option UCI_ShowWDL: value "1" is not true or false`}},
		{"setoption name UCI_AnalyseMode value perhaps", []string{`info string option UCI_AnalyseMode: value "perhaps" is not true or false`}},
		{"setoption name UCI_LimitStrength value x", []string{`info string option UCI_LimitStrength: value "x" is not true or false`}},
		{"setoption name UCI_Elo value 1099", []string{"info string option UCI_Elo: value 1099 is outside 1100..2800"}},
		{"setoption name UCI_Elo value 1500.5", []string{`info string option UCI_Elo: value "1500.5" is not an integer`}},
		{"setoption name UseNNUE value no", []string{`info string option UseNNUE: value "no" is not true or false`}},
		{"setoption name rfpMargin value 100", []string{`info string no such option "rfpMargin"`}},
	}
	c, _ := startLoop(t)
	for _, tc := range tests {
		c.send(tc.line, "isready")
		_, got := c.waitFor("readyok")
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: replies %q, want %q", tc.line, got, tc.want)
		}
	}
}
