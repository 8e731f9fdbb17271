// Package paperbench reproduces Table 1 of Tannous, "Avoiding Rotated
// Bitboards with Direct Lookup" (ICGA Journal 30(2), 2007) and carries it on:
// it times move generation over the 879 positions of the Encyclopedia of
// Chess Middlegames with each slider-attack method (rotated bitboards, the
// paper's direct lookup as Go maps, Sightline's flat direct-lookup tables,
// fancy magic bitboards and classical ray loops) and reports the figures as a
// Markdown table shaped like the paper's and an SVG bar chart. A last row, the
// floor, answers every lookup from a recording of the engine's answers
// (replay.go): it bounds what any slider method can gain in this generator.
//
// What it promises:
//   - The move generator is one piece of source (generate.go), the same for
//     every method as in the paper: only the slider lookups differ, and the
//     two occupancy updates (the king lifted off, an en passant capture
//     tried), which each method makes on the boards it reads. Go's
//     generics would call those lookups through a dictionary, an indirect
//     call that no engine pays, so each method gets its own copy of the
//     generator with the lookups inlined (TestLookupsInline asks the
//     compiler): stencil_*.go, written from generate.go's syntax tree by
//     `go generate ./paperbench` (internal/stencil, whose test fails if a
//     copy is stale).
//   - Before anything is timed, every method's legal moves in every position
//     equal movegen's GenerateLegal, as sets: Verify checks it, and the
//     paperbench command times nothing unless it passes.
//   - Per position, every method reads the same precomputed board: piece
//     bitboards and the occupancy with its three rotations, built before the
//     timing as the paper did. Methods that need no rotation ignore them.
//   - Move generation allocates nothing.
//   - With countOnly (the command's -count), each set of moves is counted
//     instead of written out, and the count equals what is written; the
//     check against GenerateLegal always runs on written moves.
//   - Rounds are timed in the timing thread's CPU time by default (Linux), so
//     that on a shared machine the time spent descheduled does not count;
//     wall time is available, as the paper used.
//
// Positions must be standard chess (castling with the outermost rooks), as
// the ECM positions are; the check against GenerateLegal would reject others.
package paperbench
