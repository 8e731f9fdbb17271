// Package cli holds the subcommands of the sightline binary: bench, perft,
// datagen, fit, train, spsa-params and genfens. Package main names them in
// its table and starts the one asked for; nothing here knows main, and no
// package of the engine imports this one.
//
// Each is a Command: it reads its arguments with its own flag set, writes
// its results on stdout and its progress on stderr, and returns the exit
// status: 0 success, 1 a check failed or the work could not be finished,
// 2 bad usage or input, with a message naming the problem and never a
// panic. Run gives a command its stdout and makes output that could not be
// written (a full disk) exit 1 with a message. -h prints a command's flags
// and exits 0.
package cli
