package engine

import (
	"fmt"

	"github.com/sightline-chess/sightline/movegen"
)

// Game is the position to search and the Zobrist keys of every position
// played before it since the last "position" command, oldest first, which the
// search needs to see repetition draws. The zero Game is not ready; use
// NewGame.
type Game struct {
	Position movegen.Position
	History  []uint64
}

// NewGame returns the game at the standard start position.
func NewGame() Game {
	return Game{Position: movegen.MustParseFEN(movegen.StartFEN)}
}

// MoveError is ParseGame's error for a move it cannot play: Ply counts the
// moves from 1, Move is the move as written.
type MoveError struct {
	Ply  int
	Move string
	Err  error
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("ply %d: %v", e.Ply, e.Err)
}

func (e *MoveError) Unwrap() error { return e.Err }

// ParseGame sets up the position fen (the start position when fen is empty)
// and plays moves on it, in UCI notation (castling as chess960 says, or as
// king takes rook when the start position needs it; see
// movegen.Position.NeedsChess960Notation. Both forms are accepted where they
// do not clash). A bad FEN is an error and no game. At the first illegal or
// malformed move it returns the game of the moves before it with a
// *MoveError: that is the closest position to the one the GUI meant, and
// Stockfish too plays on from there.
func ParseGame(fen string, moves []string, chess960 bool) (Game, error) {
	if fen == "" {
		fen = movegen.StartFEN
	}
	pos, err := movegen.ParseFEN(fen)
	if err != nil {
		return Game{}, err
	}
	g := Game{Position: pos, History: make([]uint64, 0, len(moves))}
	chess960 = chess960 || pos.NeedsChess960Notation()
	for i, s := range moves {
		m, err := g.Position.ParseMove(s, chess960)
		if err != nil {
			return g, &MoveError{Ply: i + 1, Move: s, Err: err}
		}
		g.History = append(g.History, g.Position.Key())
		g.Position.MakeMove(m)
	}
	return g, nil
}

// isLegal reports whether m is a legal move of p.
func isLegal(p *movegen.Position, m movegen.Move) bool {
	if m == movegen.NoMove {
		return false
	}
	var ml movegen.MoveList
	p.GenerateLegal(&ml)
	for _, l := range ml.Slice() {
		if l == m {
			return true
		}
	}
	return false
}
