package datafile

// MaxQuietScore bounds the scores of the positions the learners keep:
// beyond it the game is decided, and what the evaluation says no longer
// matters to it.
const MaxQuietScore = 2000

// Quiet reports whether r is a position the learners (the fit and the
// network's trainer) take: the side to move not in check, the move played
// neither a capture nor a promotion, and the score no mate and within
// ±MaxQuietScore. At a few thousand nodes the search takes a capture that
// wins material, so a quiet best move says no capture wins by static
// exchange or deeper: the static evaluation is then an honest estimate of
// the position. Both learners apply the one filter, so they learn from the
// same positions.
func (r *Record) Quiet() bool {
	const drop = FlagInCheck | FlagNoisyBest | FlagMateScore
	return r.Flags&drop == 0 && r.Score <= MaxQuietScore && r.Score >= -MaxQuietScore
}
