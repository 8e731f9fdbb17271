package genfens

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
	"github.com/sightline-chess/sightline/search"
)

const (
	// MaxCount bounds the openings of one call: OpenBench asks for a few
	// hundred at most per process.
	MaxCount = 100_000
	// The random plies: eight or nine from the start position, so that
	// either side may be to move, and enough that openings differ from the
	// first moves on while leaving a game of chess to play; two or three
	// after a book's position, which is an opening already.
	minPlies, maxPlies         = 8, 9
	minBookPlies, maxBookPlies = 2, 3
	// checkNodes is the search that judges a drawn position: a few
	// milliseconds, deep enough to see a piece hanging.
	checkNodes = 5000
	// maxScore is the largest score, in centipawns for either side, that
	// keeps a position.
	maxScore = 150
	// maxTries bounds the draws per opening, so that a book of lost
	// positions cannot loop for ever; Generate then fails (ErrNoOpening).
	maxTries = 1000
)

// ErrNoOpening is Generate's error, wrapped, when maxTries draws in a row
// give no position a short search scores within ±maxScore: the book holds
// only decided positions, or positions that end the game within its plies.
var ErrNoOpening = errors.New("no opening within the score bound")

// Generate writes n openings drawn from seed to w as "info string genfens
// FEN" lines, starting from book's positions (FEN or EPD lines) or, when
// book is empty, the start position. Each is a position with a legal move
// that a 5,000-node search scores within ±150 centipawns; when maxTries
// draws give none, Generate returns an error wrapping ErrNoOpening after
// the lines already written.
func Generate(w io.Writer, n int, seed uint64, book []movegen.Position) error {
	return generateTries(w, n, seed, book, maxTries)
}

// generateTries is Generate with the number of draws per opening as a
// parameter, so that a test of a decided book need not search a thousand.
func generateTries(w io.Writer, n int, seed uint64, book []movegen.Position, tries int) error {
	if n < 1 || n > MaxCount {
		return fmt.Errorf("genfens: count %d: want 1 to %d", n, MaxCount)
	}
	rng := rand.New(rand.NewPCG(seed, 0x67656e66656e73)) // "genfens"
	s := search.New(1)
	opt := search.Options{Threads: 1, Net: nnue.DefaultNet()}
	lim := search.Limits{Nodes: checkNodes}
	bw := bufio.NewWriter(w)
	for i := 0; i < n; i++ {
		var pos movegen.Position
		found := false
		for try := 0; try < tries && !found; try++ {
			var ok bool
			if pos, ok = draw(rng, book); !ok {
				continue
			}
			s.Clear() // the same seed must give the same positions, whatever came before
			res := s.Search(pos, nil, lim, opt, nil)
			found = res.Best != movegen.NoMove && res.Score >= -maxScore && res.Score <= maxScore
		}
		if !found {
			return fmt.Errorf("genfens: opening %d of %d: %w (±%d cp) in %d draws: the book's positions are decided, or end the game in a few plies",
				i+1, n, ErrNoOpening, maxScore, tries)
		}
		fmt.Fprintf(bw, "info string genfens %s\n", pos.String())
		// Flushed per line: OpenBench's client waits at most 15 seconds
		// for each.
		if err := bw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// draw plays random legal plies from a start position; false if the game
// ended on the way or in the position drawn.
func draw(rng *rand.Rand, book []movegen.Position) (movegen.Position, bool) {
	pos := movegen.MustParseFEN(movegen.StartFEN)
	plies := minPlies + rng.IntN(maxPlies-minPlies+1)
	if len(book) > 0 {
		pos = book[rng.IntN(len(book))]
		plies = minBookPlies + rng.IntN(maxBookPlies-minBookPlies+1)
	}
	var ml movegen.MoveList
	for i := 0; i <= plies; i++ {
		ml.N = 0 // the generator appends
		pos.GenerateLegal(&ml)
		if ml.N == 0 {
			return pos, false
		}
		if i < plies {
			pos.MakeMove(ml.Moves[rng.IntN(ml.N)])
		}
	}
	return pos, true
}

// ReadBook reads the positions of an EPD or FEN file, one a line, with
// movegen's reader (blank lines and comments skipped, a bad line named).
func ReadBook(path string) ([]movegen.Position, error) {
	es, err := movegen.ReadEPDFile(path)
	if err != nil {
		return nil, err
	}
	if len(es) == 0 {
		return nil, errors.New(path + ": no positions")
	}
	return movegen.Positions(es), nil
}
