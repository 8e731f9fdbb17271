package datagen

import (
	"math/rand/v2"
	"sync/atomic"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/internal/datafile"
	"github.com/sightline-chess/sightline/movegen"
	"github.com/sightline-chess/sightline/search"
)

// Adjudication and opening rules. Self-play games at a few thousand nodes a
// move would otherwise spend most of their plies shuffling in won or dead
// drawn positions, which teach a tuner nothing new.
const (
	// An opening whose first search scores beyond this is already decided
	// and is thrown away: its positions would all say the same thing.
	maxOpeningScore = 400
	// openingTries bounds the draws of an opening before the game gives up
	// (only a book of nothing but decided positions gets there).
	openingTries = 1000
	// A win is adjudicated once the score from White's view has stayed
	// beyond winScore, for the same side, for winPlies plies in a row:
	// both sides' searches agree that the game is over.
	winScore = 1000
	winPlies = 4
	// A draw is adjudicated from drawMinPly on, once |score| has stayed
	// within drawScore for drawPlies plies in a row.
	drawMinPly = 80
	drawScore  = 10
	drawPlies  = 10
	// maxPlies ends a game that neither rule nor adjudication ended: a draw.
	maxPlies = 600
	// hardNodesFactor caps one move's search at this many times the soft
	// node limit, so one iteration that explodes cannot stall a game.
	hardNodesFactor = 2
)

// player plays self-play games with its own Searcher, one at a time.
type player struct {
	cfg     *Config
	s       *search.Searcher
	rng     *rand.Rand
	game    []datafile.Record
	history []uint64
	nodes   uint64 // searched in all games so far
}

func newPlayer(cfg *Config) *player {
	return &player{cfg: cfg, s: search.New(cfg.HashMB), game: make([]datafile.Record, 0, maxPlies)}
}

// options are the search settings of every move: one thread, and the
// evaluation the run asked for.
func (pl *player) options() search.Options {
	return search.Options{Threads: 1, Net: pl.cfg.Net}
}

// limits is one move's search.
func (pl *player) limits() search.Limits {
	n := uint64(pl.cfg.Nodes)
	return search.Limits{SoftNodes: n, Nodes: n * hardNodesFactor, Depth: pl.cfg.Depth}
}

// play plays game number index and returns its records (owned by pl until the
// next call), or nil if the search was stopped or no opening could be drawn. The game depends only on the
// configuration and index: the Searcher is cleared and the random source
// seeded from (Seed, index) before it starts.
func (pl *player) play(index int) []datafile.Record {
	pl.s.Clear()
	pl.rng = rand.New(rand.NewPCG(pl.cfg.gameSeed(), uint64(index)))
	pl.game = pl.game[:0]
	pos, first, ok := pl.opening()
	if !ok {
		return nil
	}
	result, ok := pl.playOut(pos, first)
	if !ok {
		return nil
	}
	for i := range pl.game {
		pl.game[i].Result = result
	}
	return pl.game
}

// opening draws a start (a book line or the start position, then random
// legal plies) until the search does not call it decided. It returns the
// position, its search, and false if the search was stopped or no opening
// could be drawn.
func (pl *player) opening() (movegen.Position, search.Result, bool) {
	for try := 0; ; try++ {
		pos := movegen.MustParseFEN(movegen.StartFEN)
		if len(pl.cfg.Book) > 0 {
			pos = pl.cfg.Book[pl.rng.IntN(len(pl.cfg.Book))]
		}
		pl.history = pl.history[:0]
		if !pl.randomPlies(&pos) {
			if try >= openingTries {
				return pos, search.Result{}, false
			}
			continue
		}
		res := pl.s.Search(pos, pl.history, pl.limits(), pl.options(), nil)
		if pl.cfg.stopped() {
			return pos, res, false
		}
		atomic.AddUint64(&pl.nodes, res.Nodes)
		if res.Best != movegen.NoMove && abs(res.Score) <= maxOpeningScore || try >= openingTries {
			return pos, res, res.Best != movegen.NoMove
		}
	}
}

