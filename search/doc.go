// Package search finds the best move of a position: iterative deepening over
// a principal variation search with aspiration windows, a shared lock-free
// transposition table, quiescence search with static exchange evaluation,
// a staged move picker, null-move pruning, late-move reductions, check and
// singular extensions (with multi-cut and negative extensions), a static
// evaluation corrected by earlier searches of the same pawn structure and
// pieces (correction history) and Lazy SMP threads. Every tuned number is in
// tunables.go, which holds every number of each feature an SPSA tuner may
// move, or else in params.go.
//
// What it promises:
//   - Search always returns a legal move when the root has one (Result.Best),
//     however small the clock: it plays the best move of the deepest
//     iteration searched, or of the part of an iteration that finished, or
//     else the first move of its ordering (hash move, then good captures).
//     With no legal move, Result.Best is NoMove and one Info with Depth 0 and
//     Score -eval.Mate (checkmate) or 0 (stalemate) is reported.
//   - Search returns as soon as its limits are reached, including with
//     Limits.Infinite or Limits.Ponder once there is nothing more to search
//     (the deepest depth, or a mate found with Limits.Mate). It does not wait
//     for Stop or PonderHit: holding "bestmove" until "stop" or "ponderhit"
//     is the engine's job.
//   - Stop and PonderHit may be called from any goroutine. Every thread looks
//     at the stop flag and the clock every 1024 nodes (more often as a node
//     limit nears: Limits.Nodes is kept exactly with one thread), so Search
//     returns within a few milliseconds of Stop or of the hard time limit. Search
//     forgets earlier Stop and PonderHit calls when it starts, unless Prepare
//     was called first: an engine that runs Search on a new goroutine calls
//     Prepare before starting it, so that a "stop" or "ponderhit" arriving
//     before the goroutine enters Search is not lost.
//   - Time: the soft limit stops iterative deepening between iterations, the
//     hard limit stops the search mid-iteration; neither is more than the
//     clock holds after Options.MoveOverhead, nor more than a movetime
//     less a few milliseconds (see allocateTime). While
//     pondering, no time limit applies; after PonderHit the limits count from
//     the ponderhit moment, not from the start of the search.
//   - Repetition is judged against the game history passed to Search too
//     (threefold for positions before the root, twofold inside the tree);
//     the fifty-move rule and insufficient material (bare kings, or one
//     minor piece) score 0.
//   - Info.Mate is in moves, negative when the side to move is being mated.
//     Info.Nodes sums all threads. Info values are fresh copies the caller
//     may keep. report is called only from the goroutine that called Search.
//     The last Info of MultiPV line 1 is always that of Result.Best, its PV
//     leading with Result.Best and Result.Ponder (when there is one).
//   - A one-thread search to a fixed depth from a cleared Searcher visits the
//     same number of nodes on every run and machine (bench relies on it).
//     With more threads the count and the move may vary between runs.
//   - The search allocates nothing per node: each thread's per-ply stack,
//     move lists and PV table are allocated once with the thread.
//   - With tablebases (SetTablebases and the Syzygy fields of Options), a
//     node right after a capture or pawn move with few enough pieces and no
//     castling rights is probed (WDL): a win or loss scores eval.TBWin less
//     the ply (below every mate), a draw 0 (a cursed win or blessed loss ±2
//     under the fifty-move rule), stored in the transposition table like
//     any score. A root in the tables is searched only over the moves that
//     keep its outcome (ranked by DTZ, or by WDL without DTZ tables), and
//     reports the tables' score unless the search finds a mate.
//     Info.TBHits counts the probes that answered. Without tables, or with
//     SyzygyProbeLimit 0, nothing changes: the bench count is the same.
//   - The static evaluation is the hand-written one (eval.Evaluate) unless
//     Options.Net names a network (nnue.Network.EvaluatePosition). With a
//     net, each ply of a thread's stack holds its position's accumulator,
//     built from the parent's as each move is played (evaluate.go); without
//     one the accumulators are never touched, and the bench count is the
//     same.
//   - Threads share only the transposition table, whose entries are two
//     atomic 64-bit words (key XOR data, data): a torn entry fails its key
//     check, and a hash move is played only if it is legal in the position
//     (movegen's IsLegal); so are killers and counter moves.
//     The tablebases and the network are shared read-only.
package search
