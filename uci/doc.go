// Package uci speaks the Universal Chess Interface on a reader and a writer
// (stdin and stdout in the engine): it turns each input line into a typed
// Command (Parse, command.go), carries it out through package engine, and
// writes the replies. It never touches the search; engine stands between.
//
// What it promises:
//   - The first line, written before any input is read, is the banner
//     "Sightline <version> by the Sightline developers", as Stockfish writes
//     its own: a GUI that waits for the engine to speak first (Scid) goes on
//     at once rather than after a timeout.
//   - Bad input never stops the loop and never panics: an unknown command, a
//     malformed FEN or move, an unknown option or a value out of range is
//     answered with "info string <what was wrong>", and the state that was
//     valid before stays (a bad FEN keeps the previous position; an illegal
//     move in "position ... moves" keeps the moves before it and names it).
//   - No "go" is refused, since a GUI waits for its bestmove: values out of
//     range are clamped, unknown words skipped, each with an info string
//     (limits.go).
//   - "isready" is answered at once, also while a search, perft or bench
//     runs; "stop" and "quit" always work, and the end of input acts as
//     "quit", letting a perft or bench finish and a search say bestmove.
//   - One writer: the loop and the search goroutine write through one output,
//     a whole line at a time, so lines never interleave; stdout carries only
//     the protocol (diagnostics go to the zerolog logger), and every line in
//     and out is copied to the Debug Log File when one is set.
//
// The tests drive the loop as a GUI does, through its input and output
// (uci/*_test.go), and some run the built binary (e2e_test.go).
package uci
