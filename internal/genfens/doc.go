// Package genfens draws opening positions for OpenBench's book-less tests:
// its client runs `sightline "genfens N seed S book <None|FILE>" quit` and
// reads back N lines "info string genfens FEN". The positions are the start
// position, or a random line of the book, followed by a few random legal
// plies, kept only when a short search scores them within ±150 centipawns:
// a test learns nothing from a game whose opening already lost it. When a
// thousand draws in a row give no such position (a book of decided or
// finished positions), Generate stops with ErrNoOpening rather than write a
// decided one. The same seed gives the same positions, which is what lets
// OpenBench split the work over machines.
package genfens
