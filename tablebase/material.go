package tablebase

import (
	"fmt"

	"github.com/sightline-chess/sightline/movegen"
)

// materialKey packs how many pawns, knights, bishops, rooks and queens each
// side has, three bits each: White's in bits 0-14, Black's in bits 15-29.
// Kings are not counted; each side has one.
type materialKey uint32

func countShift(c movegen.Color, t movegen.PieceType) uint {
	return (uint(c)*5 + uint(t-movegen.Pawn)) * 3
}

// count returns how many pieces of type t colour c has.
func (k materialKey) count(c movegen.Color, t movegen.PieceType) int {
	return int(k>>countShift(c, t)) & 7
}

// mirrored is the same material with the colours swapped.
func (k materialKey) mirrored() materialKey { return k>>15 | (k&(1<<15-1))<<15 }

// hasPawns reports whether either side has a pawn.
func (k materialKey) hasPawns() bool {
	return k.count(movegen.White, movegen.Pawn)+k.count(movegen.Black, movegen.Pawn) > 0
}

// pieces counts every piece, kings included.
func (k materialKey) pieces() int {
	n := 2
	for c := movegen.White; c <= movegen.Black; c++ {
		for t := movegen.Pawn; t <= movegen.Queen; t++ {
			n += k.count(c, t)
		}
	}
	return n
}

// uniquePieces counts the (colour, type) pairs held by exactly one piece,
// the two kings included.
func (k materialKey) uniquePieces() int {
	n := 2
	for c := movegen.White; c <= movegen.Black; c++ {
		for t := movegen.Pawn; t <= movegen.Queen; t++ {
			if k.count(c, t) == 1 {
				n++
			}
		}
	}
	return n
}

// keyOf returns the material of p.
func keyOf(p *movegen.Position) materialKey {
	var k materialKey
	for c := movegen.White; c <= movegen.Black; c++ {
		for t := movegen.Pawn; t <= movegen.Queen; t++ {
			k |= materialKey(p.Pieces(c, t).Count()) << countShift(c, t)
		}
	}
	return k
}

// pieceLetters are the table names' letters, indexed by movegen.PieceType.
const pieceLetters = " PNBRQK"

// parseMaterial reads a table's name such as "KRPvKB": White's pieces, "v",
// Black's, each side one king and the others in any order.
func parseMaterial(name string) (materialKey, error) {
	var k materialKey
	side := movegen.White
	kings := [2]int{}
	for i := 0; i < len(name); i++ {
		ch := name[i]
		if ch == 'v' && side == movegen.White {
			side = movegen.Black
			continue
		}
		t := movegen.NoPieceType
		for j := 1; j < len(pieceLetters); j++ {
			if pieceLetters[j] == ch {
				t = movegen.PieceType(j)
			}
		}
		switch t {
		case movegen.NoPieceType:
			return 0, fmt.Errorf("%q is not a table name", name)
		case movegen.King:
			kings[side]++
		default:
			if k.count(side, t) == 7 {
				return 0, fmt.Errorf("%q has too many pieces", name)
			}
			k += 1 << countShift(side, t)
		}
	}
	if side != movegen.Black || kings != [2]int{1, 1} {
		return 0, fmt.Errorf("%q is not a table name", name)
	}
	if k.pieces() > maxPieces {
		return 0, fmt.Errorf("%q has more than %d pieces", name, maxPieces)
	}
	return k, nil
}

// String writes the material as a table name, e.g. "KRvKP".
func (k materialKey) String() string {
	var b []byte
	for c := movegen.White; c <= movegen.Black; c++ {
		if c == movegen.Black {
			b = append(b, 'v')
		}
		b = append(b, 'K')
		for t := movegen.Queen; t >= movegen.Pawn; t-- {
			for i := 0; i < k.count(c, t); i++ {
				b = append(b, pieceLetters[t])
			}
		}
	}
	return string(b)
}
