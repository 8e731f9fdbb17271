package engine

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
	"github.com/sightline-chess/sightline/search"
	"github.com/sightline-chess/sightline/tablebase"
)

// Limits, Info and Bound are the search's own types, passed through so that
// the protocol layer needs no import of package search.
type (
	Limits = search.Limits
	Info   = search.Info
	Bound  = search.Bound
)

// Score bounds of an Info line.
const (
	Exact = search.Exact
	Lower = search.Lower
	Upper = search.Upper
)

// ErrBusy is returned, wrapped with the name of the job, for requests that
// cannot be served while a job (a search, perft or bench) runs: resizing or
// clearing the hash table, and starting a perft or a bench. A "go" is never
// refused: it stops the running job first (see Go).
var ErrBusy = errors.New("send stop first")

// busy is the error for a request made while j runs.
func busy(j *job) error { return fmt.Errorf("%s is running; %w", j.name, ErrBusy) }

// Outcome is what a search hands to the GUI: the move to play and the move it
// expects in reply, both legal, or the reason there is no move; and the
// search's last word on the line it plays.
type Outcome struct {
	Best, Ponder movegen.Move
	Mated        bool // no legal move, in check
	Stalemate    bool // no legal move, not in check
	Chess960     bool // write castling as king takes rook (see Engine.Chess960Notation)
	// Info is the last report of the first line (MultiPV 1), the one whose
	// PV leads with Best: its depth, score or mate, nodes, time and PV. With
	// UCI_LimitStrength it is the report of the weaker line played. It is
	// zero when there is no legal move.
	Info Info
}

// Engine is one game with its options and its search. Its methods are safe
// to call from several goroutines.
type Engine struct {
	mu       sync.Mutex // guards game, settings and run
	searcher *search.Searcher
	game     Game
	settings Settings
	run      *job // the running job, or nil
	debug    debugLog
	log      zerolog.Logger

	// tables are the Syzygy tablebases of the SyzygyPath option (nil:
	// none), shared read-only with the search; tableNotes says what the
	// last SyzygyPath setting found (see SyzygyNotes).
	tables     *tablebase.Tablebases
	tableNotes []string

	// net is the network of the EvalFile option, nil for the embedded one
	// (network.go); read-only, shared with the search.
	net *nnue.Network
	// embedded returns the net embedded in the binary (nnue.DefaultNet),
	// nil in a build that embeds none; a test replaces it to stand for
	// such a build.
	embedded func() *nnue.Network

	// memoryMB reports the memory the process may use, which caps the Hash
	// option. It is usableMemoryMB except in a test that pretends the
	// machine is small: testing the real limit would ask for half the real
	// RAM, which a broken check would then allocate.
	memoryMB func() int
}

// job is one piece of work on the engine's worker goroutine: a search (one
// "go"), a perft or a bench. The goroutine signals done when it has reported
// its outcome; a search holds its outcome back until release is closed.
type job struct {
	name        string // for messages: "a search", "perft", "bench"
	stop        func() // ends the work as soon as possible
	done        chan struct{}
	release     chan struct{}
	releaseOnce sync.Once
	// held is closed when a search's outcome is ready and waits for
	// release (an infinite or ponder search that ended before stop or
	// ponderhit): the state UCI requires, which the tests watch for.
	held     chan struct{}
	ponder   bool
	finished atomic.Bool // the work is over and its outcome is being reported
	// count marks a perft or a bench: a count someone asked to see, which
	// the end of input lets finish (see Finish) rather than stops.
	count bool
	// last is a search's last report of its first line, for Outcome.Info;
	// written and read on the search goroutine only.
	last Info
}

func newJob(name string, stop func()) *job {
	return &job{name: name, stop: stop, done: make(chan struct{}), release: make(chan struct{}), held: make(chan struct{})}
}

func (j *job) free() { j.releaseOnce.Do(func() { close(j.release) }) }

