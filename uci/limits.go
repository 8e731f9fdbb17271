package uci

import (
	"fmt"
	"time"

	"github.com/sightline-chess/sightline/engine"
	"github.com/sightline-chess/sightline/movegen"
)

// The ranges "go" values are clamped to are the engine's own (the Max
// constants of engine.CheckLimits), so that a clamped "go" always starts a
// search. Values outside them are not errors a GUI should lose a game over:
// they are clamped and reported.

// maxClockMS is engine.MaxTime in milliseconds, the unit of "go".
const maxClockMS = int64(engine.MaxTime / time.Millisecond)

// clampField keeps *v within lo..hi and returns a warning naming the field
// when it had to move it.
func clampField(name string, v *int64, lo, hi int64) string {
	switch {
	case *v < lo:
		w := fmt.Sprintf("go %s %d is below %d; using %d", name, *v, lo, lo)
		*v = lo
		return w
	case *v > hi:
		w := fmt.Sprintf("go %s %d is above %d; using %d", name, *v, hi, hi)
		*v = hi
		return w
	}
	return ""
}

// limits turns a parsed "go" into search limits for the current position.
// Out-of-range numbers are clamped, and a searchmoves entry that is not a
// legal move here is dropped; each gets a warning. Nothing in a well-formed
// "go" refuses the search: a GUI waits for its bestmove, and an engine that
// gives none loses on time. If no listed move is legal, the search takes
// every move, as a "go" without searchmoves does.
func limits(g Go, parseMove func(string) (movegen.Move, error)) (engine.Limits, []string) {
	var lim engine.Limits
	var warn []string
	add := func(w string) {
		if w != "" {
			warn = append(warn, w)
		}
	}
	ms := func(v int64) time.Duration { return time.Duration(v) * time.Millisecond }
	if g.HasWTime || g.HasBTime {
		lim.HasClock = true
		add(clampField("wtime", &g.WTime, 0, maxClockMS))
		add(clampField("btime", &g.BTime, 0, maxClockMS))
		lim.Time[movegen.White], lim.Time[movegen.Black] = ms(g.WTime), ms(g.BTime)
	}
	add(clampField("winc", &g.WInc, 0, maxClockMS))
	add(clampField("binc", &g.BInc, 0, maxClockMS))
	lim.Inc[movegen.White], lim.Inc[movegen.Black] = ms(g.WInc), ms(g.BInc)
	if g.HasMovesToGo {
		if g.MovesToGo < 1 {
			add(fmt.Sprintf("go movestogo %d ignored: it must be positive", g.MovesToGo))
		} else {
			add(clampField("movestogo", &g.MovesToGo, 1, engine.MaxMovesToGo))
			lim.MovesToGo = int(g.MovesToGo)
		}
	}
	if g.HasDepth {
		add(clampField("depth", &g.Depth, 1, engine.MaxDepth))
		lim.Depth = int(g.Depth)
	}
	if g.HasNodes {
		add(clampField("nodes", &g.Nodes, 1, engine.MaxNodes))
		lim.Nodes = uint64(g.Nodes)
	}
	if g.HasMate {
		add(clampField("mate", &g.Mate, 1, engine.MaxMate))
		lim.Mate = int(g.Mate)
	}
	if g.HasMoveTime {
		add(clampField("movetime", &g.MoveTime, 1, maxClockMS))
		lim.MoveTime = ms(g.MoveTime)
	}
	lim.Infinite, lim.Ponder = g.Infinite, g.Ponder
	// An increment or a move count without a clock limits nothing. The search
	// then runs until stop, as a bare "go" does, but the GUI probably meant a
	// clock, so say so.
	bounded := lim.HasClock || g.HasDepth || g.HasNodes || g.HasMate || g.HasMoveTime || g.Infinite || g.Ponder
	if !bounded && (g.HasWInc || g.HasBInc || g.HasMovesToGo) {
		add("go: winc, binc and movestogo need wtime or btime; with no other limit this search runs until stop")
	}
	for _, s := range g.SearchMoves {
		m, err := parseMove(s)
		if err != nil {
			add(fmt.Sprintf("go searchmoves: %v; left out", err))
			continue
		}
		lim.SearchMoves = append(lim.SearchMoves, m)
	}
	if len(g.SearchMoves) > 0 && len(lim.SearchMoves) == 0 {
		add("go searchmoves: no listed move is legal here, so every move is searched")
	}
	return lim, warn
}
