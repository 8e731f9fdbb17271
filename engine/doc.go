// Package engine is Sightline as a Go program uses it: one game of chess
// (the position set up last, with the history of keys that led to it, for
// repetitions), the engine's options, and the search running on its own
// goroutine. The UCI loop (package uci) is one such program: it turns each
// line into a call of this package and each callback into a line, and
// reaches the search by no other way. engine stands between the protocol
// and the search (package search), whose internals no caller sees.
//
// # Use
//
// New makes an engine at the start position with default options;
// SetPosition sets a FEN (empty for the start position) and moves in UCI
// notation ("e2e4", "e7e8q"); Search searches within Limits (depth, nodes,
// movetime, a clock, mate, infinite) and returns the Outcome: the move to
// play and the move expected in reply, and in Outcome.Info the last
// report of the line played (depth, score in centipawns or mate, nodes,
// PV). The report callback of Search and Go receives every Info as it is
// found; Info.NPS gives the speed. Go is Search without the waiting: it
// returns at once and hands the Outcome to a callback, as a protocol needs.
// Stop ends a search early. Moves print in UCI notation (Move.String;
// Move.UCI(o.Chess960) writes Chess960 castling as king takes rook).
// Options are set by their UCI names and values (SetOption(OptThreads, "4"),
// and the README's table). Close lets go of what the engine holds.
//
// # Stability
//
// These keep their names, signatures and meaning from release to release;
// a change to any is an incompatible change and is named as one in
// CHANGELOG.md: New; the methods Close, SetPosition, Game, NewGame,
// SetOption, Settings, Search, Go, Stop, PonderHit, Wait, Busy, Perft and
// Bench; ParseGame and CheckLimits; the types Engine, Game, MoveError,
// Limits, Info, Bound, Outcome, PerftResult and BenchResult with their
// fields, and Settings, whose fields are the options; ErrBusy, ErrLimits,
// the option names of the README's table (and their Opt constants) and
// the Max limits (whose values may grow). A
// struct may gain fields, so write its literals with field names. Limits
// and Info are package search's types under these names; their fields are
// promised here, and Move, Position and Score are package movegen's and
// eval's. The rest (Finish, LogLine, OptionSpecs, WriteBoard, WriteEval,
// the net and tablebase notes, the tunables and bench internals) serves
// the protocol and the tools, and may change with them.
//
// # Goroutines
//
// Every method of an Engine may be called from several goroutines at once.
// The long work is done as jobs on a goroutine of their own: a search
// (Go, Search), perft divide (Perft) and the bench (Bench). One job runs at
// a time, also when several goroutines ask for jobs at once:
//   - Go and Search first stop the running job and wait until it has
//     reported, since a GUI waits for every bestmove: of several searches
//     asked for at once each runs alone, in turn, stopping the one before,
//     and a Search stopped so returns the move its search found until then.
//   - Perft, Bench and a change to the hash table are refused with ErrBusy
//     while a job runs.
//   - Stop ends any job within milliseconds. Stop, PonderHit and Wait may
//     be called at any time, also when no job runs; Stop and PonderHit
//     from the callbacks too.
//   - SetPosition and SetOption while a search runs act on the next search,
//     not the one running (those that would change what it reads, Hash,
//     Clear Hash and SyzygyPath, are refused with ErrBusy instead).
//   - The callbacks run on the job's goroutine, one at a time, and must not
//     call Go, Search, NewGame or Close, which wait for that goroutine.
//
// # What it promises
//
//   - Bad input is an error, never a panic. A failed SetPosition or
//     SetOption changes nothing: the new state is built aside and swapped in
//     only when it is wholly valid. A move that is illegal or malformed is
//     a *MoveError, and the position is that of the moves before it (the
//     closest to the one meant, as Stockfish keeps it).
//   - Go and Search refuse, with an error wrapping ErrLimits, limits out of
//     the ranges of CheckLimits (a negative depth, a node count near
//     overflow, a movetime of centuries) and search moves that are not legal
//     moves of the position; a refused search starts nothing and stops
//     nothing. The protocol clamps a "go" into those ranges, so it is never
//     refused.
//   - After an infinite or ponder search, the final result is held back until
//     Stop (or, for ponder, PonderHit) arrives, as UCI requires, even when the
//     search itself has finished.
//   - The move of an Outcome is legal in the searched position, or NoMove
//     exactly when that position has no legal move (Mated or Stalemate).
//   - With one thread (the default) and UCI_LimitStrength off, a search to
//     a fixed depth or node count after New or NewGame gives the same move,
//     and the same depth, score, nodes and PV in its Outcome.Info and in each
//     completed depth's report, on every run and machine.
//   - The Syzygy tablebases of the SyzygyPath option are opened once, when
//     the option is set (not during a search), shared read-only with every
//     search thread and closed only after the search has let go of them. A
//     SyzygyPath that names anything but directories is refused and changes
//     nothing; files that cannot be used are left out and listed by
//     SyzygyNotes. Bench never uses tablebases.
//   - Bench is deterministic: the same positions, depth, hash size and thread
//     count give the same node count on every run and every machine.
package engine
