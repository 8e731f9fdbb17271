package paperbench

import (
	"fmt"
	"strings"

	"github.com/sightline-chess/sightline/movegen"
	"github.com/sightline-chess/sightline/movegen/sliders"
)

// sliderMethod is all the move generator asks of a slider-attack method: the
// squares a rook or a bishop on sq attacks with the occupancy o, blockers of
// either colour included. o carries the occupancy in all four orientations;
// a method reads the ones it needs.
//
// The generator also changes the occupancy twice, to lift its king off the
// board and to try an en passant capture, and a method keeps in step only
// the orientations it reads: rotated bitboards update all four, every other
// method the plain occupancy alone (plainBoard).
type sliderMethod interface {
	rook(sq movegen.Square, o *sliders.RotatedBoards) movegen.Bitboard
	bishop(sq movegen.Square, o *sliders.RotatedBoards) movegen.Bitboard
	// lift sets dst to src with the piece on sq taken off.
	lift(dst, src *sliders.RotatedBoards, sq movegen.Square)
	// enPassant sets dst to src after a pawn on from takes en passant on to,
	// removing the pawn on captured.
	enPassant(dst, src *sliders.RotatedBoards, from, captured, to movegen.Square)
}

// plainBoard is the board update of every method that reads only o.Occ:
// the rotations in dst are left zero, as nothing reads them.
type plainBoard struct{}

func (plainBoard) lift(dst, src *sliders.RotatedBoards, sq movegen.Square) {
	dst.Occ = src.Occ &^ uint64(sq.Bitboard())
}

func (plainBoard) enPassant(dst, src *sliders.RotatedBoards, from, captured, to movegen.Square) {
	dst.Occ = src.Occ&^uint64(from.Bitboard()|captured.Bitboard()) | uint64(to.Bitboard())
}

// rotatedMethod is the paper's baseline: rotated bitboards. It keeps all
// four orientations of the occupancy in step.
type rotatedMethod struct{ t *sliders.RotatedTables }

func (rotatedMethod) lift(dst, src *sliders.RotatedBoards, sq movegen.Square) {
	*dst = *src
	dst.Clear(int(sq))
}

func (rotatedMethod) enPassant(dst, src *sliders.RotatedBoards, from, captured, to movegen.Square) {
	*dst = *src
	// One loop rather than three calls keeps this within Go's inlining
	// budget, like every other method's board updates and lookups.
	for _, sq := range [3]movegen.Square{from, captured, to} {
		dst.Toggle(int(sq))
	}
}

func (m rotatedMethod) rook(sq movegen.Square, o *sliders.RotatedBoards) movegen.Bitboard {
	return movegen.Bitboard(m.t.RookAttacks(int(sq), o))
}

func (m rotatedMethod) bishop(sq movegen.Square, o *sliders.RotatedBoards) movegen.Bitboard {
	return movegen.Bitboard(m.t.BishopAttacks(int(sq), o))
}

// paperMapsMethod is the paper's direct lookup as written: Go maps keyed by
// the square's bitboard and the line-masked occupancy.
type paperMapsMethod struct {
	plainBoard
	m *paperMaps
}

func (m paperMapsMethod) rook(sq movegen.Square, o *sliders.RotatedBoards) movegen.Bitboard {
	return m.m.rookAttacks(sq, movegen.Bitboard(o.Occ))
}

func (m paperMapsMethod) bishop(sq movegen.Square, o *sliders.RotatedBoards) movegen.Bitboard {
	return m.m.bishopAttacks(sq, movegen.Bitboard(o.Occ))
}

// flatMethod is Sightline's direct lookup, the tables the engine ships with.
type flatMethod struct{ plainBoard }

func (flatMethod) rook(sq movegen.Square, o *sliders.RotatedBoards) movegen.Bitboard {
	return movegen.RookAttacks(sq, movegen.Bitboard(o.Occ))
}

