package nnue

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

func TestLanesMatchInt16(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	edge := []int16{0, 1, -1, 32767, -32768, 16384, -16385}
	pick := func() int16 {
		if rng.IntN(4) == 0 {
			return edge[rng.IntN(len(edge))]
		}
		return int16(rng.Uint32())
	}
	for range 100000 {
		var x, y [4]int16
		for k := range 4 {
			x[k], y[k] = pick(), pick()
		}
		pack := func(v [4]int16) uint64 {
			return uint64(uint16(v[0])) | uint64(uint16(v[1]))<<16 | uint64(uint16(v[2]))<<32 | uint64(uint16(v[3]))<<48
		}
		sum, diff := addLanes(pack(x), pack(y)), subLanes(pack(x), pack(y))
		for k := range 4 {
			if got, want := lane(sum, uint(k)), x[k]+y[k]; got != want {
				t.Fatalf("lane %d of %v + %v = %d, want %d", k, x, y, got, want)
			}
			if got, want := lane(diff, uint(k)), x[k]-y[k]; got != want {
				t.Fatalf("lane %d of %v - %v = %d, want %d", k, x, y, got, want)
			}
		}
	}
}

// randomWeights returns a net of random weights in the ranges a trained
// one has, with or without mobility inputs, of one output bucket.
func randomWeights(rng *rand.Rand, mobility bool) *Weights {
	return randomBucketWeights(rng, mobility, 1)
}

// randomBucketWeights is randomWeights with buckets output layers.
func randomBucketWeights(rng *rand.Rand, mobility bool, buckets int) *Weights {
	w := &Weights{Mobility: mobility, Scale: 205, Name: "random"}
	w.Feature = make([][Hidden]int16, Inputs(mobility, 1))
	for i := range w.Feature {
		for j := range w.Feature[i] {
			w.Feature[i][j] = int16(rng.IntN(161) - 80)
		}
	}
	for j := range Hidden {
		w.Bias[j] = int16(rng.IntN(401) - 100)
	}
	w.Output = make([][2][Hidden]int16, buckets)
	w.OutputBias = make([]int32, buckets)
	for b := range buckets {
		for j := range Hidden {
			w.Output[b][0][j] = int16(rng.IntN(2*MaxOutputWeight+1) - MaxOutputWeight)
			w.Output[b][1][j] = int16(rng.IntN(2*MaxOutputWeight+1) - MaxOutputWeight)
		}
		w.OutputBias[b] = int32(rng.IntN(20001) - 10000)
	}
	return w
}

// withRandomTable gives w, a net without mobility inputs, a mobility table
// of random entries up to ±limit.
func withRandomTable(rng *rand.Rand, w *Weights, limit int) *Weights {
	w.MobilityTable = make([][MobilityInputs]int32, len(w.Output))
	for b := range w.MobilityTable {
		for f := range w.MobilityTable[b] {
			w.MobilityTable[b][f] = int32(rng.IntN(2*limit+1) - limit)
		}
	}
	return w
}

// referenceEvaluate is the net of w's first hidden neurons (Hidden, or the
// width of a narrower net) written out as plainly as it can be, in int16
// and int64 on the unpacked weights, from the list of active features of
// each view and the number of pieces on the board: what Network.Evaluate
// must equal bit for bit. It reads no lane from hidden on. A net with a
// mobility table reads the active mobility features of the side to move's
// view through it, and not as columns.
func referenceEvaluate(w *Weights, hidden int, stm movegen.Color, active [2][]int, pieces int) int32 {
	h, b := referenceHidden(w, hidden, stm, active, pieces)
	var sum, table int64
	psq := w.KingBucketCount() * PieceSquareInputs // the mobility inputs follow
	if w.MobilityTable != nil {
		for _, f := range active[stm] {
			if f >= psq {
				table += int64(w.MobilityTable[b][f-psq])
			}
		}
	}
	for v := range h {
		for j, x := range h[v] {
			a := min(max(int64(x), 0), QA)
			sum += a * a / 2 * int64(w.Output[b][v][j])
		}
	}
	return int32((2*sum/QA + int64(w.OutputBias[b]) + table) * int64(w.Scale) / (QA * QB))
}

