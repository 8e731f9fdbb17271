package datafile

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/sightline-chess/sightline/movegen"
)

// Version 2 stores a game as its first position and then, for each
// position, the move played and the search's score:
//
//	count uint16 | result uint8 | start position (boardSize bytes) |
//	count × (move uint16, score int16, White's view)
//
// A self-play game of about a hundred plies takes 4.3 bytes a position
// instead of version 1's 34: 50 M positions in about 215 MB. The reader
// replays the moves, checking each is legal, and derives the flags; the
// writer refuses a game it could not give back as it was given.
const plySizeV2 = 4

// gameHeadV2 is the size of a version-2 game block before its plies,
// counted from after the count.
const gameHeadV2 = 1 + boardSize

// appendGameV2 appends game's version-2 block to b, or refuses the game.
func appendGameV2(b []byte, game []Record) ([]byte, error) {
	result := game[0].Result
	if result > WhiteWins {
		return b, fmt.Errorf("a game with result %d", result)
	}
	b = binary.LittleEndian.AppendUint16(b, uint16(len(game)))
	b = append(b, byte(result))
	var start [boardSize]byte
	encodeBoard(start[:], &game[0].Pos)
	b = append(b, start[:]...)
	for i := range game {
		r := &game[i]
		if err := followsV2(game, i); err != nil {
			return b, fmt.Errorf("version 2 cannot store the game: ply %d: %w", i, err)
		}
		b = binary.LittleEndian.AppendUint16(b, uint16(r.Move))
		b = binary.LittleEndian.AppendUint16(b, uint16(r.Score))
	}
	return b, nil
}

// followsV2 checks that record i of game is what version 2 gives back:
// the game's result, the flags of its position and move, a legal move, and
// (past the first) the position the previous move leads to, equal in every
// field version 1 stores.
func followsV2(game []Record, i int) error {
	r := &game[i]
	if r.Result != game[0].Result {
		return fmt.Errorf("result %d in a game of result %d", r.Result, game[0].Result)
	}
	if f := MoveFlags(&r.Pos, r.Move, r.Score); f != r.Flags {
		return fmt.Errorf("flags %d where the position and move give %d", r.Flags, f)
	}
	var ml movegen.MoveList
	r.Pos.GenerateLegal(&ml)
	if !slices.Contains(ml.Slice(), r.Move) {
		return fmt.Errorf("move %v is not legal in %v", r.Move, &r.Pos)
	}
	if i == 0 {
		return nil
	}
	prev := game[i-1].Pos
	prev.MakeMove(game[i-1].Move)
	var want, got [boardSize]byte
	encodeBoard(want[:], &prev)
	encodeBoard(got[:], &r.Pos)
	if want != got {
		return fmt.Errorf("%v does not follow from the previous position by %v", &r.Pos, game[i-1].Move)
	}
	return nil
}

// nextV2 reads the n plies of a version-2 game and replays them.
func (r *Reader) nextV2(dst []Record, n int) ([]Record, error) {
	b, err := r.fill(gameHeadV2 + n*plySizeV2)
	if err != nil {
		return dst, err
	}
	result := Result(b[0])
	if result > WhiteWins {
		return dst, fmt.Errorf("a game has result %d", b[0])
	}
	pos, err := decodeBoard(b[1:])
	if err != nil {
		return dst, err
	}
	plies := b[gameHeadV2:]
	for i := 0; i < n; i++ {
		move := movegen.Move(binary.LittleEndian.Uint16(plies[i*plySizeV2:]))
		score := int16(binary.LittleEndian.Uint16(plies[i*plySizeV2+2:]))
		r.ml.N = 0 // the generator appends
		pos.GenerateLegal(&r.ml)
		if !slices.Contains(r.ml.Slice(), move) {
			return dst, fmt.Errorf("a game's ply %d holds move %v, not legal in %v", i, move, &pos)
		}
		dst = append(dst, Record{Pos: pos, Score: score, Result: result, Flags: MoveFlags(&pos, move, score), Move: move})
		pos.MakeMove(move)
	}
	return dst, nil
}
