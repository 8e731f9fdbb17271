package nnuetrain

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"

	"github.com/sightline-chess/sightline/internal/datafile"
)

// Stream is a training set read from its data files every epoch, so that
// its memory does not grow with the data: a shuffle buffer of cfg.Shuffle
// positions (64 bytes each) and the batches on their way to the model.
// Each epoch draws the next game from a file chosen at random, weighted by
// the games the file has left, so that every part of the buffer mixes all
// the files (generations) read; the buffer, shuffled when full, mixes the
// games. Reading runs on its own goroutine, ahead of the training.
type Stream struct {
	files     []streamFile
	positions int // training positions an epoch
}

// streamFile is one data file's share of the run.
type streamFile struct {
	path  string
	first int // the run's index of the file's first game (heldOut by order)
	games int // whole games that belong to the run (fewer past -limit)
}

// Len returns the number of training positions an epoch learns.
func (s *Stream) Len() int { return s.positions }

// Open reads cfg.Files once: it counts the games and positions, keeps the
// quiet positions (datafile.Record.Quiet, the fit's filter too), and sends each game
// held out (heldOut) to the validation set, whole, up to cfg.ValidMax
// positions (the held-out games past that are learnt from by neither). It
// returns the stream of the training positions and the validation set.
// cfg.Limit > 0 stops after that many positions kept.
func Open(cfg *Config, log io.Writer) (*Stream, *Set, error) {
	s, valid := &Stream{}, &Set{keepPos: true}
	games, read, kept := 0, 0, 0
	for _, path := range cfg.Files {
		f, err := os.Open(path)
		if err != nil {
			return nil, nil, err
		}
		sf := streamFile{path: path, first: games}
		truncated, err := datafile.EachGame(bufio.NewReaderSize(f, 1<<16), func(game []datafile.Record) bool {
			out := heldOut(game, games, cfg)
			games++
			sf.games++
			for i := range game {
				r := &game[i]
				read++
				if !r.Quiet() {
					continue
				}
				kept++
				switch {
				case !out:
					s.positions++
				case valid.Len() < cfg.ValidMax:
					valid.Add(&r.Pos, r.Result.Float(), float64(r.Score), cfg)
				}
			}
			return cfg.Limit <= 0 || kept < cfg.Limit
		})
		f.Close()
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		if truncated {
			fmt.Fprintf(log, "train: %s: %v; using the whole games before it\n", path, datafile.ErrTruncated)
		}
		s.files = append(s.files, sf)
		if cfg.Limit > 0 && kept >= cfg.Limit {
			break
		}
	}
	fmt.Fprintf(log, "train: %d games, %d positions read, %d kept: %d to train on, %d to validate (mirrored copies not counted)\n",
		games, read, kept, s.positions, valid.Len())
	if s.positions == 0 || valid.Len() == 0 {
		return nil, nil, fmt.Errorf("too few positions: %d to train on, %d to validate", s.positions, valid.Len())
	}
	return s, valid, nil
}

// openFile is a file being read in an epoch.
type openFile struct {
	*streamFile
	f    *os.File
	r    *datafile.Reader
	next int // games read so far
}

// streamDepth is the number of batches the reading goroutine may run ahead.
const streamDepth = 4

// eachBatch reads one epoch. Files are drawn by the epoch's generator
// (or, with cfg.Shuffle 0, read in order), so that the epoch depends only
// on the seed and the epoch's number.
func (s *Stream) eachBatch(epoch int, cfg *Config, fn func([]packed)) error {
	full := make(chan []packed, streamDepth)
	free := make(chan []packed, streamDepth+1)
	for range streamDepth + 1 {
		free <- make([]packed, 0, cfg.batchPositions())
	}
	done := make(chan struct{})
	defer close(done)
	var readErr error
	go func() {
		defer close(full)
		readErr = s.read(epoch, cfg, func(b []packed) bool {
			var out []packed
			select {
			case out = <-free:
			case <-done:
				return false
			}
			out = append(out[:0], b...)
			select {
			case full <- out:
				return true
			case <-done:
				return false
			}
		})
	}()
	for b := range full {
		fn(b)
		free <- b
	}
	return readErr
}

// read does eachBatch's reading, handing each batch to emit, which returns
// false to stop.
func (s *Stream) read(epoch int, cfg *Config, emit func([]packed) bool) error {
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(epoch)))
	files := make([]*openFile, len(s.files))
	left := 0
	for i := range s.files {
		f, err := os.Open(s.files[i].path)
		if err != nil {
			return err
		}
		defer f.Close()
		r, err := datafile.NewReader(f)
		if err != nil {
			return fmt.Errorf("%s: %w", s.files[i].path, err)
		}
		files[i] = &openFile{streamFile: &s.files[i], f: f, r: r}
		left += s.files[i].games
	}
	per := cfg.batchPositions()
	size := max(cfg.Shuffle, per)
	buf := make([]packed, 0, size+datafile.MaxGamePlies) // room for one more game
	// flush hands out buf's batches: all of them at the end, else the full
	// ones, keeping the rest for the next fill.
	flush := func(all bool) bool {
		if cfg.Shuffle > 0 {
			rng.Shuffle(len(buf), func(i, j int) { buf[i], buf[j] = buf[j], buf[i] })
		}
		lo := 0
		for ; lo < len(buf) && (all || lo+per <= len(buf)); lo += per {
			if !emit(buf[lo:min(lo+per, len(buf))]) {
				return false
			}
		}
		buf = buf[:copy(buf, buf[min(lo, len(buf)):])]
		return true
	}
	var game []datafile.Record
	for ; left > 0; left-- {
		f := pickFile(files, left, cfg.Shuffle > 0, rng)
		var err error
		game, err = f.r.Next(game[:0])
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = datafile.ErrTruncated
			}
			return fmt.Errorf("%s changed since it was first read: game %d: %w", f.path, f.next+1, err)
		}
		index := f.first + f.next
		f.next++
		if heldOut(game, index, cfg) {
			continue
		}
		for i := range game {
			if r := &game[i]; r.Quiet() {
				buf = append(buf, pack(&r.Pos, r.Result.Float(), float64(r.Score), cfg))
			}
		}
		if len(buf) >= size && !flush(false) {
			return nil
		}
	}
	flush(true)
	return nil
}

// pickFile returns the file the next game comes from: one drawn with
// weight the games it has left, or the first with games left.
func pickFile(files []*openFile, left int, random bool, rng *rand.Rand) *openFile {
	k := 0
	if random {
		k = rng.IntN(left)
	}
	for _, f := range files {
		if rest := f.games - f.next; k < rest {
			return f
		} else {
			k -= rest
		}
	}
	panic("nnuetrain: no file has games left") // left counts them: unreachable
}