func (flatMethod) bishop(sq movegen.Square, o *sliders.RotatedBoards) movegen.Bitboard {
	return movegen.BishopAttacks(sq, movegen.Bitboard(o.Occ))
}

// magicMethod is fancy magic bitboards.
type magicMethod struct {
	plainBoard
	m *sliders.Magic
}

func (m magicMethod) rook(sq movegen.Square, o *sliders.RotatedBoards) movegen.Bitboard {
	return movegen.Bitboard(m.m.RookAttacks(int(sq), o.Occ))
}

func (m magicMethod) bishop(sq movegen.Square, o *sliders.RotatedBoards) movegen.Bitboard {
	return movegen.Bitboard(m.m.BishopAttacks(int(sq), o.Occ))
}

// classicalMethod walks each ray square by square: no tables, the floor.
type classicalMethod struct{ plainBoard }

func (classicalMethod) rook(sq movegen.Square, o *sliders.RotatedBoards) movegen.Bitboard {
	return movegen.Bitboard(sliders.ClassicalRookAttacks(int(sq), o.Occ))
}

func (classicalMethod) bishop(sq movegen.Square, o *sliders.RotatedBoards) movegen.Bitboard {
	return movegen.Bitboard(sliders.ClassicalBishopAttacks(int(sq), o.Occ))
}

// Method is one slider-attack method as the benchmark sees it.
type Method struct {
	// Name is the method's row label, as in docs/paper.md; Key is a short
	// name for the command line (rotated, maps, flat, magic, classical).
	Name, Key string
	// generate appends the legal moves of b to ml, using this method's
	// slider lookups (a stencilled copy of generate.go's generateLegal).
	generate func(b *board, ml *movegen.MoveList)
}

// Methods returns the five methods in the order of the report, the paper's
// two first, then Sightline's, magic and classical rays, and after them the
// floor, the generator with every lookup replayed. Building them builds
// their tables.
func Methods() []Method {
	rot := rotatedMethod{sliders.NewRotatedTables()}
	maps := paperMapsMethod{m: newPaperMaps()}
	mag := magicMethod{m: sliders.NewMagic()}
	return []Method{
		{RotatedName, "rotated", func(b *board, ml *movegen.MoveList) { generateLegalRotated(rot, b, ml) }},
		{PaperMapsName, "maps", func(b *board, ml *movegen.MoveList) { generateLegalPaperMaps(maps, b, ml) }},
		{FlatName, "flat", func(b *board, ml *movegen.MoveList) { generateLegalFlat(flatMethod{}, b, ml) }},
		{MagicName, "magic", func(b *board, ml *movegen.MoveList) { generateLegalMagic(mag, b, ml) }},
		{ClassicalName, "classical", func(b *board, ml *movegen.MoveList) { generateLegalClassical(classicalMethod{}, b, ml) }},
		{FloorName, "floor", generateReplayed},
	}
}

// The methods' names; RotatedName is the baseline speeds are relative to.
const (
	RotatedName   = "rotated bitboards"
	PaperMapsName = "direct lookup, paper maps"
	FlatName      = "direct lookup, Sightline"
	MagicName     = "fancy magic"
	ClassicalName = "classical rays"
	// FloorName is no method but the bound on all of them: every lookup
	// answered by replaying the engine's recorded answer (replay.go).
	FloorName = "floor: answers replayed"
)

// SelectMethods returns the methods whose keys are listed, in report order;
// an unknown key is an error naming the known ones.
func SelectMethods(all []Method, keys []string) ([]Method, error) {
	want := make(map[string]bool, len(keys))
	for _, k := range keys {
		found := false
		for _, m := range all {
			found = found || m.Key == k
		}
		if !found {
			known := make([]string, len(all))
			for i, m := range all {
				known[i] = m.Key
			}
			return nil, fmt.Errorf("unknown method %q (known: %s)", k, strings.Join(known, ", "))
		}
		want[k] = true
	}
	var out []Method
	for _, m := range all {
		if want[m.Key] {
			out = append(out, m)
		}
	}
	return out, nil
}
