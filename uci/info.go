package uci

import (
	"strconv"
	"strings"

	"github.com/sightline-chess/sightline/engine"
	"github.com/sightline-chess/sightline/movegen"
)

// formatInfo writes a search progress report as a UCI info line:
// "info depth D seldepth S multipv K score cp X|mate M [wdl W D L] [lowerbound|upperbound]
// nodes N nps R hashfull H tbhits B time T pv ...", integers only, or for
// the root move being searched "info depth D currmove M currmovenumber N".
func formatInfo(i engine.Info, chess960 bool) string {
	if i.CurrMove != movegen.NoMove {
		return "info depth " + strconv.Itoa(i.Depth) + " currmove " + i.CurrMove.UCI(chess960) +
			" currmovenumber " + strconv.Itoa(i.CurrMoveNumber)
	}
	var b strings.Builder
	b.Grow(128 + 6*len(i.PV))
	b.WriteString("info depth ")
	b.WriteString(strconv.Itoa(i.Depth))
	b.WriteString(" seldepth ")
	b.WriteString(strconv.Itoa(max(i.SelDepth, i.Depth)))
	b.WriteString(" multipv ")
	b.WriteString(strconv.Itoa(max(i.MultiPV, 1)))
	if i.Mate != 0 {
		b.WriteString(" score mate ")
		b.WriteString(strconv.Itoa(i.Mate))
	} else {
		b.WriteString(" score cp ")
		b.WriteString(strconv.Itoa(int(i.Score)))
	}
	// As Stockfish writes it: the shares follow the score, before its bound.
	if w := i.WDL; w.Win+w.Draw+w.Loss == 1000 {
		b.WriteString(" wdl ")
		b.WriteString(strconv.Itoa(w.Win))
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(w.Draw))
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(w.Loss))
	}
	switch i.Bound {
	case engine.Lower:
		b.WriteString(" lowerbound")
	case engine.Upper:
		b.WriteString(" upperbound")
	}
	b.WriteString(" nodes ")
	b.WriteString(strconv.FormatUint(i.Nodes, 10))
	b.WriteString(" nps ")
	b.WriteString(strconv.FormatUint(i.NPS(), 10))
	b.WriteString(" hashfull ")
	b.WriteString(strconv.Itoa(i.HashFull))
	b.WriteString(" tbhits ")
	b.WriteString(strconv.FormatUint(i.TBHits, 10))
	b.WriteString(" time ")
	b.WriteString(strconv.FormatInt(i.Time.Milliseconds(), 10))
	if len(i.PV) > 0 {
		b.WriteString(" pv")
		for _, m := range i.PV {
			b.WriteByte(' ')
			b.WriteString(m.UCI(chess960))
		}
	}
	return b.String()
}

// formatBestMove writes the outcome of a search: "bestmove <m> [ponder <p>]"
// or, with no legal move, "bestmove (none)".
func formatBestMove(o engine.Outcome) string {
	if o.Best == movegen.NoMove {
		return "bestmove (none)"
	}
	s := "bestmove " + o.Best.UCI(o.Chess960)
	if o.Ponder != movegen.NoMove {
		s += " ponder " + o.Ponder.UCI(o.Chess960)
	}
	return s
}

// noMoveInfo is the info line sent before "bestmove (none)": the score of a
// position without legal moves, mate 0 when checkmated, else a draw.
func noMoveInfo(o engine.Outcome) string {
	if o.Mated {
		return "info depth 0 score mate 0"
	}
	return "info depth 0 score cp 0"
}
