package datafile

import (
	"encoding/binary"
	"fmt"

	"github.com/sightline-chess/sightline/movegen"
)

// Version 1 stores every position whole, a 34-byte record each:
//
//	0..27   the position (board.go)
//	28..29  search score in centipawns from White's view (int16)
//	30      game result from White's view: 0 loss, 1 draw, 2 win
//	31      flags (FlagInCheck, FlagNoisyBest, FlagMateScore)
//	32..33  the move played (movegen.Move)
const recordSizeV1 = 34

// RecordSize is the size of a version-1 record.
const RecordSize = recordSizeV1

// appendGameV1 appends game's version-1 block to b.
func appendGameV1(b []byte, game []Record) []byte {
	b = binary.LittleEndian.AppendUint16(b, uint16(len(game)))
	for i := range game {
		var rec [recordSizeV1]byte
		encodeV1(rec[:], &game[i])
		b = append(b, rec[:]...)
	}
	return b
}

// encodeV1 writes r into b (recordSizeV1 bytes).
func encodeV1(b []byte, r *Record) {
	encodeBoard(b, &r.Pos)
	binary.LittleEndian.PutUint16(b[28:], uint16(r.Score))
	b[30] = byte(r.Result)
	b[31] = r.Flags
	binary.LittleEndian.PutUint16(b[32:], uint16(r.Move))
}

// decodeV1 reads a record from b (recordSizeV1 bytes).
func decodeV1(b []byte) (Record, error) {
	var r Record
	pos, err := decodeBoard(b)
	if err != nil {
		return r, err
	}
	r.Pos = pos
	r.Score = int16(binary.LittleEndian.Uint16(b[28:]))
	r.Result = Result(b[30])
	if r.Result > WhiteWins {
		return r, fmt.Errorf("a record has result %d", b[30])
	}
	r.Flags = b[31]
	r.Move = movegen.Move(binary.LittleEndian.Uint16(b[32:]))
	return r, nil
}

// nextV1 reads the n records of a version-1 game.
func (r *Reader) nextV1(dst []Record, n int) ([]Record, error) {
	b, err := r.fill(n * recordSizeV1)
	if err != nil {
		return dst, err
	}
	for i := 0; i < n; i++ {
		rec, err := decodeV1(b[i*recordSizeV1:])
		if err != nil {
			return dst, err
		}
		dst = append(dst, rec)
	}
	return dst, nil
}
