package engine

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/sightline-chess/sightline/eval/nnue"
)

// The network options. UseNNUE (default true since the embedded net won its
// match against the hand-written evaluation, docs/nnue-log.md) switches the
// search between the network and the hand-written evaluation;
// EvalFile loads a net file in place of the one embedded in the binary. A
// file that is missing, cut short, damaged or not a net at all is refused
// with an error that the protocol shows as "info string", and the net in
// use stays; so is anything but a regular file of a plausible size (a
// directory, a named pipe, /dev/zero, gigabytes), found by a stat before
// anything is read. The file is read before the engine's lock is taken.

// A build that embeds no net (the width variants, -tags hidden128 or
// hidden512: nnue.ErrNoEmbeddedNet) has a net only once EvalFile names one.
// Until then it searches with the hand-written evaluation, UseNNUE on or
// not, and says so (NetNote, and "d"); nothing dereferences the missing net.

// netLocked returns the net in use: EvalFile's, or the embedded one; nil
// in a build that embeds none, before EvalFile names one.
func (e *Engine) netLocked() *nnue.Network {
	if e.net != nil {
		return e.net
	}
	return e.embedded()
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

// NetNote is the note the protocol shows before a search or a bench that
// UseNNUE asks to evaluate with a net the engine does not have (a build
// that embeds none, no EvalFile): that it evaluates with the hand-written
// evaluation, and why. Empty otherwise.
func (e *Engine) NetNote() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.settings.UseNNUE || e.netLocked() != nil {
		return ""
	}
	return noNetNote
}

// noNetNote is NetNote's text.
var noNetNote = "UseNNUE needs EvalFile: " + nnue.ErrNoEmbeddedNet.Error() + "; evaluating with the hand-written evaluation"

// NetDescription names the net in use and where it came from, for "d" and
// the EvalFile note.
func (e *Engine) NetDescription() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.netDescriptionLocked()
}

func (e *Engine) netDescriptionLocked() string {
	n := e.netLocked()
	if n == nil {
		return "no net (" + nnue.ErrNoEmbeddedNet.Error() + "; EvalFile loads one)"
	}
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
	if n.Mirrored() {
		mob += ", horizontally mirrored"
	}
	return fmt.Sprintf("net %s (%s, %s, hash %016x)", n.Name(), from, mob, n.Hash())
}

// maxEvalFileBytes bounds the size of an EvalFile, checked before it is
// read: twice the feature weights of the widest net this build reads
// (16-bit weights for the inputs of nnue.MaxKingBuckets king buckets and
// mobility, and nnue.Hidden neurons), which are most of such a file, and a
// megabyte for the rest. Nothing larger can be a net, and reading
// gigabytes to learn so would stall the engine.
const maxEvalFileBytes = 2*(2*(nnue.MaxKingBuckets*nnue.PieceSquareInputs+nnue.MobilityInputs)*nnue.Hidden) + 1<<20

// loadEvalFile is the EvalFile option's load: it reads the net file the
// value names, unless it names the embedded net (empty or "<empty>").
func loadEvalFile(v *optionValue) {
	if v.text != "" && v.text != "<empty>" {
		v.net, v.loadErr = readNetFile(v.text)
	}
}

// readNetFile reads the net file at path. Only a regular file of at most
// maxEvalFileBytes is opened: a named pipe would block the read until
// something writes to it, a device such as /dev/zero never ends, and a
// directory is no file.
func readNetFile(path string) (*nnue.Network, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err // os's error names the path
	}
	if err := plausibleNetFile(fi); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The file opened may not be the one looked at, if the name changed
	// hands in between; and the read stops past the bound whatever it is.
	if fi, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := plausibleNetFile(fi); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	b, err := io.ReadAll(io.LimitReader(f, maxEvalFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxEvalFileBytes {
		return nil, fmt.Errorf("%s: more than %d bytes; a net file of this build is smaller", path, maxEvalFileBytes)
	}
	n, err := nnue.Load(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return n, nil
}

// plausibleNetFile says why fi cannot be a net file, or returns nil.
func plausibleNetFile(fi os.FileInfo) error {
	switch m := fi.Mode(); {
	case m.IsDir():
		return errors.New("a directory, not a net file")
	case m&os.ModeNamedPipe != 0:
		return errors.New("a named pipe, not a net file")
	case m&os.ModeDevice != 0:
		return errors.New("a device, not a net file")
	case !m.IsRegular():
		return fmt.Errorf("not a regular file (%s)", m.Type())
	case fi.Size() > maxEvalFileBytes:
		return fmt.Errorf("%d bytes; a net file of this build is at most %d", fi.Size(), maxEvalFileBytes)
	}
	return nil
}

// setEvalFileLocked puts in place the net v's load read, or goes back to
// the embedded net for an empty value (or "<empty>"). On failure nothing
// changes.
func (e *Engine) setEvalFileLocked(v optionValue) (note string, err error) {
	if v.text == "" || v.text == "<empty>" {
		e.net, e.settings.EvalFile = nil, ""
		return OptEvalFile + ": " + e.netDescriptionLocked(), nil
	}
	if v.loadErr != nil {
		return "", fmt.Errorf("option %s: %w; keeping %s", OptEvalFile, v.loadErr, e.netDescriptionLocked())
	}
	e.net, e.settings.EvalFile = v.net, v.text
	return OptEvalFile + ": " + e.netDescriptionLocked(), nil
}
