package tablebase

import "github.com/sightline-chess/sightline/movegen"

// encode finds the subtable of p and p's number in it. The table names
// White's material first; when p has it the other way round, or has
// symmetric material with Black to move, colours are swapped (and the board
// mirrored top to bottom) before encoding. stored is false for a DTZ table
// that does not hold p's side to move. ok is false when p does not fit the
// table, which only a damaged file can cause.
func (t *table) encode(p *movegen.Position) (d *subtable, idx uint64, stored, ok bool) {
	btm := p.SideToMove() == movegen.Black
	flip := keyOf(p) != t.key || (t.symmetric && btm)
	bside := btm != flip

	var sq [maxPieces]movegen.Square
	var used movegen.Bitboard
	n := 0
	file := 0
	if t.hasPawns {
		// The pawns of the first piece's colour lead; the one furthest along
		// mapPawns picks the file's subtable.
		lead := t.sub[0][0].pieces[0]
		c := movegen.Color(lead>>3) ^ movegen.Color(boolInt(flip))
		pawns := p.Pieces(c, movegen.Pawn)
		used = pawns
		for b := pawns; b != 0; b &= b - 1 {
			s := b.First()
			if flip {
				s ^= 56
			}
			sq[n] = s
			n++
		}
		for i := 1; i < n; i++ {
			if mapPawns[sq[0]] < mapPawns[sq[i]] {
				sq[0], sq[i] = sq[i], sq[0]
			}
		}
		file = sq[0].File()
		if file >= 4 {
			file = 7 - file
		}
	}
	side := 0
	if bside {
		side = t.nsides - 1
	}
	d = &t.sub[file][side]
	if t.dtz && (d.flags&flagSTM != 0) != bside && (!t.symmetric || t.hasPawns) {
		return d, 0, false, true
	}
	lead := n
	for i := lead; i < d.npieces; i++ {
		c := movegen.Color(d.pieces[i]>>3) ^ movegen.Color(boolInt(flip))
		free := p.Pieces(c, movegen.PieceType(d.pieces[i]&7)) &^ used
		if free == 0 {
			return d, 0, false, false
		}
		s := free.First()
		used |= s.Bitboard()
		if flip {
			s ^= 56
		}
		sq[n] = s
		n++
	}
	if n != d.npieces {
		return d, 0, false, false
	}

	if sq[0].File() >= 4 {
		for i := 0; i < n; i++ {
			sq[i] ^= 7
		}
	}
	if t.hasPawns {
		idx = leadPawnIdx[lead][sq[0]]
		// The other leading pawns by mapPawns, in increasing order.
		for i := 2; i < lead; i++ {
			for j := i; j > 1 && mapPawns[sq[j]] < mapPawns[sq[j-1]]; j-- {
				sq[j], sq[j-1] = sq[j-1], sq[j]
			}
		}
		for i := 1; i < lead; i++ {
			idx += binomial[mapPawns[sq[i]]][i]
		}
	} else {
		if sq[0].Rank() >= 4 {
			for i := 0; i < n; i++ {
				sq[i] ^= 56
			}
		}
		// The first of the leading group off the diagonal goes below it.
		for i := 0; i < d.lens[0]; i++ {
			if onDiagonal(sq[i]) {
				continue
			}
			if aboveDiagonal(sq[i]) {
				for j := i; j < n; j++ {
					sq[j] = flipDiagonal(sq[j])
				}
			}
			break
		}
		if t.unique > 2 {
			idx = encodeThree(sq[0], sq[1], sq[2])
		} else {
			idx = kkIndex[triangle[sq[0]]][sq[1]]
			if idx == noIndex {
				return d, 0, false, false
			}
		}
	}
	idx *= d.factors[0]

	// The other groups: each a set of squares, numbered by combinations of
	// the squares the earlier groups left free.
	pawnsNext := t.hasPawns && t.key.count(movegen.White, movegen.Pawn) > 0 && t.key.count(movegen.Black, movegen.Pawn) > 0
	start := d.lens[0]
	for g := 1; g < d.ngroups; g++ {
		group := sq[start : start+d.lens[g]]
		for i := 1; i < len(group); i++ {
			for j := i; j > 0 && group[j] < group[j-1]; j-- {
				group[j], group[j-1] = group[j-1], group[j]
			}
		}
		var k uint64
		for i, s := range group {
			adjust := uint64(0)
			for _, prev := range sq[:start] {
				if s > prev {
					adjust++
				}
			}
			v := uint64(s) - adjust
			if pawnsNext {
				v -= 8
			}
			if v >= 64 {
				return d, 0, false, false
			}
			k += binomial[v][i+1]
		}
		pawnsNext = false
		idx += k * d.factors[g]
		start += d.lens[g]
	}
	return d, idx, true, true
}

// encodeThree numbers three unique leading pieces, the first in the
// a1-d1-d4 triangle: 31332 placements, those with pieces on the diagonal
// after the others.
func encodeThree(a, b, c movegen.Square) uint64 {
	adj1 := uint64(boolInt(b > a))
	adj2 := uint64(boolInt(c > a) + boolInt(c > b))
	switch {
	case !onDiagonal(a):
		return triangle[a]*63*62 + (uint64(b)-adj1)*62 + uint64(c) - adj2
	case !onDiagonal(b):
		return 6*63*62 + uint64(a.Rank())*28*62 + lower[b]*62 + uint64(c) - adj2
	case !onDiagonal(c):
		return 6*63*62 + 4*28*62 + uint64(a.Rank())*7*28 + (uint64(b.Rank())-adj1)*28 + lower[c]
	default:
		return 6*63*62 + 4*28*62 + 4*7*28 + uint64(a.Rank())*7*6 + (uint64(b.Rank())-adj1)*6 + uint64(c.Rank()) - adj2
	}
}
