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

func TestViewOrientation(t *testing.T) {
	for _, c := range []struct {
		sq   string
		want int
	}{
		{"a1", 0}, {"b5", 0}, {"c8", 0}, {"d1", 0}, {"d8", 0},
		{"e1", 7}, {"e8", 7}, {"f4", 7}, {"g1", 7}, {"h8", 7},
	} {
		s, _ := movegen.ParseSquare(c.sq)
		if got := ViewOrientation(s); got != c.want {
			t.Errorf("ViewOrientation(%s) = %d, want %d", c.sq, got, c.want)
		}
	}
}

// mirroredNet returns a random net with mobility inputs and output buckets,
// horizontally mirrored or not.
func mirroredNet(t *testing.T, seed uint64, mirrored bool) *Network {
	t.Helper()
	w := randomBucketWeights(rand.New(rand.NewPCG(seed, 1)), true, MaxOutputBuckets)
	w.Mirrored = mirrored
	n, err := w.Network()
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// fileMirrored returns p with the files reversed (a-file for h-file), the
// same side to move, no castling rights and no en-passant square: neither
// is an input of the net. A rank of a FEN read backwards is the rank
// mirrored, its digits (runs of empty squares) included.
func fileMirrored(t *testing.T, p *movegen.Position) movegen.Position {
	t.Helper()
	fields := strings.Fields(p.String())
	ranks := strings.Split(fields[0], "/")
	for i, r := range ranks {
		b := []byte(r)
		slices.Reverse(b)
		ranks[i] = string(b)
	}
	fen := strings.Join(ranks, "/") + " " + fields[1] + " - - 0 1"
	m, err := movegen.ParseFEN(fen)
	if err != nil {
		t.Fatalf("the file mirror of %q: %v", p.String(), err)
	}
	return m
}

// TestMirroredNetScoresFileMirrorAlike: a mirrored net scores every
// position of the walk's games as it scores the position with the files
// reversed, whichever side is to move and wherever each king stands; a
// net that is not mirrored does not (or the test would prove nothing).
func TestMirroredNetScoresFileMirrorAlike(t *testing.T) {
	eachPath(t, testMirroredNetScoresFileMirrorAlike)
}

func testMirroredNetScoresFileMirrorAlike(t *testing.T) {
	mirrored, plain := mirroredNet(t, 41, true), mirroredNet(t, 41, false)
	// seen[stm][white king's orientation][black king's]
	var seen [2][2][2]int
	differ := 0
	walkNet(t, mirrored, func(p *movegen.Position, acc *Accumulator) {
		m := fileMirrored(t, p)
		var macc Accumulator
		macc.Refresh(mirrored, &m)
		if got, want := mirrored.EvaluatePosition(&m, &macc), mirrored.EvaluatePosition(p, acc); got != want {
			t.Fatalf("a mirrored net: EvaluatePosition(%q) = %d, want %d as for its file mirror %q", m.String(), got, want, p.String())
		}
		seen[p.SideToMove()][ViewOrientation(p.KingSquare(movegen.White))/7][ViewOrientation(p.KingSquare(movegen.Black))/7]++
		var pacc Accumulator
		pacc.Refresh(plain, p)
		macc.Refresh(plain, &m)
		if plain.EvaluatePosition(p, &pacc) != plain.EvaluatePosition(&m, &macc) {
			differ++
		}
	})
	for stm := range seen {
		for wk := range seen[stm] {
			for bk, n := range seen[stm][wk] {
				if n < 20 {
					t.Errorf("%v to move, White's king on the %s, Black's on the %s: %d positions, want 20 or more",
						movegen.Color(stm), halves[wk], halves[bk], n)
				}
			}
		}
	}
	if differ == 0 {
		t.Error("a net that is not mirrored scored every position as its file mirror: the test cannot fail")
	}
}

var halves = [2]string{"a-d files", "e-h files"}

// TestMirroredUpdateMatchesRefresh plays random moves from the test
// positions with a mirrored net, each king crossing the d/e line many
// times, and checks every updated accumulator against a refresh; the
// walk's games add castling, en passant and promotions.
func TestMirroredUpdateMatchesRefresh(t *testing.T) {
	eachPath(t, testMirroredUpdateMatchesRefresh)
}

func testMirroredUpdateMatchesRefresh(t *testing.T) {
	net := mirroredNet(t, 43, true)
	for view, n := range kingWalk(t, net, 44) {
		if n < 50 {
			t.Errorf("%v's king crossed the d/e line %d times, want 50 or more", movegen.Color(view), n)
		}
	}
}

// kingWalk plays random moves from the test positions with net, preferring
// king moves so that each view's perspective (its orientation and king
// bucket) changes often, and checks every updated accumulator against a
// refresh; then the walk's games, which add castling, en passant and
// promotions. It returns how many moves changed each view's perspective.
func kingWalk(t *testing.T, net *Network, seed uint64) [2]int {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 45))
	var changes [2]int
	var ml movegen.MoveList
	for _, fen := range testFENs {
		p := movegen.MustParseFEN(fen)
		var acc, fresh Accumulator
		acc.Refresh(net, &p)
		for ply := range 400 {
			ml.N = 0
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			m := ml.Moves[rng.IntN(ml.N)]
			for _, x := range ml.Slice() {
				if p.PieceOn(x.From()).Type() == movegen.King && rng.IntN(3) == 0 {
					m = x
				}
			}
			child := p
			child.MakeMove(m)
			for view := movegen.White; view <= movegen.Black; view++ {
				if net.perspective(&p, view) != net.perspective(&child, view) {
					changes[view]++
				}
			}
			var next Accumulator
			next.Update(net, &acc, &p, &child)
			fresh.Refresh(net, &child)
			if next != fresh {
				t.Fatalf("%s, ply %d: after %v from %q the updated accumulator differs from a refresh", fen, ply, m, p.String())
			}
			p, acc = child, next
		}
	}
	walkNet(t, net, func(p *movegen.Position, acc *Accumulator) {
		var fresh Accumulator
		fresh.Refresh(net, p)
		if *acc != fresh {
			t.Fatalf("%q: an accumulator updated move by move differs from a refresh", p.String())
		}
	})
	return changes
}

// TestMirroredFileRoundTrip: flag bit 2 marks a mirrored net, the file
// reads back as it was written, and the flag alone tells it from the same
// weights unmirrored.
func TestMirroredFileRoundTrip(t *testing.T) {
	w := randomBucketWeights(rand.New(rand.NewPCG(46, 47)), true, MaxOutputBuckets)
	plain, err := w.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	w.Mirrored = true
	b, err := w.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := binary.LittleEndian.Uint16(b[6:]), uint16(flagMobility|flagMirrored); got != want {
		t.Errorf("a mirrored net with mobility inputs: flags %#x, want %#x", got, want)
	}
	if !bytes.Equal(b[headerSize:], plain[headerSize:]) {
		t.Error("a mirrored net's payload differs from the same weights' unmirrored")
	}
	back, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if !back.Mirrored {
		t.Error("Parse(a mirrored net's file).Mirrored = false")
	}
	n, err := Load(b)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := Load(plain)
	if !n.Mirrored() || u.Mirrored() || n.Hash() == u.Hash() {
		t.Errorf("Mirrored(): %v for the mirrored file, %v for the plain one (hashes %016x, %016x); want true, false, two hashes",
			n.Mirrored(), u.Mirrored(), n.Hash(), u.Hash())
	}
}