// start makes j the running job and runs work on a new goroutine, or
// returns the busy error when another job runs. work does the job and
// returns the function that reports its outcome; from the moment that
// reporting begins the engine is no longer busy, as after a search, so that
// a command sent on seeing the outcome is not refused.
func (e *Engine) start(j *job, work func() (report func())) error {
	e.mu.Lock()
	if e.busyLocked() {
		err := busy(e.run)
		e.mu.Unlock()
		return err
	}
	j.free()
	prev := e.run // nil, or a job still reporting its outcome
	e.run = j
	e.mu.Unlock()
	go func() {
		defer close(j.done)
		if prev != nil {
			<-prev.done // its last lines come before this job's first
		}
		report := work()
		j.finished.Store(true)
		report()
		e.forget(j)
	}()
	return nil
}

// idleLocked stops the running job and waits until it has reported, and
// so on while another job takes its place, until none runs. It is called
// and returns with e.mu held, letting go of it only while it waits: the
// caller may then start a job or touch what a job reads (the Searcher)
// with no other job able to start in between, whichever goroutines call
// Go, Perft, Bench or NewGame at once.
func (e *Engine) idleLocked() {
	for e.run != nil {
		run := e.run
		e.mu.Unlock()
		run.stop()
		run.free()
		<-run.done
		e.forget(run)
		e.mu.Lock()
	}
}

// forget clears e.run if it is still j.
func (e *Engine) forget(j *job) {
	e.mu.Lock()
	if e.run == j {
		e.run = nil
	}
	e.mu.Unlock()
}

// New returns an engine at the start position with default options. log
// receives the engine's diagnostics (never the protocol).
func New(log zerolog.Logger) *Engine {
	return &Engine{
		searcher: search.New(DefaultHashMB),
		game:     NewGame(),
		settings: DefaultSettings(),
		log:      log,
		memoryMB: usableMemoryMB,
		embedded: nnue.DefaultNet,
	}
}

// Close stops any job and closes the debug log file and the tablebases.
func (e *Engine) Close() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.idleLocked()
	e.debug.close()
	e.searcher.SetTablebases(nil)
	e.tables.Close()
	e.tables = nil
}

// Finish waits for a running perft or bench to end and report, as on
// "quit" or at the end of input: a script that pipes "go perft 5" or
// "bench" into the engine, with "quit" or with nothing after it, wants the
// whole result, which Stockfish (whose perft and bench block its input
// loop) gives. Only "stop" ends them early. A search is not waited for:
// Close stops it, and its bestmove is sent at once.
func (e *Engine) Finish() {
	e.mu.Lock()
	run := e.run
	e.mu.Unlock()
	if run != nil && run.count {
		<-run.done
		e.forget(run)
	}
}

// LogLine records a protocol line in the Debug Log File, if one is set.
func (e *Engine) LogLine(dir Direction, line string) { e.debug.line(dir, line) }

// Settings returns the current option values.
func (e *Engine) Settings() Settings {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.settings
}

// Game returns a copy of the current game.
func (e *Engine) Game() Game {
	e.mu.Lock()
	defer e.mu.Unlock()
	g := e.game
	g.History = append([]uint64(nil), e.game.History...)
	return g
}

