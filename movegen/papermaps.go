package movegen

import "sync"

// PaperMaps holds the paper-faithful form of the four direct-lookup tables:
// Go maps keyed exactly as the dictionaries of Tannous's listings are keyed.
// The engine never reads them; they are the reference the flat tables are
// tested against, and the "hash table" side of the Table 1 benchmark.
//
// Each table is a two-level map. The outer key is the bitboard of the
// slider's square (the paper's square variables, e.g. c4, are bitboards too);
// the inner key is the occupancy of the whole board masked by that square's
// line mask (rankMask, fileMask, diagMaskNE or diagMaskNW), which includes
// the slider's own square, as the paper's masks do. Every subset of the line
// is a key, so a square on a line of n squares has 2^n entries, half of them
// without the slider's own bit, exactly as the listings loop over
// range(1 << list_size). The value is the whole attack set along the line:
// every empty square up to and including the first blocker of either colour
// on each side. Friendly blockers are removed later by the move generator.
//
// A square bitboard that is not a key (such as 0) reads as an empty inner
// map and so as no attacks: Go's zero value plays the part of the paper's
// attack_table[0][0] = 0.
type PaperMaps struct {
	RankAttacks   map[Bitboard]map[Bitboard]Bitboard
	FileAttacks   map[Bitboard]map[Bitboard]Bitboard
	DiagAttacksNE map[Bitboard]map[Bitboard]Bitboard // A1-H8 direction
	DiagAttacksNW map[Bitboard]map[Bitboard]Bitboard // A8-H1 direction
}

// paperMaps is built on first use only: about 43,000 map entries that the
// engine itself never needs. After the build it is only read.
var paperMaps struct {
	once sync.Once
	maps PaperMaps
}

// PaperTables returns the paper-faithful tables, building them on the first
// call. They are never written afterwards, so any number of goroutines may
// read them.
func PaperTables() *PaperMaps {
	paperMaps.once.Do(func() { paperMaps.maps = buildPaperMaps() })
	return &paperMaps.maps
}

// RookAttacks looks up the squares a rook on s attacks with occupancy occ the
// paper's way: mask the occupancy to the rank and to the file, look each up
// under the square's bitboard, and join the two answers.
func (m *PaperMaps) RookAttacks(s Square, occ Bitboard) Bitboard {
	sq := s.Bitboard()
	s &= 63
	l := bySquare[s]
	return m.RankAttacks[sq][occ&l.rankMask] | m.FileAttacks[sq][occ&l.fileMask]
}

// BishopAttacks looks up the squares a bishop on s attacks with occupancy occ
// in the two diagonal maps.
func (m *PaperMaps) BishopAttacks(s Square, occ Bitboard) Bitboard {
	sq := s.Bitboard()
	s &= 63
	l := bySquare[s]
	return m.DiagAttacksNE[sq][occ&l.diagMaskNE] | m.DiagAttacksNW[sq][occ&l.diagMaskNW]
}

// QueenAttacks joins all four map lookups.
func (m *PaperMaps) QueenAttacks(s Square, occ Bitboard) Bitboard {
	return m.RookAttacks(s, occ) | m.BishopAttacks(s, occ)
}

// buildPaperMaps follows the paper's generalised listing (get_attacks): each
// table is built from a list of lines, each line an ordered list of squares,
// and for every slider position on a line and every occupation of the line
// it walks outwards both ways, stopping after the first occupied square. The
// lines are walked here from the board's geometry, not taken from the flat
// tables' lineSquares, so that comparing the two is a real cross-check.
func buildPaperMaps() PaperMaps {
	return PaperMaps{
		RankAttacks:   paperAttackMap(paperLines(1, 0)),
		FileAttacks:   paperAttackMap(paperLines(0, 1)),
		DiagAttacksNE: paperAttackMap(paperLines(1, 1)),
		DiagAttacksNW: paperAttackMap(paperLines(-1, 1)),
	}
}

// paperLines returns every line of the board in direction (df, dr), each as
// its squares in order, like the paper's rank_values, file_values and
// diag_values lists. A line starts on a square whose predecessor would be off
// the board.
func paperLines(df, dr int) [][]Square {
	on := func(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }
	var lines [][]Square
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			if on(f-df, r-dr) {
				continue // not the first square of its line
			}
			var line []Square
			for ff, rr := f, r; on(ff, rr); ff, rr = ff+df, rr+dr {
				line = append(line, NewSquare(ff, rr))
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
func paperAttackMap(lines [][]Square) map[Bitboard]map[Bitboard]Bitboard {
	table := make(map[Bitboard]map[Bitboard]Bitboard, 64)
	for _, line := range lines {
		n := len(line)
		for pos, sq := range line {
			inner := make(map[Bitboard]Bitboard, 1<<n)
			for occupation := 0; occupation < 1<<n; occupation++ {
				var moves Bitboard
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
				var occBB Bitboard
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