// referenceHidden is the first layer of the reference: each view's hidden
// sums before the activation, the side to move's view first, summed in
// int16 from the bias and the active features' columns, and the output
// bucket of a position of pieces pieces.
func referenceHidden(w *Weights, hidden int, stm movegen.Color, active [2][]int, pieces int) (h [2][]int16, bucket int) {
	if len(w.Output) > 1 {
		bucket = min((pieces-2)/4, len(w.Output)-1)
	}
	psq := w.KingBucketCount() * PieceSquareInputs // the mobility inputs follow
	for v, view := range []movegen.Color{stm, stm ^ 1} {
		h[v] = make([]int16, hidden)
		copy(h[v], w.Bias[:hidden])
		for _, f := range active[view] {
			if f >= psq && w.MobilityTable != nil {
				continue
			}
			for j := range h[v] {
				h[v][j] += w.Feature[f][j]
			}
		}
	}
	return h, bucket
}

// evalTestFENs evaluates net on each of testFENs with either side to move
// and a random mobility list, and hands each score to check with what a
// reference needs to score the position again: its active features
// (mobility ones only with mobility) and its number of pieces.
func evalTestFENs(t *testing.T, rng *rand.Rand, net *Network, mobility bool,
	check func(fen string, stm movegen.Color, got int32, active [2][]int, pieces int)) {
	t.Helper()
	for _, fen := range testFENs {
		p, err := movegen.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		var acc Accumulator
		acc.Refresh(net, &p)
		m := randomMobility(rng)
		active, pieces := activeFeatures(nil, &p, &m, mobility), p.Occupied().Count()
		for _, stm := range []movegen.Color{movegen.White, movegen.Black} {
			check(fen, stm, net.Evaluate(&acc, stm, &m, pieces), active, pieces)
		}
	}
}

// activeFeatures lists each view's active inputs in p (and of the mobility
// list m, with mobility) as w's file numbers them: a piece's feature in the
// columns of the bucket of the view's own king, its square's file reversed
// while a mirrored net's king stands on files e-h, then the mobility
// features after every bucket. Both come from w's flag and map here, apart
// from the engine's perspective code, so that the reference checks that
// too. A nil w is a net with neither.
func activeFeatures(w *Weights, p *movegen.Position, m *Mobility, mobility bool) [2][]int {
	var active [2][]int
	buckets := 1
	if w != nil {
		buckets = w.KingBucketCount()
	}
	for view := movegen.White; view <= movegen.Black; view++ {
		flip, bucket := movegen.Square(0), 0
		if w != nil {
			king := p.KingSquare(view)
			if w.Mirrored && king&7 >= 4 {
				flip = 7
			}
			if w.KingBuckets != nil {
				own := king ^ flip // the king's square seen from its side
				if view == movegen.Black {
					own ^= 56
				}
				bucket = int(w.KingBuckets[own])
			}
		}
		for b := p.Occupied(); b != 0; b &= b - 1 {
			s := b.First()
			active[view] = append(active[view], bucket*PieceSquareInputs+PieceFeature(view, p.PieceOn(s), s^flip))
		}
		if mobility {
			for _, f := range m.Features[:m.N] {
				active[view] = append(active[view], (buckets-1)*PieceSquareInputs+MobilityFeature(view, f))
			}
		}
	}
	return active
}

// randomMobility makes up a mobility list: the network does not care where
// the counts come from (package eval tests the real ones).
func randomMobility(rng *rand.Rand) Mobility {
	var m Mobility
	for range rng.IntN(MaxMobilityPieces + 3) {
		t := movegen.Knight + movegen.PieceType(rng.IntN(4))
		m.Add(movegen.Color(rng.IntN(2)), t, rng.IntN(30))
	}
	return m
}

var testFENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1",
	"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
}

func TestEvaluateMatchesReference(t *testing.T) {
	eachPath(t, testEvaluateMatchesReference)
}

func testEvaluateMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, form := range []string{"inputs", "none", "table"} {
		mobility := form == "inputs"
		for trial := range 20 {
			buckets := 1
			if trial%2 == 1 {
				buckets = MaxOutputBuckets
			}
			w := randomBucketWeights(rng, mobility, buckets)
			if form == "table" {
				limit := 3 * QA * QB // a few hundred centipawns
				if trial%4 == 0 {
					limit = MaxMobilityTableEntry
				}
				withRandomTable(rng, w, limit)
			}
			if mobility && trial%4 == 0 {
				// The largest mobility weights the format allows, which the
				// biased sums in Evaluate must take without a carry.
				for i := PieceSquareInputs; i < MaxInputs; i++ {
					for j := range w.Feature[i] {
						w.Feature[i][j] = maxMobilityWeight * int16(1-2*rng.IntN(2))
					}
				}
			}
			net, err := w.Network()
			if err != nil {
				t.Fatal(err)
			}
			evalTestFENs(t, rng, net, form != "none", func(fen string, stm movegen.Color, got int32, active [2][]int, pieces int) {
				if want := referenceEvaluate(w, Hidden, stm, active, pieces); got != want {
					t.Errorf("trial %d, mobility %s, %d buckets, %s, %v to move: Evaluate = %d, reference %d",
						trial, form, buckets, fen, stm, got, want)
				}
			})
		}
	}
}

