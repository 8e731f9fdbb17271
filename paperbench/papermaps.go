package paperbench

import "github.com/sightline-chess/sightline/movegen"

// paperMaps holds the paper-faithful form of the four direct-lookup tables:
// Go maps keyed exactly as the dictionaries of Tannous's listings are keyed.
// They are the "hash table" side of Table 1; the engine's flat tables
// (movegen) are tested against them.
//
// Each table is a two-level map. The outer key is the bitboard of the
// slider's square (the paper's square variables, e.g. c4, are bitboards too);
// the inner key is the occupancy of the whole board masked by that square's
// line mask, which includes the slider's own square, as the paper's masks do.
// Every subset of the line is a key, so a square on a line of n squares has
// 2^n entries, half of them without the slider's own bit, exactly as the
// listings loop over range(1 << list_size). The value is the whole attack
// set along the line: every empty square up to and including the first
// blocker of either colour on each side. Friendly blockers are removed later
// by the move generator.
//
// A square bitboard that is not a key (such as 0) reads as an empty inner
// map and so as no attacks: Go's zero value plays the part of the paper's
// attack_table[0][0] = 0. After the build the maps are only read.
type paperMaps struct {
	rankAttacks   map[movegen.Bitboard]map[movegen.Bitboard]movegen.Bitboard
	fileAttacks   map[movegen.Bitboard]map[movegen.Bitboard]movegen.Bitboard
	diagAttacksNE map[movegen.Bitboard]map[movegen.Bitboard]movegen.Bitboard // A1-H8 direction
	diagAttacksNW map[movegen.Bitboard]map[movegen.Bitboard]movegen.Bitboard // A8-H1 direction
	// The paper's rankMask, fileMask, diagMaskNE and diagMaskNW: the
	// squares of each line through a square, the square included.
	rankMask, fileMask, diagMaskNE, diagMaskNW [64]movegen.Bitboard
}

// rookAttacks looks up the squares a rook on s attacks with occupancy occ the
// paper's way: mask the occupancy to the rank and to the file, look each up
// under the square's bitboard, and join the two answers.
func (m *paperMaps) rookAttacks(s movegen.Square, occ movegen.Bitboard) movegen.Bitboard {
	sq := s.Bitboard()
	s &= 63
	return m.rankAttacks[sq][occ&m.rankMask[s]] | m.fileAttacks[sq][occ&m.fileMask[s]]
}

// bishopAttacks looks up the squares a bishop on s attacks with occupancy occ
// in the two diagonal maps.
func (m *paperMaps) bishopAttacks(s movegen.Square, occ movegen.Bitboard) movegen.Bitboard {
	sq := s.Bitboard()
	s &= 63
	return m.diagAttacksNE[sq][occ&m.diagMaskNE[s]] | m.diagAttacksNW[sq][occ&m.diagMaskNW[s]]
}

// newPaperMaps follows the paper's generalised listing (get_attacks): each
// table is built from a list of lines, each line an ordered list of squares,
// and for every slider position on a line and every occupation of the line
// it walks outwards both ways, stopping after the first occupied square. The
// lines are walked here from the board's geometry, not taken from movegen,
// so that comparing the two is a real cross-check. The build makes about
// 43,000 map entries, once per Methods call.
func newPaperMaps() *paperMaps {
	m := &paperMaps{}
	for _, t := range []struct {
		df, dr  int
		attacks *map[movegen.Bitboard]map[movegen.Bitboard]movegen.Bitboard
		mask    *[64]movegen.Bitboard
	}{
		{1, 0, &m.rankAttacks, &m.rankMask},
		{0, 1, &m.fileAttacks, &m.fileMask},
		{1, 1, &m.diagAttacksNE, &m.diagMaskNE},
		{-1, 1, &m.diagAttacksNW, &m.diagMaskNW},
	} {
		lines := paperLines(t.df, t.dr)
		*t.attacks = paperAttackMap(lines)
		for _, line := range lines {
			var mask movegen.Bitboard
			for _, s := range line {
				mask |= s.Bitboard()
			}
			for _, s := range line {
				t.mask[s] = mask
			}
		}
	}
	return m
}

// paperLines returns every line of the board in direction (df, dr), each as
// its squares in order, like the paper's rank_values, file_values and
// diag_values lists. A line starts on a square whose predecessor would be off
// the board.
func paperLines(df, dr int) [][]movegen.Square {
	on := func(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }
	var lines [][]movegen.Square
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			if on(f-df, r-dr) {
				continue // not the first square of its line
			}
			var line []movegen.Square
			for ff, rr := f, r; on(ff, rr); ff, rr = ff+df, rr+dr {
				line = append(line, movegen.NewSquare(ff, rr))
			}
			lines = append(lines, line)
		}
	}
	return lines
}

// paperAttackMap is the paper's get_attacks: for every line, every slider
// position on it and every occupation of the line (bit i standing for the
// line's i-th square), the attacks found by walking out both ways, stored
// under the slider's bitboard and the occupation turned into a bitboard.
func paperAttackMap(lines [][]movegen.Square) map[movegen.Bitboard]map[movegen.Bitboard]movegen.Bitboard {
	table := make(map[movegen.Bitboard]map[movegen.Bitboard]movegen.Bitboard, 64)
	for _, line := range lines {
		n := len(line)
		for pos, sq := range line {
			inner := make(map[movegen.Bitboard]movegen.Bitboard, 1<<n)
			for occupation := 0; occupation < 1<<n; occupation++ {
				var moves movegen.Bitboard
				for i := pos + 1; i < n; i++ {
					moves |= line[i].Bitboard()
					if occupation&(1<<i) != 0 {
						break
					}
				}
				for i := pos - 1; i >= 0; i-- {
					moves |= line[i].Bitboard()
					if occupation&(1<<i) != 0 {
						break
					}
				}
				var occBB movegen.Bitboard
				for i := 0; i < n; i++ {
					if occupation&(1<<i) != 0 {
						occBB |= line[i].Bitboard()
					}
				}
				inner[occBB] = moves
			}
			table[sq.Bitboard()] = inner
		}
	}
	return table
}
