// Package fit fits every weight of eval/params.go to self-play data: each
// quiet position's evaluation, as a function of the weights
// (eval.Coefficients), is pushed toward a blend of the game's result and the
// search's score, by Adam over the whole set in memory. The fitted weights
// are written back into params.go in its own layout (params.go's numbers
// change, nothing else), so a fit's diff reads as a table.
//
// It also fits the win/draw/loss model of eval/wdl.go (wdl.go), to the
// scores and results of datagen files or of PGN games that fastchess or
// cutechess-cli played (pgn.go reads them, san.go their moves).
package fit