func TestUpdateMatchesRefresh(t *testing.T) {
	eachPath(t, testUpdateMatchesRefresh)
}

func testUpdateMatchesRefresh(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	net, err := randomWeights(rng, true).Network()
	if err != nil {
		t.Fatal(err)
	}
	var ml movegen.MoveList
	for _, fen := range testFENs {
		p, _ := movegen.ParseFEN(fen)
		var acc, fresh Accumulator
		acc.Refresh(net, &p)
		for ply := range 300 {
			ml.N = 0
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			child := p
			m := ml.Moves[rng.IntN(ml.N)]
			child.MakeMove(m)
			var next Accumulator
			next.Update(net, &acc, &p, &child)
			fresh.Refresh(net, &child)
			if next != fresh {
				t.Fatalf("%s, ply %d: after %v from %q the updated accumulator differs from a refresh", fen, ply, m, p.String())
			}
			p, acc = child, next
		}
	}
}

func TestFileRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for i, mobility := range []bool{true, false, true, false} {
		buckets := 1
		if i >= 2 {
			buckets = MaxOutputBuckets
		}
		w := randomBucketWeights(rng, mobility, buckets)
		table := i == 3
		if table {
			withRandomTable(rng, w, MaxMobilityTableEntry)
		}
		b, err := w.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if want := headerSize + payloadSize(Inputs(mobility, 1), buckets, Hidden, table, false); len(b) != want {
			t.Errorf("file of %d bytes, want %d", len(b), want)
		}
		if version := int(b[4]); (buckets == 1) != (version == 1) {
			t.Errorf("a net of %d buckets is written as version %d", buckets, version)
		}
		back, err := Parse(b)
		if err != nil {
			t.Fatalf("Parse(MarshalBinary()) failed: %v", err)
		}
		b2, _ := back.MarshalBinary()
		if !bytes.Equal(b, b2) {
			t.Errorf("mobility %v: the file does not survive a round trip", mobility)
		}
		n1, _ := w.Network()
		n2, err := Load(b)
		if err != nil {
			t.Fatal(err)
		}
		if *n1 != *n2 {
			t.Errorf("mobility %v: Load(file) differs from the net it was written from", mobility)
		}
		if n2.Name() != "random" || n2.Mobility() != mobility || n2.MobilityTable() != table || n2.Buckets() != buckets {
			t.Errorf("Load: name %q mobility %v table %v buckets %d, want %q %v %v %d",
				n2.Name(), n2.Mobility(), n2.MobilityTable(), n2.Buckets(), "random", mobility, table, buckets)
		}
	}
}

func TestLoadRefusesBadFiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	good, err := randomWeights(rng, true).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(b []byte) []byte) []byte {
		b := bytes.Clone(good)
		return f(b)
	}
	cases := []struct {
		name, want string
		data       []byte
	}{
		{"empty", "not a Sightline net", nil},
		{"foreign", "not a Sightline net", []byte("\x00\x00\x00\x00some other engine's net, long enough to have a header.........")},
		{"datagen file", "not a Sightline net", edit(func(b []byte) []byte { copy(b, "SLDG"); return b })},
		{"header cut", "cut short", good[:40]},
		{"payload cut", "cut short", good[:len(good)-1]},
		{"trailing bytes", "after the net", append(bytes.Clone(good), 0)},
		{"version", "version 3", edit(func(b []byte) []byte { b[4] = 3; return b })},
		{"version 1 with buckets", "zero field", edit(func(b []byte) []byte { b[18] = 8; return b })},
		{"bucket count", "3 output buckets", edit(func(b []byte) []byte { b[4] = 2; b[18] = 3; return b })},
		{"buckets, one layer's bytes", "payload", edit(func(b []byte) []byte { b[4] = 2; b[18] = 8; return b })},
		{"wider", fmt.Sprintf("%d hidden neurons per view, this build %d", Hidden+16, Hidden),
			edit(func(b []byte) []byte { binary.LittleEndian.PutUint16(b[10:], Hidden+16); return b })},
		{"no hidden neurons", "0 hidden neurons", edit(func(b []byte) []byte { b[10], b[11] = 0, 0; return b })},
		{"narrower, full width's bytes", "payload",
			edit(func(b []byte) []byte { binary.LittleEndian.PutUint16(b[10:], Hidden-16); return b })},
		{"quantisation", "quantised", edit(func(b []byte) []byte { b[14] = 32; return b })},
		{"inputs", "inputs", edit(func(b []byte) []byte { b[8] = 0; b[9] = 3; return b })},
		{"flags", "unknown bits", edit(func(b []byte) []byte { b[6] = 17; return b })},
		{"payload damaged", "damaged", edit(func(b []byte) []byte { b[1000] ^= 1; return b })},
		{"mobility weight too large", "mobility weight", func() []byte {
			w := randomWeights(rng, true)
			w.Feature[MaxInputs-1][5] = maxMobilityWeight + 1
			return w.marshal()
		}()},
		{"name changed", "damaged", edit(func(b []byte) []byte { b[21] ^= 1; return b })},
		{"both mobility forms", "at most one", edit(func(b []byte) []byte { b[6] = 3; return b })},
		{"a table with mobility inputs", "inputs", edit(func(b []byte) []byte { b[6] = 2; return b })},
		{"a table, no table's bytes", "payload", func() []byte {
			b := randomWeights(rng, false).marshal()
			b[6] = 2
			return b
		}()},
		{"table entry too large", "mobility table entry", func() []byte {
			w := withRandomTable(rng, randomWeights(rng, false), 10)
			w.MobilityTable[0][7] = MaxMobilityTableEntry + 1
			return w.marshal()
		}()},
	}
	for _, c := range cases {
		_, err := Load(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Load = %v, want an error saying %q", c.name, err, c.want)
		}
	}
}

// narrowerWidths are the widths of the narrower nets a build widens in the
// tests: one step of 16, half the build's and one step short of it.
func narrowerWidths() []int {
	var ws []int
	for _, h := range []int{16, Hidden / 2, Hidden - 16} {
		if h > 0 && h%16 == 0 && h < Hidden && !slices.Contains(ws, h) {
			ws = append(ws, h)
		}
	}
	return ws
}

func TestParseWidensNarrowerNet(t *testing.T) {
	eachPath(t, testParseWidensNarrowerNet)
}

// testParseWidensNarrowerNet writes random nets at narrower widths and
// checks that Parse copies their neurons, adds zero ones, and that the
// widened net scores every position as the narrow net does: as the
// reference computes it on the narrow width alone (the source weights'
// lanes past it hold random numbers, which neither the file nor the
// reference may carry).
func testParseWidensNarrowerNet(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for _, hidden := range narrowerWidths() {
		for _, buckets := range []int{1, MaxOutputBuckets} {
			w := randomBucketWeights(rng, true, buckets)
			wide, err := Parse(w.marshalWidth(hidden))
			if err != nil {
				t.Fatalf("%d hidden neurons: Parse: %v", hidden, err)
			}
			if wide.WidenedFrom != hidden {
				t.Errorf("%d hidden neurons: WidenedFrom = %d, want %d", hidden, wide.WidenedFrom, hidden)
			}
			var zero [Hidden - 16]int16
			same := func(a, b []int16) bool {
				return slices.Equal(a[:hidden], b[:hidden]) && slices.Equal(a[hidden:], zero[:Hidden-hidden])
			}
			ok := same(wide.Bias[:], w.Bias[:])
			for i := range wide.Feature {
				ok = ok && same(wide.Feature[i][:], w.Feature[i][:])
			}
			for b := range wide.Output {
				ok = ok && same(wide.Output[b][0][:], w.Output[b][0][:]) && same(wide.Output[b][1][:], w.Output[b][1][:])
			}
			if !ok {
				t.Errorf("%d hidden neurons: the widened weights are not the file's followed by zeros", hidden)
			}
			net, err := wide.Network()
			if err != nil {
				t.Fatal(err)
			}
			evalTestFENs(t, rng, net, true, func(fen string, stm movegen.Color, got int32, active [2][]int, pieces int) {
				if want := referenceEvaluate(w, hidden, stm, active, pieces); got != want {
					t.Errorf("%d hidden neurons widened to %d, %d buckets, %s, %v to move: Evaluate = %d, the narrow net's %d",
						hidden, Hidden, buckets, fen, stm, got, want)
				}
			})
			// Written again, the widened net is a net of the build's width.
			b, err := wide.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			if again, err := Parse(b); err != nil || again.WidenedFrom != 0 {
				t.Errorf("%d hidden neurons: the widened net written and read again: WidenedFrom %v, error %v; want 0, none",
					hidden, again.WidenedFrom, err)
			}
		}
	}
}

