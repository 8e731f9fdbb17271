package engine

import (
	"fmt"

	"github.com/sightline-chess/sightline/eval/nnue"
)

// The network options. UseNNUE (default true since the embedded net won its
// match against the hand-written evaluation, docs/nnue.md) switches the
// search between the network and the hand-written evaluation;
// EvalFile loads a net file in place of the one embedded in the binary. A
// file that is missing, cut short, damaged or not a net at all is refused
// with an error that the protocol shows as "info string", and the net in
// use stays.

// netLocked returns the net in use: EvalFile's, or the embedded one.
func (e *Engine) netLocked() *nnue.Network {
	if e.net != nil {
		return e.net
	}
	return nnue.DefaultNet()
}

// searchNetLocked returns the net a search evaluates with, or nil for the
// hand-written evaluation: UseNNUE off, or UCI_LimitStrength on at a level
// measured in games with the hand-written evaluation (strength.go).
func (e *Engine) searchNetLocked() *nnue.Network {
	if !e.settings.UseNNUE || e.settings.LimitStrength && !strengthFor(e.settings.Elo).net {
		return nil
	}
	return e.netLocked()
}

// NetDescription names the net in use and where it came from, for "d" and
// the EvalFile note.
func (e *Engine) NetDescription() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.netDescriptionLocked()
}

func (e *Engine) netDescriptionLocked() string {
	n := e.netLocked()
	from := "embedded"
	if e.net != nil {
		from = e.settings.EvalFile
	}
	mob := "without mobility"
	switch {
	case n.Mobility():
		mob = "with mobility inputs"
	case n.MobilityTable():
		mob = "with a mobility table"
	}
	if n.Buckets() > 1 {
		mob += fmt.Sprintf(", %d output buckets", n.Buckets())
	}
	return fmt.Sprintf("net %s (%s, %s, hash %016x)", n.Name(), from, mob, n.Hash())
}

// setEvalFileLocked loads the net file at path (empty or "<empty>": go
// back to the embedded net). On failure nothing changes.
func (e *Engine) setEvalFileLocked(path string) (note string, err error) {
	if path == "" || path == "<empty>" {
		e.net, e.settings.EvalFile = nil, ""
		return OptEvalFile + ": " + e.netDescriptionLocked(), nil
	}
	n, err := nnue.LoadFile(path)
	if err == nil {
		e.net, e.settings.EvalFile = n, path
		return OptEvalFile + ": " + e.netDescriptionLocked(), nil
	}
	return "", fmt.Errorf("option %s: %w; keeping %s", OptEvalFile, err, e.netDescriptionLocked())
}
