package eval

// Score is an evaluation in centipawns from the side to move's point of view,
// or a mate score near ±Mate.
type Score int32

// Score bounds. A mate found n plies from the root scores Mate-n; scores beyond
// ±MateBound are mates. A win the endgame tablebases prove, n plies from the
// root, scores TBWin-n: below every mate (the tables know the outcome, not
// the way to mate) and above every evaluation; scores from ±TBWinBound to
// ±MateBound are such wins.
const (
	Infinite   Score = 32001
	Mate       Score = 32000
	MateBound  Score = Mate - 1000
	TBWin      Score = 20000
	TBWinBound Score = TBWin - 1000
	Draw       Score = 0
)