// randomPlies plays cfg.RandomPlies uniformly random legal moves on pos,
// false if the game ended on the way or the last position has no move.
func (pl *player) randomPlies(pos *movegen.Position) bool {
	var ml movegen.MoveList
	for i := 0; i < pl.cfg.RandomPlies; i++ {
		ml.N = 0 // the generator appends
		pos.GenerateLegal(&ml)
		if ml.N == 0 {
			return false
		}
		pl.history = append(pl.history, pos.Key())
		pos.MakeMove(ml.Moves[pl.rng.IntN(ml.N)])
	}
	ml.N = 0
	pos.GenerateLegal(&ml)
	return ml.N > 0
}

// playOut plays pos to the end, first being the search already made of
// it, recording each searched position; false if the search was stopped.
func (pl *player) playOut(pos movegen.Position, first search.Result) (datafile.Result, bool) {
	var ml movegen.MoveList
	winRun, drawRun := 0, 0
	res, haveRes := first, true
	for ply := 0; ; ply++ {
		ml.N = 0 // the generator appends
		pos.GenerateLegal(&ml)
		switch {
		case ml.N == 0:
			if pos.InCheck() {
				return lossFor(pos.SideToMove()), true
			}
			return datafile.Draw, true
		case pos.HalfmoveClock() >= 100, insufficientMaterial(&pos), pl.threefold(&pos), ply >= maxPlies:
			return datafile.Draw, true
		}
		if !haveRes {
			res = pl.s.Search(pos, pl.history, pl.limits(), pl.options(), nil)
			if pl.cfg.stopped() {
				return datafile.Draw, false
			}
			atomic.AddUint64(&pl.nodes, res.Nodes)
		}
		haveRes = false
		white := res.Score
		if pos.SideToMove() == movegen.Black {
			white = -white
		}
		pl.record(&pos, white, res.Best)

		// Adjudication.
		switch {
		case white >= winScore:
			winRun = max(winRun, 0) + 1
		case white <= -winScore:
			winRun = min(winRun, 0) - 1
		default:
			winRun = 0
		}
		if winRun >= winPlies {
			return datafile.WhiteWins, true
		}
		if winRun <= -winPlies {
			return datafile.BlackWins, true
		}
		if abs(white) <= drawScore {
			drawRun++
		} else {
			drawRun = 0
		}
		if ply >= drawMinPly && drawRun >= drawPlies {
			return datafile.Draw, true
		}

		pl.history = append(pl.history, pos.Key())
		pos.MakeMove(res.Best)
	}
}

// record appends pos, its score from White's view and the move played.
func (pl *player) record(pos *movegen.Position, white eval.Score, best movegen.Move) {
	score := int16(max(min(white, 32767), -32767))
	pl.game = append(pl.game, datafile.Record{
		Pos:   *pos,
		Score: score,
		Flags: datafile.MoveFlags(pos, best, score),
		Move:  best,
	})
}

// threefold reports whether pos has stood on the board twice before, with
// the same side to move, since the last capture or pawn move.
func (pl *player) threefold(pos *movegen.Position) bool {
	seen := 0
	h := pl.history
	for i := len(h) - 2; i >= 0 && i >= len(h)-pos.HalfmoveClock(); i -= 2 {
		if h[i] == pos.Key() {
			seen++
		}
	}
	return seen >= 2
}

// insufficientMaterial reports bare kings, or a bare king against king and
// one minor piece: no sequence of legal moves mates.
func insufficientMaterial(p *movegen.Position) bool {
	if p.TypeBB(movegen.Pawn)|p.TypeBB(movegen.Rook)|p.TypeBB(movegen.Queen) != 0 {
		return false
	}
	return !(p.TypeBB(movegen.Knight) | p.TypeBB(movegen.Bishop)).Several()
}

// lossFor is the result when side c is checkmated.
func lossFor(c movegen.Color) datafile.Result {
	if c == movegen.White {
		return datafile.BlackWins
	}
	return datafile.WhiteWins
}

func abs(s eval.Score) eval.Score {
	if s < 0 {
		return -s
	}
	return s
}
