package nnuetrain

import (
	"math"

	"github.com/sightline-chess/sightline/eval/nnue"
	"github.com/sightline-chess/sightline/movegen"
)

// packed is one training position as the trainer holds it between reading
// and learning: the board as the data file packs it, the mobility features
// (counted once, from the position, by the engine's own code), the game's
// result and the search's score. 64 bytes, so a shuffle buffer of millions of positions fits in a
// few hundred megabytes whatever the size of the data; each batch's input
// features are built from it as the batch is learnt (features).
type packed struct {
	occ    movegen.Bitboard
	pieces [16]uint8 // one nibble a piece, in square order: colour<<3 | type
	mob    [nnue.MaxMobilityPieces]uint8
	nmob   uint8
	stm    movegen.Color
	result uint8 // the game's result for the side to move: 0 loss, 1 draw, 2 win
	score  int16 // the search's score, centipawns, side to move's view
}

// pack returns p as a training position whose game ended result (0, 0.5,
// 1) and whose search scored score (both from White's view).
func pack(p *movegen.Position, result, score float64, cfg *Config) packed {
	var s packed
	s.occ = p.Occupied()
	i := 0
	for b := s.occ; b != 0; b &= b - 1 {
		pc := p.PieceOn(b.First())
		s.pieces[i/2] |= (uint8(pc.Color())<<3 | uint8(pc.Type())) << (4 * (i & 1))
		i++
	}
	if cfg.Mobility || cfg.MobilityTable {
		var mob nnue.Mobility
		nnue.CountMobility(p, &mob)
		for k, f := range mob.Features[:mob.N] {
			s.mob[k] = uint8(f)
		}
		s.nmob = uint8(mob.N)
	}
	s.stm = p.SideToMove()
	if s.stm == movegen.Black {
		result, score = 1-result, -score
	}
	s.result = uint8(math.Round(2 * result))
	s.score = int16(max(min(score, math.MaxInt16), -math.MaxInt16))
	return s
}

// targetMix is how a position's result and score make the target of an
// epoch: the result's share (which a schedule may move from epoch to
// epoch) and the sigmoid's scale.
type targetMix struct{ lambda, scale float64 }

// target is what sigmoid(output) should be for s, side to move's view.
func (x targetMix) target(s *packed) float32 {
	return float32(Target(float64(s.result)/2, float64(s.score), x.lambda, x.scale))
}

// maxViewFeatures bounds one view's active inputs: 32 pieces, each with a
// factor row when factorised, and a mobility feature for up to 30 pieces.
const maxViewFeatures = 2*32 + nnue.MaxMobilityPieces

// example is one position as the model reads it.
type example struct {
	feats [2][]uint16 // active inputs, side to move's view first
	// mob is the mobility features in the side to move's view, numbered
	// from 0 (the mobility table's columns), for a model with a table.
	mob    []uint16
	bucket int
	target float32
}

// featureBuf holds an example's features; each goroutine has its own.
type featureBuf struct {
	view [2][maxViewFeatures]uint16
	mob  [nnue.MaxMobilityPieces]uint16
}

// features fills buf and ex with s's input features: in each view every
// piece's piece-square input (and, factorised, its piece's factor row),
// then the mobility inputs (a model of nnue.MaxInputs inputs) or, for a
// model with a mobility table, its mobility features apart. mirrored builds
// them for s's file mirror
// instead: a piece on square sq reads as one on sq^7, while the mobility
// counts stay as they are (a file mirror maps every attack to one of the
// same length), so the mirror costs nothing to build. A mirrored model
// (Model.Mirrored) reverses the files of each view whose king stands on
// files e-h, as the engine does (nnue.ViewOrientation); a model with king
// buckets reads each view's piece-square inputs from its king's bucket.
func (s *packed) features(buf *featureBuf, ex *example, m *Model, mirrored bool, mix targetMix) {
	factors := m.Inputs // where the factor rows start
	flip := 0
	if mirrored {
		flip = 7
	}
	var persp [2]perspective // each colour's view's
	if m.Mirrored || m.KingBuckets != nil {
		persp = s.perspectives(flip, m)
	}
	mobilityStart := m.psqInputs() - nnue.PieceSquareInputs // added to nnue.MobilityFeature
	for v := range 2 {
		view := s.stm ^ movegen.Color(v)
		n := 0
		i := 0
		for b := s.occ; b != 0; b &= b - 1 {
			sq := b.First() ^ movegen.Square(flip)
			code := s.pieces[i/2] >> (4 * (i & 1)) & 15
			i++
			pc := movegen.MakePiece(movegen.Color(code>>3), movegen.PieceType(code&7))
			f := nnue.PieceFeature(view, pc, sq) ^ persp[view].flip
			buf.view[v][n] = uint16(persp[view].offset + f)
			n++
			if m.Factored {
				buf.view[v][n] = uint16(factors + f/64)
				n++
			}
		}
		if m.mobilityInputs() {
			for _, f := range s.mob[:s.nmob] {
				buf.view[v][n] = uint16(mobilityStart + nnue.MobilityFeature(view, uint16(f)))
				n++
			}
		}
		ex.feats[v] = buf.view[v][:n]
	}
	ex.mob = buf.mob[:0]
	if m.Table {
		for _, f := range s.mob[:s.nmob] {
			ex.mob = append(ex.mob, uint16(nnue.MobilityFeature(s.stm, uint16(f))-nnue.PieceSquareInputs))
		}
	}
	ex.bucket = nnue.OutputBucket(s.occ.Count(), m.Buckets)
	ex.target = mix.target(s)
}

// perspective is how a view of m reads the board, as the engine's
// perspective: the XOR its squares take (nnue.ViewOrientation, for a
// mirrored model) and where its king bucket's piece-square rows start.
type perspective struct{ flip, offset int }

// perspectives returns each colour's view's perspective in s (its squares
// XORed with flip first), from that colour's king's square.
func (s *packed) perspectives(flip int, m *Model) [2]perspective {
	var p [2]perspective
	i := 0
	for b := s.occ; b != 0; b &= b - 1 {
		sq := b.First() ^ movegen.Square(flip)
		code := s.pieces[i/2] >> (4 * (i & 1)) & 15
		i++
		if movegen.PieceType(code&7) != movegen.King {
			continue
		}
		c := movegen.Color(code >> 3)
		if m.Mirrored {
			p[c].flip = nnue.ViewOrientation(sq)
		}
		if m.KingBuckets != nil {
			rel := int(sq) ^ p[c].flip
			if c == movegen.Black {
				rel ^= 56
			}
			p[c].offset = int(m.KingBuckets[rel]) * nnue.PieceSquareInputs
		}
	}
	return p
}
