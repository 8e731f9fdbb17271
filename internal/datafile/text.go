package datafile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sightline-chess/sightline/movegen"
)

// resultText is each Result as PGN writes it.
var resultText = [3]string{"0-1", "1/2-1/2", "1-0"}

// WriteEPD writes one EPD line per record:
//
//	<FEN's four fields> hmvc 0; fmvn 1; c9 "1-0"; ce 35; sm e2e4;
//
// c9 is the game's result (as in the public tuning sets), ce the search
// score in centipawns from the side to move's view (as EPD has it), sm the
// move played. ReadEPD reads it back.
func WriteEPD(w io.Writer, recs []Record) error {
	bw := bufio.NewWriter(w)
	for i := range recs {
		r := &recs[i]
		f := strings.Fields(r.Pos.String())
		ce := int(r.Score)
		if r.Pos.SideToMove() == movegen.Black {
			ce = -ce
		}
		chess960 := r.Pos.NeedsChess960Notation()
		fmt.Fprintf(bw, "%s hmvc %s; fmvn %s; c9 \"%s\"; ce %d; sm %s;\n",
			strings.Join(f[:4], " "), f[4], f[5], resultText[r.Result], ce, r.Move.UCI(chess960))
	}
	return bw.Flush()
}

// ParseEPD reads one line of a tuning set: a FEN (four fields, or six with
// the counters) and a game result, as EPD's c9 "1-0" (or any quoted
// "1-0", "0-1", "1/2-1/2") or as [1.0], [0.5], [0.0]; and, if present, a
// score as ce (side to move's view, converted to White's). Lines without a
// result are refused: a tuner cannot use them.
func ParseEPD(line string) (Record, bool, error) {
	var r Record
	f := strings.Fields(strings.ReplaceAll(line, ";", " ; "))
	if len(f) < 4 {
		return r, false, errors.New("not a position: fewer than four fields")
	}
	fen := strings.Join(f[:4], " ")
	rest := f[4:]
	if len(rest) >= 2 && isInt(rest[0]) && isInt(rest[1]) {
		fen += " " + rest[0] + " " + rest[1]
		rest = rest[2:]
	}
	pos, err := movegen.ParseFEN(fen)
	if err != nil {
		return r, false, err
	}
	r.Pos = pos
	haveResult, haveScore := false, false
	for i, tok := range rest {
		t := strings.Trim(tok, "\"[]")
		// A bare number is a counter or a score; a result is quoted,
		// bracketed, or written as PGN writes it.
		marked := t != tok
		switch {
		case t == "1-0" || marked && (t == "1.0" || t == "1"):
			r.Result, haveResult = WhiteWins, true
		case t == "0-1" || marked && (t == "0.0" || t == "0"):
			r.Result, haveResult = BlackWins, true
		case t == "1/2-1/2" || marked && t == "0.5":
			r.Result, haveResult = Draw, true
		case t == "ce":
			if i+1 < len(rest) {
				if v, err := strconv.Atoi(rest[i+1]); err == nil && v >= -32767 && v <= 32767 {
					if pos.SideToMove() == movegen.Black {
						v = -v
					}
					r.Score, haveScore = int16(v), true
				}
			}
		}
	}
	if !haveResult {
		return r, false, errors.New("no game result (c9 \"1-0\" or [1.0])")
	}
	return r, haveScore, nil
}

func isInt(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}
