package paperbench

import (
	"github.com/sightline-chess/sightline/movegen"
	"github.com/sightline-chess/sightline/movegen/sliders"
)

// The floor row of the report is not a slider method: it answers every
// lookup of a generation with the engine's own answer, recorded when the
// board was built, in the order the generator asks. It computes nothing, so
// its time is the generator's with the slider lookups all but taken out,
// and its speed relative to rotated bitboards is the most that any slider
// method could reach in this generator. That is what the paper's claim of
// 10-15% must be read against (docs/paper.md, "Where the time goes").
//
// Reading an answer still costs a load and the cursor's update, which the
// next read waits on through memory, so the floor is a little higher
// than a generator with no lookups at all would be; a generator with no
// lookups cannot produce the same moves, and the floor does.

// replayCursor walks one board's recorded answers during one generation.
type replayCursor struct {
	answers []movegen.Bitboard
	next    int
}

// replayMethod hands out the recorded answers in order. The board updates
// are plainBoard's, the same work as every other method but rotated's.
type replayMethod struct {
	plainBoard
	c *replayCursor
}

func (m replayMethod) rook(_ movegen.Square, _ *sliders.RotatedBoards) movegen.Bitboard {
	return m.c.take()
}

func (m replayMethod) bishop(_ movegen.Square, _ *sliders.RotatedBoards) movegen.Bitboard {
	return m.c.take()
}

// take returns the next answer. A board generates the same lookups in the
// same order every time, so running out means the recording is stale, and
// the index panics.
func (c *replayCursor) take() movegen.Bitboard {
	a := c.answers[c.next]
	c.next++
	return a
}

// generateReplayed generates b's moves with its recorded answers. The cursor
// stays on the stack: the stencilled generator does not keep the method.
func generateReplayed(b *board, ml *movegen.MoveList) {
	c := replayCursor{answers: b.answers}
	generateLegalReplay(replayMethod{c: &c}, b, ml)
}

// recordMethod answers as Sightline's method does and writes each answer down.
type recordMethod struct {
	flatMethod
	answers *[]movegen.Bitboard
}

func (m recordMethod) rook(sq movegen.Square, o *sliders.RotatedBoards) movegen.Bitboard {
	a := m.flatMethod.rook(sq, o)
	*m.answers = append(*m.answers, a)
	return a
}

func (m recordMethod) bishop(sq movegen.Square, o *sliders.RotatedBoards) movegen.Bitboard {
	a := m.flatMethod.bishop(sq, o)
	*m.answers = append(*m.answers, a)
	return a
}

// recordAnswers returns the slider answers that one generation of b asks
// for, in order. It runs the generic generator, untimed.
func recordAnswers(b *board) []movegen.Bitboard {
	var answers []movegen.Bitboard
	var ml movegen.MoveList
	generateLegal(recordMethod{answers: &answers}, b, &ml)
	return answers
}
