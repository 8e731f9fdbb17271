package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMatchScriptsDryRun runs each match script with --dry-run against
// stand-in engines, fastchess and cutechess-cli, and checks the command
// lines it prints against testdata/match-commands.txt: the lines the
// scripts ran before they shared tools/match-args.sh, so that a change to
// how any of them builds its command shows here.
func TestMatchScriptsDryRun(t *testing.T) {
	bash, root, dir := scriptEnv(t, "realpath", "grep", "sed")
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	// Anything the scripts would start; with --dry-run none is.
	for _, name := range []string{"new", "base", "opp", "fastchess", "cutechess-cli"} {
		if err := os.WriteFile(filepath.Join(bin, name), []byte("#!/bin/sh\necho ran >&2\nexit 1\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// The anchors, where gauntlet.sh looks for them under --anchors.
	anchors := filepath.Join(dir, "anchors")
	for _, name := range []string{"ethereal/src/Ethereal-12-pext", "counter/counter-5.5", "zahak/bin/zahak"} {
		path := filepath.Join(anchors, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("#!/bin/sh\necho ran >&2\nexit 1\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	fen := []byte("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n")
	for _, book := range []string{"book.epd", "book.pgn"} {
		if err := os.WriteFile(filepath.Join(dir, book), fen, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b := func(name string) string { return filepath.Join(bin, name) }
	p := func(name string) string { return filepath.Join(dir, name) }
	fc, cc := b("fastchess"), b("cutechess-cli")
	cases := [][]string{
		{"sprt.sh", "--fastchess", fc, "--book", p("book.epd"), "--out", p("out/sprt"), "--nonreg", "--nodes", "5000", "--fixed",
			"--games", "11", "--concurrency", "3", "--new-option", "A=1", "--base-option", "B=2", b("new"), b("base")},
		{"sprt.sh", "--fastchess", fc, "--book", p("book.pgn"), "--out", p("out/sprt2"), b("new"), b("base")},
		{"gauntlet.sh", "--fastchess", fc, "--book", p("book.epd"), "--out", p("out/gauntlet"), "--games", "7", "--tc", "1+0.01",
			"--option", "UseNNUE=false", b("new"), "x=" + b("opp")},
		{"gauntlet.sh", "--fastchess", fc, "--book", p("book.pgn"), "--out", p("out/anchors"), "--anchors", anchors, "--games", "2",
			"--tc", "10+0.1", b("new"), "ethereal12", "counter55", "zahak"},
		{"soak.sh", "--fastchess", fc, "--cutechess", cc, "--book", p("book.epd"), "--out", p("out/soak"), "--games", "3",
			"--concurrency", "2", "--nodes", "1000", "--only", "bullet-1,threads-4v2,elo-1600,syzygy,hash,ponder", b("new")},
		{"calibrate.sh", "--fastchess", fc, "--cutechess", cc, "--book", p("book.epd"), "--out", p("out/calibrate"), "--games", "5",
			"--tc", "2+0.02", b("new"), "1600:sf1600", "n65536:gnuchess"},
		{"calibrate.sh", "--fastchess", fc, "--cutechess", cc, "--book", p("book.epd"), "--out", p("out/calibrate2"), "--games", "5",
			"--tc", "2+0.02", b("new"), "1600:sf1600", "1900:phalanx"},
	}
	var got []string
	for _, c := range cases {
		cmd := exec.Command(bash, append([]string{filepath.Join(root, "tools", c[0]), "--dry-run"}, c[1:]...)...)
		cmd.Dir = dir
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("tools/%s --dry-run: %v\n%s", c[0], err, stderr.String())
		}
		if strings.Contains(stderr.String(), "ran") {
			t.Errorf("tools/%s --dry-run started a program: %s", c[0], stderr.String())
		}
		sc := bufio.NewScanner(strings.NewReader(string(out)))
		for sc.Scan() {
			if line := sc.Text(); strings.HasPrefix(line, bin+"/") {
				line = strings.ReplaceAll(line, dir, "$T")
				got = append(got, strings.ReplaceAll(line, root, "$ROOT"))
			}
		}
	}
	data, err := os.ReadFile(filepath.Join("testdata", "match-commands.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.HasPrefix(line, "#") {
			want = append(want, line)
		}
	}
	if len(got) != len(want) {
		t.Errorf("the scripts printed %d command lines, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := 0; i < len(got) && i < len(want); i++ {
		if got[i] != want[i] {
			t.Errorf("command %d:\n got %s\nwant %s", i+1, got[i], want[i])
		}
	}
}

// TestGauntletNamesTheBuild checks that tools/gauntlet.sh refuses what
// would leave a result's build unknown: an anchor that is not built (it
// says how to build it) and a plain "ethereal", which could be Debian's
// package or the native build, about 40% faster.
func TestGauntletNamesTheBuild(t *testing.T) {
	bash, root, empty := scriptEnv(t, "realpath")
	cases := []struct{ opponent, want string }{
		{"ethereal12", "make -C src pext"},
		{"counter55", "git checkout a46cf2d && go build -tags avx,embed"},
		{"zahak", "git checkout 72ff806 && make build"},
		{"ethereal", "ethereal12 (the native build) or ethereal-debian"},
		{"ethereal=/bin/true", "ethereal12 (the native build) or ethereal-debian"},
	}
	for _, c := range cases {
		cmd := exec.Command(bash, filepath.Join(root, "tools", "gauntlet.sh"), "--dry-run", "--anchors", empty, "/bin/true", c.opponent)
		cmd.Dir = empty
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 2 {
			t.Errorf("gauntlet.sh %s: %v, want exit status 2", c.opponent, err)
		}
		if !strings.Contains(stderr.String(), c.want) {
			t.Errorf("gauntlet.sh %s said %q, want it to name %q", c.opponent, stderr.String(), c.want)
		}
	}
}

// TestScriptsCheckOptions checks that tools/sprt.sh and tools/gauntlet.sh
// set each Sightline side's options in its engine before the match and
// play none when the engine refuses one: a refused EvalFile keeps the
// embedded net, and a match of that build against itself would be read as
// the new net's result.
func TestScriptsCheckOptions(t *testing.T) {
	bash, root, dir := scriptEnv(t, "realpath", "grep")
	write := func(name, script string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		return path
	}
	// A stand-in engine: refuses EvalFile=bad as Sightline does, takes
	// anything else in silence.
	engine := write("engine", `#!/bin/sh
while read -r line; do
  case "$line" in
    "setoption name EvalFile value bad") echo "info string option EvalFile: bad: no such file; keeping net x" ;;
    "setoption name Nope "*) echo 'info string no such option "Nope"' ;;
    isready) echo readyok ;;
    quit) exit 0 ;;
  esac
done
`)
	// gauntlet.sh shows only fastchess's result lines, "Games: ..." among them.
	fastchess := write("fastchess", "#!/bin/sh\necho Games: fastchess ran\n")
	book := filepath.Join(dir, "book.epd")
	if err := os.WriteFile(book, []byte("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		script  string
		option  []string
		refused string // what the script must repeat, "" when it plays
	}{
		{"sprt.sh", []string{"--new-option", "EvalFile=good"}, ""},
		{"sprt.sh", []string{"--new-option", "EvalFile=bad"}, "keeping net x"},
		{"sprt.sh", []string{"--new-option", "EvalFile=good", "--base-option", "Nope=1"}, `no such option "Nope"`},
		{"gauntlet.sh", []string{"--option", "EvalFile=good"}, ""},
		{"gauntlet.sh", []string{"--option", "EvalFile=bad"}, "keeping net x"},
	}
	for i, c := range cases {
		args := append([]string{filepath.Join(root, "tools", c.script), "--fastchess", fastchess, "--book", book,
			"--out", filepath.Join(dir, "out", string(rune('a'+i)))}, c.option...)
		// sprt.sh's NEW and BASE; gauntlet.sh's Sightline and an opponent.
		second := engine
		if c.script == "gauntlet.sh" {
			second = "opp=" + engine
		}
		cmd := exec.Command(bash, append(args, engine, second)...)
		cmd.Dir = dir
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		ran := strings.Contains(string(out), "fastchess ran")
		if c.refused == "" {
			if err != nil || !ran {
				t.Errorf("%s %v: %v, fastchess ran: %v, want the match played\n%s", c.script, c.option, err, ran, stderr.String())
			}
			continue
		}
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 2 || ran {
			t.Errorf("%s %v: %v, fastchess ran: %v, want exit status 2 and no match", c.script, c.option, err, ran)
		}
		if !strings.Contains(stderr.String(), c.refused) {
			t.Errorf("%s %v said %q, want it to repeat %q", c.script, c.option, stderr.String(), c.refused)
		}
	}
}

// scriptEnv skips the test where the tools/ scripts cannot run (no bash,
// or no tool among tools), and returns bash, the checkout's root and a
// temporary folder by its real path (the scripts name files by theirs).
func scriptEnv(t *testing.T, tools ...string) (bash, root, dir string) {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash for the tools/ scripts")
	}
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s for the tools/ scripts", tool)
		}
	}
	if root, err = os.Getwd(); err != nil {
		t.Fatal(err)
	}
	if dir, err = filepath.EvalSymlinks(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	return bash, root, dir
}
