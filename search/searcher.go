package search

import (
	"github.com/sightline-chess/sightline/movegen"
)

// Searcher is the search, with its transposition table and history. One
// Searcher runs one search at a time; Stop and PonderHit may be called from
// any goroutine. (Placeholder: plays the first legal move. The search work
// replaces this file.)
type Searcher struct{}

// New returns a Searcher with a transposition table of hashMB megabytes.
func New(hashMB int) *Searcher { return &Searcher{} }

// SetHashSize resizes (and clears) the transposition table.
func (s *Searcher) SetHashSize(mb int) {}

// Clear forgets everything learnt: hash table, history, killers (ucinewgame).
func (s *Searcher) Clear() {}

// Search searches root, whose game history is given as the Zobrist keys of the
// positions before it (oldest first, for repetition draws), until lim says
// stop. It calls report for each progress line and returns the result. It
// blocks; the engine runs it on its own goroutine.
func (s *Searcher) Search(root movegen.Position, history []uint64, lim Limits, opt Options, report func(Info)) Result {
	var ml movegen.MoveList
	root.GenerateLegal(&ml)
	if ml.N == 0 {
		return Result{}
	}
	return Result{Best: ml.Moves[0]}
}

// Stop ends the current search as soon as possible (within milliseconds).
func (s *Searcher) Stop() {}

// PonderHit turns a ponder search into a normal timed search.
func (s *Searcher) PonderHit() {}