func TestEvaluateSymmetric(t *testing.T) {
	eachPath(t, testEvaluateSymmetric)
}

// testEvaluateSymmetric checks, with random weights over every neuron, that
// a position and its colour-flipped mirror (the board turned over, the
// colours swapped, the other side to move) score the same, their mobility
// features flipped alike, along random games.
func testEvaluateSymmetric(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	w := randomBucketWeights(rng, true, MaxOutputBuckets)
	net, err := w.Network()
	if err != nil {
		t.Fatal(err)
	}
	var ml movegen.MoveList
	for _, fen := range testFENs {
		p, _ := movegen.ParseFEN(fen)
		for ply := range 60 {
			mp := p.Mirrored()
			m := randomMobility(rng)
			mm := m
			for i, f := range m.Features[:m.N] {
				mm.Features[i] = uint16(MobilityFeature(movegen.Black, f) - PieceSquareInputs) // the colours swapped
			}
			var acc, macc Accumulator
			acc.Refresh(net, &p)
			macc.Refresh(net, &mp)
			pieces := p.Occupied().Count()
			if got, want := net.Evaluate(&macc, mp.SideToMove(), &mm, pieces),
				net.Evaluate(&acc, p.SideToMove(), &m, pieces); got != want {
				t.Fatalf("%s, ply %d: Evaluate(%q) = %d, want %d as for its mirror %q", fen, ply, mp.String(), got, want, p.String())
			}
			ml.N = 0
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			p.MakeMove(ml.Moves[rng.IntN(ml.N)])
		}
	}
}

func TestEvaluateAllocatesNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	net, _ := randomWeights(rng, true).Network()
	p, _ := movegen.ParseFEN(testFENs[1])
	child := p
	var ml movegen.MoveList
	p.GenerateLegal(&ml)
	child.MakeMove(ml.Moves[0])
	var acc, next Accumulator
	m := randomMobility(rng)
	allocs := testing.AllocsPerRun(100, func() {
		acc.Refresh(net, &p)
		next.Update(net, &acc, &p, &child)
		net.Evaluate(&next, child.SideToMove(), &m, 32)
	})
	if allocs != 0 {
		t.Errorf("Refresh, Update and Evaluate allocate %v times, want 0", allocs)
	}
}

// BenchmarkEvaluate measures the output layer with and without the mobility
// features (14 pieces' worth, a middlegame's), and BenchmarkUpdate one
// quiet move's accumulator update.
func BenchmarkEvaluate(b *testing.B) {
	for _, mobility := range []bool{false, true} {
		name := "without mobility"
		if mobility {
			name = "with mobility"
		}
		eachPathB(b, name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(15, 16))
			net, _ := randomWeights(rng, mobility).Network()
			p, _ := movegen.ParseFEN(testFENs[1])
			var acc Accumulator
			acc.Refresh(net, &p)
			var m Mobility
			for i := range 14 {
				m.Add(movegen.Color(i&1), movegen.Knight+movegen.PieceType(i%4), 5+i%7)
			}
			for i := 0; i < b.N; i++ {
				net.Evaluate(&acc, movegen.Color(i&1), &m, 26)
			}
		})
	}
}

func BenchmarkUpdate(b *testing.B) { eachPathB(b, "quiet move", benchmarkUpdate) }

func benchmarkUpdate(b *testing.B) {
	rng := rand.New(rand.NewPCG(17, 18))
	net, _ := randomWeights(rng, true).Network()
	p, _ := movegen.ParseFEN(testFENs[0])
	child := p
	m, err := p.ParseMove("g1f3", false)
	if err != nil {
		b.Fatal(err)
	}
	child.MakeMove(m)
	var acc, next Accumulator
	acc.Refresh(net, &p)
	for i := 0; i < b.N; i++ {
		next.Update(net, &acc, &p, &child)
	}
}
