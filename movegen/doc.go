// Package movegen holds Sightline's board: squares, bitboards, the direct-lookup
// slider attack tables of Tannous, "Avoiding Rotated Bitboards with Direct
// Lookup" (ICGA Journal 30(2), 2007), positions with FEN in and out and an
// incremental Zobrist key, the one reader of EPD and FEN-list files, legal
// move generation for standard chess and Chess960, and perft.
//
// What it promises:
//   - Slider attacks come only from the paper's four tables (rankAttacks,
//     fileAttacks, diagAttacksNE, diagAttacksNW): for each square a flat row
//     of 64 entries per table, the square's four rows stored together beside
//     its masks (squareLines), indexed by one multiply and one shift of the
//     occupancy masked by the line's mask (for a rank, whose squares are
//     adjacent bits, by a shift alone).
//     Rook = rank | file, bishop = NE | NW, queen = all four. No rotated
//     bitboard exists. The tables are built once at package start-up and only
//     read afterwards, so they are safe for any number of goroutines. (The
//     build tags "magic" and "rotated" swap the method for the whole-engine
//     comparison in docs/paper.md; the shipped build compiles neither.)
//   - A Position is a value with no pointers; copying it is cheap and safe, and
//     MakeMove on a copy leaves the original untouched.
//   - The generators write only legal moves, into a MoveList the caller owns:
//     they never allocate. IsLegal answers, for any 16-bit move value, whether
//     GenerateLegal would write it.
//   - ParseFEN, ParseMove and ParseEPD never panic; they return an error that
//     names the problem (ReadEPD's names the line, too).
package movegen
