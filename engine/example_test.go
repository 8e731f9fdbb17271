package engine_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/sightline-chess/sightline/engine"
	"github.com/sightline-chess/sightline/internal/fit"
)

// score writes an Info's score as UCI does: "mate N" or "cp N".
func score(i engine.Info) string {
	if i.Mate != 0 {
		return fmt.Sprintf("mate %d", i.Mate)
	}
	return fmt.Sprintf("cp %d", i.Score)
}

// A search to a fixed depth, with one thread (the default), visits the same
// nodes on every run. The report callback sees each completed depth; here
// it prints depth, score and line, leaving out i.Nodes and i.NPS(), which
// the nodes would tie to the version of the search and the speed to the
// machine.
func Example() {
	e := engine.New(zerolog.Nop()) // diagnostics go to a zerolog.Logger
	defer e.Close()

	// The scholar's mate, one move before the mate.
	if err := e.SetPosition("", strings.Fields("e2e4 e7e5 f1c4 b8c6 d1h5 g8f6")); err != nil {
		log.Fatal(err)
	}
	report := func(i engine.Info) {
		fmt.Printf("depth %d score %s pv %v\n", i.Depth, score(i), i.PV)
	}
	o, err := e.Search(context.Background(), engine.Limits{Depth: 3}, report)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("bestmove %s, score %s at depth %d\n", o.Best, score(o.Info), o.Info.Depth)
	// Output:
	// depth 1 score mate 1 pv [h5f7]
	// depth 2 score mate 1 pv [h5f7]
	// depth 3 score mate 1 pv [h5f7]
	// bestmove h5f7, score mate 1 at depth 3
}

// Go returns at once and reports on the search's goroutine, as the UCI
// loop needs; an infinite search runs until Stop, which any goroutine, the
// report callback included, may call.
func ExampleEngine_Go() {
	e := engine.New(zerolog.Nop())
	defer e.Close()

	// White mates in two: Rd8+ Rxd8 Rxd8#.
	if err := e.SetPosition("r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1", nil); err != nil {
		log.Fatal(err)
	}
	done := make(chan engine.Outcome, 1)
	report := func(i engine.Info) {
		if i.Mate > 0 {
			e.Stop() // enough: a mate is found
		}
	}
	if err := e.Go(engine.Limits{Infinite: true}, report, func(o engine.Outcome) { done <- o }); err != nil {
		log.Fatal(err)
	}
	o := <-done
	fmt.Printf("bestmove %s ponder %s (mate in %d: %v)\n", o.Best, o.Ponder, o.Info.Mate, o.Info.PV)
	// Output:
	// bestmove d2d8 ponder a8d8 (mate in 2: [d2d8 a8d8 d1d8])
}

// A bot's move with its clock: the engine shares the time out itself. A
// context's deadline is a second bound, for the program's own reasons.
func ExampleEngine_Search_clock() {
	e := engine.New(zerolog.Nop())
	defer e.Close()

	if err := e.SetPosition("r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1", nil); err != nil {
		log.Fatal(err)
	}
	lim := engine.Limits{
		HasClock: true,
		Time:     [2]time.Duration{time.Minute, time.Minute}, // White's, Black's
		Inc:      [2]time.Duration{time.Second, time.Second},
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	o, err := e.Search(ctx, lim, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("play", o.Best)
	// Output:
	// play d2d8
}

// Bad input is an error, never a panic: a malformed FEN (the position
// stays as it was), an illegal move (the position is the one before it),
// limits out of range (no search starts).
func ExampleEngine_SetPosition() {
	e := engine.New(zerolog.Nop())
	defer e.Close()

	err := e.SetPosition("8/8/8 w - - 0 1", nil)
	fmt.Println(err)

	err = e.SetPosition("", []string{"e2e4", "e7e5", "e1e3"})
	var me *engine.MoveError
	if errors.As(err, &me) {
		g := e.Game()
		fmt.Printf("move %d (%s) refused; searching %s\n", me.Ply, me.Move, g.Position.String())
	}

	_, err = e.Search(context.Background(), engine.Limits{Depth: -1}, nil)
	fmt.Println(errors.Is(err, engine.ErrLimits), err)
	// Output:
	// fen: 3 ranks in the board, want 8
	// move 3 (e1e3) refused; searching rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
	// true search limit out of range: depth -1 is not from 0 to 100
}

// game is a small PGN: the scholar's mate.
const game = `[Event "Example"]
[White "White"]
[Black "Black"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0
`

// Analysing a game: each position of a PGN, searched to a fixed depth,
// here to find where a side could mate or was mated. The PGN reader is the
// module's own, in internal/fit, which a program outside the module cannot
// import; any reader that turns SAN into moves (in UCI notation, as
// SetPosition takes them) does.
func Example_pgn() {
	e := engine.New(zerolog.Nop())
	defer e.Close()

	g, err := fit.NewPGNReader(strings.NewReader(game)).Next()
	if err != nil {
		log.Fatal(err)
	}
	side := [2]string{"White", "Black"}
	var moves []string
	for ply := 0; ply <= len(g.Moves); ply++ {
		if ply > 0 {
			moves = append(moves, g.Moves[ply-1].Move.String())
		}
		if err := e.SetPosition(g.Start.String(), moves); err != nil {
			log.Fatal(err)
		}
		o, err := e.Search(context.Background(), engine.Limits{Depth: 4}, nil)
		if err != nil {
			log.Fatal(err)
		}
		after := "the start"
		if ply > 0 {
			dots := "."
			if ply%2 == 0 {
				dots = "..."
			}
			after = fmt.Sprintf("%d%s %s", (ply+1)/2, dots, g.Moves[ply-1].SAN)
		}
		pos := e.Game().Position
		toMove := side[pos.SideToMove()]
		switch {
		case o.Mated:
			fmt.Printf("after %s: %s is checkmated\n", after, toMove)
		case o.Info.Mate > 0:
			fmt.Printf("after %s: %s mates in %d with %s\n", after, toMove, o.Info.Mate, o.Best)
		case o.Info.Mate < 0:
			fmt.Printf("after %s: %s is mated in %d\n", after, toMove, -o.Info.Mate)
		}
	}
	// Output:
	// after 3... Nf6: White mates in 1 with h5f7
	// after 4. Qxf7#: Black is checkmated
}
