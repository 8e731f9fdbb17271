// Package datafile is the training data's file format (format.go, and
// docs/datagen.md's tables): the games of self-play, each position with the
// search's score and the game's result, as the Records that datagen writes
// and that the evaluation's fit (tune) and the network's trainer
// (nnuetrain) read. It also writes and reads them as EPD lines (text.go).
//
// It stands apart from datagen, which plays the games, so that a tool that
// only reads data links no search: it needs the board (movegen) and the
// evaluation's mate bound, nothing above them.
//
// What it promises: a file cut short (a kill, a full disk) reads back up to
// its last whole game, and OpenAppend cuts it back there before adding
// more; version 2 gives back the records it was given, field for field, or
// refuses the game with the reason; a file of another kind, of a version
// this build does not read, or damaged, is refused with a message naming
// what is wrong, and no bytes make the reader panic.
package datafile
