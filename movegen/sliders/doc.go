// Package sliders holds the slider-attack methods that Sightline's direct
// lookup is measured against (Tannous 2007, Table 1, and the methods the paper
// names as future work): rotated bitboards, fancy magic bitboards and classical
// ray loops. It depends on nothing but the standard library and speaks plain
// uint64 bitboards and int squares (a1 = 0 ... h8 = 63, bit i = square i), so
// that the benchmark harness (package paperbench) and whole-engine build
// variants of movegen can both use it.
//
// It stands in movegen's folder, on the ground floor, because that is
// where its users stand on it: movegen's magic and rotated builds (go build
// -tags magic or rotated) take their slider attacks from it. The shipped
// engine links none of it (rules_test.go checks that main does not).
//
// What it promises:
//   - Every method returns the same attack sets as movegen: the squares a rook,
//     bishop or queen on a square attacks given an occupancy, the first blocker
//     of either colour included.
//   - Tables are built by constructors (NewRotatedTables, NewMagic) and only
//     read afterwards, so a built table is safe for any number of goroutines.
//     The only package-level data are read-only: the square-to-rotated-bit
//     maps and the committed magic numbers, which FindMagics(MagicSeed)
//     reproduces (a test checks it).
//   - RotatedBoards can be kept up to date square by square (Set, Clear), and
//     the result always equals rotating the occupancy afresh (Rotate).
//   - Squares passed in are taken modulo 64; nothing panics on them.
package sliders
