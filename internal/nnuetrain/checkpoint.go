package nnuetrain

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"

	"github.com/sightline-chess/sightline/internal/atomicfile"
)

// A checkpoint is the whole training state after an epoch: the model and
// Adam's moments, so that a resumed run continues exactly where the broken
// one stopped (the batch order depends only on the seed and the epoch).
//
//	"SLNC" | version uint32 (2) | input rows uint32 | epochs done uint32 |
//	Adam steps uint64 | parameter count uint32 | flags uint32 |
//	parameters, first moments, second moments (float32 each)
//
// Flag bit 0 marks a horizontally mirrored model (Model.Mirrored), which
// has the parameters of one that is not: only the flag tells them apart.
// Version 1 had no flags field and no mirrored models; it still resumes.
// Little-endian. It is written through atomicfile, so a kill mid-write
// leaves the previous checkpoint.
const (
	checkpointMagic   = "SLNC"
	checkpointVersion = 2
	checkpointHeader  = 32
	// checkpointHeaderV1 is the header of a version 1 checkpoint.
	checkpointHeaderV1 = 28
	checkpointMirrored = 1
)

var errNoCheckpoint = errors.New("no checkpoint")

func saveCheckpoint(path string, m *Model, opt *adam, epochs int) error {
	n := len(m.P)
	b := make([]byte, 0, checkpointHeader+12*n)
	le := binary.LittleEndian
	b = append(b, checkpointMagic...)
	b = le.AppendUint32(b, checkpointVersion)
	b = le.AppendUint32(b, uint32(m.rows()))
	b = le.AppendUint32(b, uint32(epochs))
	b = le.AppendUint64(b, uint64(opt.step))
	b = le.AppendUint32(b, uint32(n))
	var flags uint32
	if m.Mirrored {
		flags |= checkpointMirrored
	}
	b = le.AppendUint32(b, flags)
	for _, s := range [][]float32{m.P, opt.m, opt.v} {
		for _, x := range s {
			b = le.AppendUint32(b, math.Float32bits(x))
		}
	}
	return atomicfile.Write(path, b)
}

// loadCheckpoint reads path into m and opt and returns the epochs done;
// errNoCheckpoint when there is no such file.
func loadCheckpoint(path string, m *Model, opt *adam) (int, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, errNoCheckpoint
	}
	if err != nil {
		return 0, err
	}
	le := binary.LittleEndian
	if len(b) < checkpointHeaderV1 || string(b[:4]) != checkpointMagic {
		return 0, fmt.Errorf("%s: not a training checkpoint", path)
	}
	header, flags := checkpointHeader, uint32(0)
	switch v := le.Uint32(b[4:]); {
	case v == 1:
		header = checkpointHeaderV1
	case v == checkpointVersion && len(b) < checkpointHeader:
		return 0, fmt.Errorf("%s: %d bytes: the checkpoint is cut short", path, len(b))
	case v == checkpointVersion:
		flags = le.Uint32(b[28:])
	default:
		return 0, fmt.Errorf("%s: a version %d training checkpoint; this build reads versions 1 and %d", path, v, checkpointVersion)
	}
	inputs, epochs, steps, n := int(le.Uint32(b[8:])), int(le.Uint32(b[12:])), le.Uint64(b[16:]), int(le.Uint32(b[24:]))
	if inputs != m.rows() || n != len(m.P) {
		return 0, fmt.Errorf("%s: a checkpoint of a model with %d input rows, this run trains one with %d (-no-mobility, -factorise, -buckets, -king-buckets?)", path, inputs, m.rows())
	}
	if mirrored := flags&checkpointMirrored != 0; mirrored != m.Mirrored {
		return 0, fmt.Errorf("%s: a checkpoint of a model with %s, this run trains %s", path, mirrorForm(mirrored), mirrorForm(m.Mirrored))
	}
	if flags&^checkpointMirrored != 0 {
		return 0, fmt.Errorf("%s: checkpoint flags %#x: unknown bits (a checkpoint of a newer build?)", path, flags)
	}
	if len(b) != header+12*n {
		return 0, fmt.Errorf("%s: %d bytes, want %d: the checkpoint is cut short", path, len(b), header+12*n)
	}
	p := b[header:]
	for _, s := range [][]float32{m.P, opt.m, opt.v} {
		for i := range s {
			s[i] = math.Float32frombits(le.Uint32(p))
			p = p[4:]
		}
	}
	opt.step = int64(steps)
	return epochs, nil
}
