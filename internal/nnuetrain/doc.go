// Package nnuetrain trains Sightline's network (package eval/nnue) on
// self-play data: a float32 copy of the net, Adam on the squared error
// between sigmoid(output) and a blend of the game's result and the search's
// score, minibatches split over every core, then quantisation to the
// engine's integer net with a check of how far the two disagree.
//
// What it promises:
//   - The positions are the ones "sightline fit" learns from
//     (datafile.Record.Quiet), with whole games held out for validation.
//   - Features come from the engine's own code (nnue.PieceFeature,
//     nnue.CountMobility, nnue.ViewOrientation), so the trainer and the
//     engine cannot disagree on what an input means; the quantisation
//     check evaluates the validation positions through the engine's path
//     to make sure.
//   - Its memory does not grow with the data: the files are read again
//     every epoch through a shuffle buffer of fixed size (stream.go).
//   - A run depends only on its data, flags, seed and thread count: the
//     same inputs give the same net, and a run resumed from a checkpoint
//     gives what the unbroken run would have.
package nnuetrain
