package nnue

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// bucketedWeights returns random weights with mobility inputs, output
// buckets and the king buckets of layout, every bucket's columns drawn
// apart.
func bucketedWeights(t *testing.T, seed uint64, layout string) *Weights {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 2))
	m := KingBucketLayouts[layout]
	k, err := CheckKingBuckets(m[:])
	if err != nil {
		t.Fatal(err)
	}
	w := randomBucketWeights(rng, true, MaxOutputBuckets)
	mob := w.Feature[PieceSquareInputs:]
	w.Feature = w.Feature[:0:0]
	for range k {
		w.Feature = append(w.Feature, randomBucketWeights(rng, false, 1).Feature...)
	}
	w.Feature = append(w.Feature, mob...)
	w.KingBuckets = m[:]
	return w
}

func TestKingBucketLayouts(t *testing.T) {
	for name, m := range KingBucketLayouts {
		if _, err := CheckKingBuckets(m[:]); err != nil {
			t.Errorf("layout %s: %v", name, err)
		}
	}
	for name, want := range map[string]map[string]uint8{
		"wings4": {"a1": 0, "c2": 0, "d1": 1, "e2": 1, "f1": 2, "g1": 2, "h2": 2, "e3": 3, "a8": 3, "h5": 3},
		"wings7": {"a1": 0, "c2": 0, "d1": 1, "e2": 1, "f1": 2, "h2": 2, "a3": 3, "d4": 3, "e3": 4, "h4": 4,
			"a5": 5, "d8": 5, "e5": 6, "h8": 6},
	} {
		m := KingBucketLayouts[name]
		for sq, b := range want {
			s, _ := movegen.ParseSquare(sq)
			if m[s] != b {
				t.Errorf("%s[%s] = %d, want %d", name, sq, m[s], b)
			}
		}
	}
}

// TestKingBucketsUpdateMatchesRefresh plays random moves with king-bucketed
// nets, mirrored and not, each king changing buckets many times, and
// checks every updated accumulator against a refresh.
func TestKingBucketsUpdateMatchesRefresh(t *testing.T) {
	eachPath(t, func(t *testing.T) {
		for _, layout := range []string{"wings4", "wings7"} {
			for _, mirrored := range []bool{false, true} {
				w := bucketedWeights(t, 50, layout)
				w.Mirrored = mirrored
				net, err := w.Network()
				if err != nil {
					t.Fatal(err)
				}
				for view, n := range kingWalk(t, net, 51) {
					if n < 50 {
						t.Errorf("%s, mirrored %v: %v's king changed perspective %d times, want 50 or more", layout, mirrored, movegen.Color(view), n)
					}
				}
			}
		}
	})
}

// TestKingBucketsReadTheirColumns: a view reads the columns of its own
// king's bucket. A net whose buckets hold the same columns scores every
// position as the net without buckets; changing the columns of the
// bucket of one view's king alone changes that view and not the other.
func TestKingBucketsReadTheirColumns(t *testing.T) {
	eachPath(t, func(t *testing.T) {
		plain := randomBucketWeights(rand.New(rand.NewPCG(52, 53)), true, MaxOutputBuckets)
		m := KingBucketLayouts["wings4"]
		same := *plain
		same.KingBuckets = m[:]
		same.Feature = nil
		for range 4 {
			same.Feature = append(same.Feature, plain.Feature[:PieceSquareInputs]...)
		}
		same.Feature = append(same.Feature, plain.Feature[PieceSquareInputs:]...)
		pn, err := plain.Network()
		if err != nil {
			t.Fatal(err)
		}
		sn, err := same.Network()
		if err != nil {
			t.Fatal(err)
		}
		for _, fen := range testFENs {
			p := movegen.MustParseFEN(fen)
			var a, b Accumulator
			a.Refresh(pn, &p)
			b.Refresh(sn, &p)
			if got, want := sn.EvaluatePosition(&p, &b), pn.EvaluatePosition(&p, &a); got != want {
				t.Errorf("%q: a net of four equal buckets scores %d, the net without buckets %d", fen, got, want)
			}
		}
		// White's king on g1 (bucket 2), Black's on e8 (bucket 1 from
		// Black's side): bucket 2's columns move White's view alone.
		p := movegen.MustParseFEN("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQ1RK1 b kq - 2 5")
		changed := same
		changed.Feature = slices.Clone(same.Feature)
		for i := 2 * PieceSquareInputs; i < 3*PieceSquareInputs; i++ {
			changed.Feature[i][0] += 7
		}
		cn, err := changed.Network()
		if err != nil {
			t.Fatal(err)
		}
		var before, after Accumulator
		before.Refresh(sn, &p)
		after.Refresh(cn, &p)
		if before.v[movegen.White] == after.v[movegen.White] || before.v[movegen.Black] != after.v[movegen.Black] {
			t.Error("bucket 2's columns changed: want White's view (king on g1) changed and Black's (king on e8) not")
		}
	})
}

