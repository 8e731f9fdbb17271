package engine

import "context"

// Search searches the current position within lim and returns the outcome:
// Go, waiting for its done. It is the form for a Go program that wants the
// move (and the score, in Outcome.Info) where it asked for it; report, which
// may be nil, receives each progress line on the search goroutine as with Go,
// and must not call Go, Search, NewGame or Close.
//
// When ctx ends first, the search is stopped, as Stop does, and Search
// returns the outcome it then gives (the best move found so far, legal) with
// ctx's error. An infinite or ponder search ends only so, or with Stop (or,
// for ponder, PonderHit) from another goroutine. Limits that Go refuses are
// refused here with the same error, and no search runs.
func (e *Engine) Search(ctx context.Context, lim Limits, report func(Info)) (Outcome, error) {
	done := make(chan Outcome, 1)
	run, err := e.startSearch(lim, report, func(o Outcome) { done <- o })
	if err != nil {
		return Outcome{}, err
	}
	select {
	case o := <-done:
		return o, nil
	case <-ctx.Done():
		select {
		case o := <-done: // it ended on its own as ctx did
			return o, nil
		default:
		}
		// Only this search: a Go from another goroutine may have stopped
		// it already and started its own.
		e.stopJob(run)
		return <-done, ctx.Err()
	}
}
