// Package eval is Sightline's static evaluation: how good a position is for
// the side to move, in centipawns, without searching.
//
// The score is a tapered blend of a middlegame and an endgame value, weighted
// by game phase (the knights, bishops, rooks and queens left). Its terms:
// material; piece-square tables; mobility of every piece (for bishops, rooks
// and queens the squares returned by movegen's direct-lookup tables,
// movegen.BishopAttacks/RookAttacks/QueenAttacks, with the full occupancy,
// less own pieces and squares enemy pawns attack; knights and the king
// likewise; blocked pawns); pawn structure (isolated, doubled); passed pawns
// by rank, with king distances in the endgame; king safety (attacks on the
// king zone, from the same attack sets, and the pawn shield); the bishop pair;
// rooks on open and semi-open files; and a tempo bonus for the side to move.
// Endgames the stronger side cannot or can rarely win (no pawns and at most a
// minor piece up, two knights, opposite-coloured bishops) are scaled toward a
// draw. Every weight is a named parameter in params.go.
//
// What it promises:
//   - Evaluate(p) is from the side to move's view: positive is good for the
//     side to move. It never returns a mate or tablebase score: |Evaluate(p)| < TBWinBound.
//   - Symmetry: the colour-flipped position (p.Mirrored(): ranks turned over,
//     colours and side to move swapped) gets exactly the same score.
//   - Evaluate allocates nothing, uses no maps, interfaces or closures, keeps
//     no state between calls and only reads package tables built at
//     start-up, so any number of goroutines may call it at once.
//   - Deterministic: the same position always gets the same score.
//
// For the UCI eval command, Breakdown returns a Trace holding every term for
// each colour as a middlegame/endgame Pair, with the phase, the drawish scale
// and the final score; Trace.String formats it as a table:
//
//	tr := eval.Breakdown(&pos) // tr.Final == eval.Evaluate(&pos)
//	fmt.Fprint(w, tr.String())
//	tr.Net(eval.TermMobility)  // Pair from White's view
//	tr.Tapered(eval.TermKingSafety)
//
// Breakdown and Trace.String are for people, not the search: String allocates.
//
// The neural evaluation lives in package eval/nnue, above this one: its
// mobility inputs are counted with MobilityAreas and the direct-lookup
// attacks PieceAttacks reads (mobility.go says how the two counts are kept
// the same), and its scores clamped with ClampEval
// (nnue.Network.EvaluatePosition).
package eval