// SetOption sets the named option (name matched without regard to case), as
// its row in the option table says (options.go). An unknown name or a bad
// value returns an error and changes nothing. A value that is taken but will
// not act as given comes with a note for the user: Threads above what the
// machine runs at once (see SearchThreads).
func (e *Engine) SetOption(name, value string) (note string, err error) {
	o, ok := lookupOption(name)
	if !ok {
		return "", fmt.Errorf("no such option %q", name)
	}
	v, err := o.parse(value)
	if err != nil {
		return "", err
	}
	if o.load != nil {
		o.load(&v)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if o.idle && e.busyLocked() {
		return "", fmt.Errorf("option %s: %w", o.Name, busy(e.run))
	}
	if o.apply != nil {
		if note, err = o.apply(e, v); err != nil {
			return "", err
		}
	}
	if o.set != nil {
		o.set(&e.settings, v)
	}
	return note, nil
}

// resizeHashLocked gives the search a hash table of mb megabytes, or leaves
// the old one and says why not.
func (e *Engine) resizeHashLocked(mb int) error {
	// A table the machine cannot hold would kill the process (Go cannot
	// recover from running out of memory).
	if ram := e.memoryMB(); ram > 0 && mb > ram/2 {
		return fmt.Errorf("option %s: %d MB is more than half of the %d MB this process may use", OptHash, mb, ram)
	}
	if err := e.searcher.SetHashSize(mb); err != nil {
		return fmt.Errorf("option %s: %w; the old table is kept", OptHash, err)
	}
	return nil
}

// setSyzygyPathLocked opens the tablebases in path's directories (separated
// as the operating system separates paths: ":" on Unix, ";" on Windows) and
// gives them to the search in place of the old ones. An empty path (or
// "<empty>") means no tablebases. Of several directories, those that are
// not directories are left out, each with a note (SyzygyNotes), and the
// others are used, as a GUI's list with one stale entry should still give
// the tables of the rest; a path of which none is a directory is refused
// and changes nothing. Files that cannot be used are left out, each with a
// note, and the rest are used.
func (e *Engine) setSyzygyPathLocked(path string) error {
	var dirs, bad []string
	if path != "" && path != "<empty>" {
		for _, d := range filepath.SplitList(path) {
			if d = strings.TrimSpace(d); d == "" {
				continue
			}
			if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
				bad = append(bad, d)
				continue
			}
			dirs = append(dirs, d)
		}
	}
	if len(bad) > 0 && len(dirs) == 0 {
		return fmt.Errorf("option %s: %s; tablebases unchanged", OptSyzygyPath, notDirectories(bad))
	}
	var tables *tablebase.Tablebases
	var notes []string
	for _, d := range bad {
		notes = append(notes, fmt.Sprintf("%s: %q is not a directory; left out", OptSyzygyPath, d))
	}
	if len(dirs) > 0 {
		var errs []error
		tables, errs = tablebase.Open(dirs)
		for _, err := range errs {
			notes = append(notes, fmt.Sprintf("%s: %v", OptSyzygyPath, err))
		}
		notes = append(notes, fmt.Sprintf("%s: %s", OptSyzygyPath, tables))
	}
	// The search lets go of the old tables (its helper threads included)
	// before they are closed.
	e.searcher.SetTablebases(tables)
	e.tables.Close()
	e.tables, e.tableNotes = tables, notes
	for _, n := range notes {
		e.log.Info().Msg(n)
	}
	return nil
}

// notDirectories says that names (one or more) are not directories.
func notDirectories(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	if len(q) == 1 {
		return q[0] + " is not a directory"
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1] + " are not directories"
}

// SyzygyNotes returns what the last SyzygyPath setting found: each file left
// out and why, then how many tables opened; nothing for no tablebases.
func (e *Engine) SyzygyNotes() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.tableNotes...)
}

// NewGame ends any job, forgets what the search learnt (hash, history
// tables) and goes back to the start position.
func (e *Engine) NewGame() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.idleLocked()
	e.searcher.Clear()
	e.game = NewGame()
}

// SetPosition sets up fen (the start position if empty) and plays moves on it.
// A bad FEN is an error and the previous game stays. An illegal or malformed
// move is a *MoveError, and the game is that of the moves before it (see
// ParseGame).
func (e *Engine) SetPosition(fen string, moves []string) error {
	e.mu.Lock()
	chess960 := e.settings.Chess960
	e.mu.Unlock()
	g, err := ParseGame(fen, moves, chess960)
	var me *MoveError
	if err != nil && !errors.As(err, &me) {
		return err
	}
	e.mu.Lock()
	e.game = g
	e.mu.Unlock()
	return err
}

// ParseMove reads a move of the current position in UCI notation.
func (e *Engine) ParseMove(s string) (movegen.Move, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.game.Position.ParseMove(s, e.chess960NotationLocked())
}

