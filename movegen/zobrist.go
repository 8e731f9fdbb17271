package movegen

// Zobrist keys. They come from a fixed-seed generator so that keys, and with
// them hash-table behaviour and bench node counts, are the same on every run.
var (
	zobristPiece    [14][64]uint64
	zobristCastling [16]uint64
	zobristEP       [8]uint64
	zobristSide     uint64
)

// splitmix64 is a small, well-mixed generator (Steele, Lea, Flood 2014).
type splitmix64 uint64

func (s *splitmix64) next() uint64 {
	*s += 0x9E3779B97F4A7C15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

func initZobrist() {
	rng := splitmix64(0x5167_6874_6C69_6E65) // "Sightline"
	for p := range zobristPiece {
		for s := range zobristPiece[p] {
			zobristPiece[p][s] = rng.next()
		}
	}
	for i := range zobristCastling {
		zobristCastling[i] = rng.next()
	}
	for i := range zobristEP {
		zobristEP[i] = rng.next()
	}
	zobristSide = rng.next()
}

// computeKey returns the key of p from scratch; the incremental key must equal it.
func (p *Position) computeKey() uint64 {
	var k uint64
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			k ^= zobristPiece[pc][s]
		}
	}
	k ^= zobristCastling[p.castling]
	if p.ep != NoSquare {
		k ^= zobristEP[p.ep.File()]
	}
	if p.side == Black {
		k ^= zobristSide
	}
	return k
}
