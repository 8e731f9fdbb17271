// Package engine is one game of chess as a UCI engine sees it: the position
// set up by the last "position" command together with the history of keys that
// led to it, the engine's options, and the search running on its own
// goroutine. It stands between the protocol (package uci) and the search
// (package search): uci never reaches past it.
//
// What it promises:
//   - A failed SetPosition or SetOption changes nothing: the new state is built
//     aside and swapped in only when it is wholly valid.
//   - The long work is done as jobs on a worker goroutine of their own: a
//     search (Go), perft divide (Perft) and the bench (Bench). Each call
//     returns as soon as its job has started and reports through the
//     callbacks it was given, so the caller (the protocol loop) never waits.
//     One job runs at a time, also when several goroutines ask for jobs at
//     once: Go first stops and waits out whatever runs, since a GUI waits
//     for every bestmove; Perft, Bench and a change to the hash table are
//     refused with ErrBusy while a job runs. Stop ends any job within
//     milliseconds; Stop, PonderHit and Wait may be called from any
//     goroutine at any time, also when no job runs. The callbacks run on
//     the job's goroutine and must not call Go, NewGame or Close, which
//     wait for it.
//   - Go refuses, with an error wrapping ErrLimits, limits out of the ranges
//     of CheckLimits (a negative depth, a node count near overflow, a
//     movetime of centuries) and search moves that are not legal moves of
//     the position; a refused Go starts nothing and stops nothing. The
//     protocol clamps a "go" into those ranges, so it is never refused.
//   - After an infinite or ponder search, the final result is held back until
//     Stop (or, for ponder, PonderHit) arrives, as UCI requires, even when the
//     search itself has finished.
//   - The move handed to the done callback is legal in the searched position,
//     or NoMove exactly when that position has no legal move.
//   - The Syzygy tablebases of the SyzygyPath option are opened once, when
//     the option is set (not during a search), shared read-only with every
//     search thread and closed only after the search has let go of them. A
//     SyzygyPath that names anything but directories is refused and changes
//     nothing; files that cannot be used are left out and listed by
//     SyzygyNotes. Bench never uses tablebases.
//   - Bench is deterministic: the same positions, depth, hash size and thread
//     count give the same node count on every run and every machine.
package engine
