package fit

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/internal/datafile"
	"github.com/sightline-chess/sightline/movegen"
)

// A position enters the set only when its evaluation can be compared with
// its result: datafile.Record.Quiet says which, and why. (EPD sets carry no
// move; from them only positions in check, or with a score beyond
// datafile.MaxQuietScore, are dropped: the public tuning sets are quiet by
// construction.)

// sample is one position of the training set. Its coefficients are
// coefs[start : start+n] of the Set.
type sample struct {
	start    uint32
	n        uint16
	phase    uint8
	scale    uint8
	ku       [2]int16 // king danger units per colour (eval.Coefficients.KingUnits)
	result   float32  // 0, 0.5, 1 for White
	score    float32  // the search's score, White's view, when hasScore
	hasScore bool
}

// Set is the training data in memory: every position as its coefficients.
type Set struct {
	samples []sample
	coefs   []eval.Coef
	// Read and Kept count positions read and kept by the filter.
	Read, Kept int
}

// Len is the number of positions in the set.
func (s *Set) Len() int { return len(s.samples) }

// add extracts p's coefficients and appends it.
func (s *Set) add(p *movegen.Position, result datafile.Result, score float32, hasScore bool, buf *[]eval.Coef) error {
	co, _ := eval.ExtractCoefficients(p, *buf)
	*buf = co.Coefs
	if uint64(len(s.coefs))+uint64(len(co.Coefs)) > math.MaxUint32 {
		return errors.New("too many coefficients for one set")
	}
	smp := sample{
		start:    uint32(len(s.coefs)),
		n:        uint16(len(co.Coefs)),
		phase:    uint8(co.Phase),
		scale:    uint8(co.Scale),
		ku:       [2]int16{int16(co.KingUnits[0]), int16(co.KingUnits[1])},
		result:   float32(result.Float()),
		score:    score,
		hasScore: hasScore,
	}
	s.coefs = append(s.coefs, co.Coefs...)
	s.samples = append(s.samples, smp)
	s.Kept++
	return nil
}

// Load reads one data file into s: a datagen file (told by its header) or
// an EPD file of positions with results. limit > 0 stops after that many
// positions kept. A datagen file cut short is read up to its last whole
// game, with a warning on warn.
func (s *Set) Load(path string, limit int, warn io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<16)
	head, _ := br.Peek(len(datafile.Magic))
	if string(head) == datafile.Magic {
		return s.loadDatagen(path, br, limit, warn)
	}
	return s.loadEPD(path, br, limit)
}

func (s *Set) loadDatagen(path string, r io.Reader, limit int, warn io.Writer) error {
	var buf []eval.Coef
	var addErr error
	truncated, err := datafile.EachGame(r, func(game []datafile.Record) bool {
		for i := range game {
			s.Read++
			r := &game[i]
			if !r.Quiet() {
				continue
			}
			if addErr = s.add(&r.Pos, r.Result, float32(r.Score), true, &buf); addErr != nil {
				return false
			}
		}
		return limit <= 0 || s.Kept < limit
	})
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if truncated {
		fmt.Fprintf(warn, "fit: %s: %v; using the whole games before it\n", path, datafile.ErrTruncated)
	}
	return addErr
}

func (s *Set) loadEPD(path string, r io.Reader, limit int) error {
	sc := bufio.NewScanner(r)
	var buf []eval.Coef
	any := false
	for n := 1; sc.Scan() && (limit <= 0 || s.Kept < limit); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		any = true
		rec, hasScore, err := datafile.ParseEPD(line)
		if err != nil {
			return fmt.Errorf("%s: line %d: %w (want a datagen file or EPD lines with results)", path, n, err)
		}
		s.Read++
		if rec.Pos.InCheck() || hasScore && (rec.Score > datafile.MaxQuietScore || rec.Score < -datafile.MaxQuietScore) {
			continue
		}
		if err := s.add(&rec.Pos, rec.Result, float32(rec.Score), hasScore, &buf); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if !any {
		return fmt.Errorf("%s: no positions", path)
	}
	return nil
}