// TestKingBucketsFileRoundTrip: flag bit 3 marks a net with king buckets,
// the map ends the payload, and the file reads back as it was written.
func TestKingBucketsFileRoundTrip(t *testing.T) {
	w := bucketedWeights(t, 54, "wings4")
	b, err := w.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := binary.LittleEndian.Uint16(b[6:]), uint16(flagMobility|flagKingBuckets); got != want {
		t.Errorf("flags %#x, want %#x", got, want)
	}
	if got, want := int(binary.LittleEndian.Uint16(b[8:])), 4*PieceSquareInputs+MobilityInputs; got != want {
		t.Errorf("inputs %d, want %d", got, want)
	}
	if !bytes.Equal(b[len(b)-64:], w.KingBuckets) {
		t.Error("the payload does not end with the king bucket map")
	}
	back, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := back.MarshalBinary()
	if !bytes.Equal(again, b) || !slices.Equal(back.KingBuckets, w.KingBuckets) {
		t.Error("a king-bucketed net does not read back as written")
	}
	n, err := Load(b)
	if err != nil {
		t.Fatal(err)
	}
	if n.KingBuckets() != 4 {
		t.Errorf("KingBuckets() = %d, want 4", n.KingBuckets())
	}
}

// TestKingBucketsRefusals: a file whose map or inputs do not agree, or of
// more buckets than the build holds, is refused with what is wrong.
func TestKingBucketsRefusals(t *testing.T) {
	good, err := bucketedWeights(t, 55, "wings4").MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	// rehash gives an edited file a valid hash, so that the check it
	// exercises is the one that refuses it.
	rehash := func(b []byte) []byte {
		binary.LittleEndian.PutUint64(b[56:], fileHash(b))
		return b
	}
	edit := func(f func(b []byte) []byte) []byte { return rehash(f(bytes.Clone(good))) }
	cases := []struct {
		name, want string
		data       []byte
	}{
		{"a bucket past the inputs' count", "king buckets, its map", edit(func(b []byte) []byte { b[len(b)-1] = 4; b[len(b)-2] = 5; return b })},
		{"a bucket no square picks", "no square picks bucket 1", edit(func(b []byte) []byte {
			m := b[len(b)-64:]
			for i := range m {
				if m[i] == 1 {
					m[i] = 0
				}
			}
			return b
		})},
		{"no flag", "no king buckets", edit(func(b []byte) []byte { b[6] &^= flagKingBuckets; return b })},
		{"too many buckets", "at most 8 buckets", edit(func(b []byte) []byte {
			binary.LittleEndian.PutUint16(b[8:], 9*PieceSquareInputs+MobilityInputs)
			return b
		})},
		{"inputs not whole buckets", "not 2 to 8 buckets", edit(func(b []byte) []byte {
			binary.LittleEndian.PutUint16(b[8:], 4*PieceSquareInputs+MobilityInputs+1)
			return b
		})},
	}
	for _, c := range cases {
		_, err := Load(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Load = %v, want an error saying %q", c.name, err, c.want)
		}
	}
	if _, err := CheckKingBuckets(make([]uint8, 64)); err == nil || !strings.Contains(err.Error(), "1 buckets") {
		t.Errorf("CheckKingBuckets(one bucket) = %v, want a refusal", err)
	}
}