// Chess960Notation reports whether castling in the current position is read
// and written as king takes rook: when UCI_Chess960 is on, and also when the
// position's castling needs it (movegen.Position.NeedsChess960Notation), as
// when a GUI sends a Chess960 position without turning the option on.
func (e *Engine) Chess960Notation() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.chess960NotationLocked()
}

func (e *Engine) chess960NotationLocked() bool {
	return e.settings.Chess960 || e.game.Position.NeedsChess960Notation()
}

// Busy reports whether a job is running: a search (also one holding its
// result back until stop or ponderhit), a perft or a bench. Once the outcome
// is being reported, it is false.
func (e *Engine) Busy() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.busyLocked()
}

func (e *Engine) busyLocked() bool {
	return e.run != nil && !e.run.finished.Load()
}

// Go starts searching the current position on a new goroutine and returns at
// once. report (which may be nil) receives each progress line; done (which
// may be nil) receives the outcome once, after the search has ended and, for
// an infinite or ponder search, after Stop or PonderHit. Limits out of range
// (see CheckLimits) or a search move that is not legal in the position are
// refused with an error wrapping ErrLimits: nothing starts, done is not
// called, and a job already running goes on. Otherwise a job already
// running (a search, perft or bench) is stopped first and its outcome
// reported before the new one starts: a GUI waits for the bestmove of every
// go, so a go is never refused for being busy. Of several calls made at
// once, from any goroutines, each search runs alone and in turn, each
// stopping the one before. Both callbacks run on the search goroutine, and
// must not call Go, Search, NewGame or Close, which wait for that goroutine.
func (e *Engine) Go(lim Limits, report func(Info), done func(Outcome)) error {
	_, err := e.startSearch(lim, report, done)
	return err
}

// startSearch is Go, returning the search's job.
func (e *Engine) startSearch(lim Limits, report func(Info), done func(Outcome)) (*job, error) {
	if err := CheckLimits(lim); err != nil {
		return nil, err
	}
	e.mu.Lock()
	// The search moves are checked before the running job is stopped, so
	// that a refused go leaves it running, and again after: while the lock
	// was let go, another goroutine may have set another position.
	if err := checkSearchMoves(&e.game.Position, lim.SearchMoves); err != nil {
		e.mu.Unlock()
		return nil, err
	}
	e.idleLocked()
	if err := checkSearchMoves(&e.game.Position, lim.SearchMoves); err != nil {
		e.mu.Unlock()
		return nil, err
	}
	g := e.game
	g.History = append([]uint64(nil), e.game.History...)
	s := e.settings
	chess960 := e.chess960NotationLocked()
	net := e.searchNetLocked()
	run := newJob("a search", e.searcher.Stop)
	run.ponder = lim.Ponder
	if !lim.Infinite && !lim.Ponder {
		run.free()
	}
	// Prepare before the job is seen and the goroutine starts, so that a
	// stop or ponderhit sent right after go applies to this search even if
	// it has not begun.
	e.searcher.Prepare()
	e.run = run
	e.mu.Unlock()

	opt := search.Options{
		Threads: SearchThreads(s.Threads), MultiPV: s.MultiPV, MoveOverhead: s.MoveOverhead,
		SyzygyProbeLimit: s.SyzygyProbeLimit, SyzygyProbeDepth: s.SyzygyProbeDepth, Syzygy50MoveRule: s.Syzygy50MoveRule,
		Net: net,
	}
	report = run.recordLast(report)
	if s.ShowWDL {
		report = withWDL(report, eval.WDLMaterial(&g.Position))
	}
	var weak *weakPicker
	if s.LimitStrength {
		st := strengthFor(s.Elo)
		if st.nodes > 0 && (lim.Nodes == 0 || lim.Nodes > st.nodes) {
			lim.Nodes = st.nodes
		}
		if st.noise > 0 {
			opt.MultiPV = max(opt.MultiPV, limitMultiPV)
			weak = newWeakPicker(st.noise, max(s.MultiPV, 1))
			report = weak.watch(report)
		}
	}
	go e.think(run, g, lim, opt, chess960, report, done, weak)
	return run, nil
}

// think is the search goroutine of one "go".
// With weak set (UCI_LimitStrength), the move played is weak's pick among
// the search's best lines.
func (e *Engine) think(run *job, g Game, lim Limits, opt search.Options, chess960 bool, report func(Info), done func(Outcome), weak *weakPicker) {
	defer close(run.done)
	out := Outcome{Chess960: chess960}
	var ml movegen.MoveList
	g.Position.GenerateLegal(&ml)
	if ml.N == 0 {
		out.Mated = g.Position.InCheck()
		out.Stalemate = !out.Mated
	} else {
		start := time.Now()
		res := e.searcher.Search(g.Position, g.History, lim, opt, report)
		out.Best, out.Ponder, out.Info = res.Best, res.Ponder, run.last
		if weak != nil {
			if m, p, ok := weak.pick(); ok {
				weak.announce(m, res.Best)
				out.Best, out.Ponder, out.Info = m, p, run.last
			}
		}
		if !isLegal(&g.Position, out.Best) {
			// A search bug must never cost the game: play a legal move instead.
			e.log.Error().Str("fen", g.Position.String()).Str("move", out.Best.UCI(chess960)).
				Msg("search returned an illegal best move; playing the first legal move")
			// The first of the search moves that is legal, if any is.
			out.Best, out.Ponder = ml.Moves[0], movegen.NoMove
			for _, m := range lim.SearchMoves {
				if isLegal(&g.Position, m) {
					out.Best = m
					break
				}
			}
			out.Info.PV = []movegen.Move{out.Best}
		}
		after := g.Position
		after.MakeMove(out.Best)
		if !isLegal(&after, out.Ponder) {
			out.Ponder = movegen.NoMove
		}
		e.log.Debug().Str("fen", g.Position.String()).Str("best", out.Best.UCI(chess960)).
			Uint64("nodes", res.Nodes).Dur("elapsed", time.Since(start)).Msg("search done")
	}
	select {
	case <-run.release:
	default:
		close(run.held)
		<-run.release
	}
	run.finished.Store(true)
	if done != nil {
		done(out)
	}
	e.forget(run)
}

// Stop ends the running job as soon as possible and releases its result.
func (e *Engine) Stop() {
	e.mu.Lock()
	run := e.run
	e.mu.Unlock()
	if run != nil {
		run.stop()
		run.free()
	}
}

// stopJob ends j and releases its result if it is still the running job:
// once another has taken its place, j has ended, and the Searcher (which
// run.stop stops) is the new job's.
func (e *Engine) stopJob(j *job) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.run == j {
		j.stop()
		j.free()
	}
}

// PonderHit tells a ponder search that the opponent played the expected
// move: the search goes on as a normal timed search, and its result is
// reported as soon as it ends. Outside a ponder search it does nothing.
func (e *Engine) PonderHit() {
	e.mu.Lock()
	run := e.run
	e.mu.Unlock()
	if run != nil && run.ponder {
		e.searcher.PonderHit()
		run.free()
	}
}

// Wait blocks until the running job, if any, has reported its outcome.
func (e *Engine) Wait() {
	e.mu.Lock()
	run := e.run
	e.mu.Unlock()
	if run == nil {
		return
	}
	<-run.done
	e.forget(run)
}

// recordLast returns report (which may be nil) keeping, as it passes them
// on, the job's last report of the first line.
func (j *job) recordLast(report func(Info)) func(Info) {
	return func(i Info) {
		if i.CurrMove == movegen.NoMove && i.MultiPV <= 1 {
			j.last = i
		}
		if report != nil {
			report(i)
		}
	}
}

// withWDL returns report with each Info's WDL filled in: what its score
// means in game results with the root's material on the board.
func withWDL(report func(Info), material int) func(Info) {
	return func(i Info) {
		switch {
		case i.Mate > 0:
			i.WDL = eval.WDL{Win: 1000}
		case i.Mate < 0:
			i.WDL = eval.WDL{Loss: 1000}
		default:
			i.WDL = eval.ScoreWDL(i.Score, material)
		}
		report(i)
	}
}
