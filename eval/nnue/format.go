package nnue

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"strings"
)

// The net file format, version 2 (docs/nnue.md has the same table). All
// integers are little-endian.
//
//	header (64 bytes)
//	 0  magic "SLNN"
//	 4  version uint16 (2; 1 for a net of one output bucket)
//	 6  flags uint16: bit 0 mobility inputs, bit 1 a mobility table,
//	    bit 2 horizontally mirrored inputs, bit 3 king buckets
//	 8  inputs uint16: 768 a king bucket (one without bit 3), and 126
//	    more with mobility
//	10  hidden uint16: neurons per view (Hidden, or fewer: Parse widens)
//	12  QA uint16, 14 QB uint16: the quantisation (QA 255; QB 256, or
//	    64 in files written before generation 10, read scaled to 256)
//	16  scale uint16: centipawns per unit of the float output
//	18  output buckets uint16: 1 or 8 (version 1: zero, one bucket)
//	20  name: 32 bytes, UTF-8, zero-padded
//	52  payload length uint32
//	56  hash uint64: FNV-1a 64 of header bytes 0..55, then the payload
//	payload
//	    feature weights int16 [inputs][hidden] (input-major)
//	    feature bias    int16 [hidden]
//	    output weights  int16 [buckets][2][hidden] (side to move's view first)
//	    output bias     int32 [buckets]
//	    mobility table  int32 [buckets][126], only with flag bit 1
//	    king buckets    uint8 [64], only with flag bit 3: a square's king
//	                    bucket, from the view's side, a1 first
//
// Flag bit 0 marks the mobility inputs (the first layer reads the mobility
// counts as 126 more inputs, 894 in all); bit 1 the mobility table (the
// counts add a learned value per output bucket to the output, and the first
// layer reads the 768 piece-square inputs only). A net has at most one of
// the two. Bit 2 marks a net whose views read the board horizontally
// mirrored when their king stands on files e-h (mirror.go); the payload is
// laid out as any other's. Bit 3 marks a net with king buckets
// (kingbuckets.go): its feature weights hold the 768 piece-square rows of
// each bucket in turn, then the mobility rows, and the payload ends with
// its map from square to bucket.
//
// A net of one bucket is written as version 1, the same bytes as before
// buckets existed, so older files and their hashes stay as they were.
// A net is written at the build's width (Hidden); a build reads that width
// and every narrower one (Parse widens), and refuses a wider net.
// The hash covers the header too, so a file whose name or flags were
// changed by hand is refused like one with a damaged payload.
const (
	Magic             = "SLNN"
	Version           = 2
	headerSize        = 64
	nameSize          = 32
	flagMobility      = 1
	flagMobilityTable = 2
	flagMirrored      = 4
	flagKingBuckets   = 8
)

// Weights is a quantised net in plain arrays: what the trainer makes, the
// file stores and Network is built from.
type Weights struct {
	Mobility bool
	// Mirrored marks a net whose views read the board horizontally
	// mirrored when their own king stands on files e-h (mirror.go).
	Mirrored bool
	// KingBuckets is, for a net with king buckets, the bucket of a view
	// whose king stands on each square, from the view's side, a1 first
	// (kingbuckets.go); nil for a net without. Feature then holds the
	// piece-square rows of bucket 0, then of bucket 1, and so on.
	KingBuckets []uint8
	Scale       int    // centipawns per unit of the float output
	Name        string // at most 32 bytes
	Feature     [][Hidden]int16
	Bias        [Hidden]int16
	// Output and OutputBias hold one output layer per bucket: 1, or
	// MaxOutputBuckets (OutputBucket).
	Output     [][2][Hidden]int16
	OutputBias []int32
	// MobilityTable, when not nil, is the net's mobility table, one row per
	// output layer: entry [b][f] is added to the output, in the output
	// bias's units, for each mobility feature f of the side to move's view
	// (MobilityFeature - PieceSquareInputs). A net with a table has no
	// mobility inputs (Mobility false).
	MobilityTable [][MobilityInputs]int32
	// WidenedFrom is, when Parse read w from a net file narrower than
	// Hidden, that file's number of hidden neurons: neurons WidenedFrom to
	// Hidden-1 are the new ones, every weight of theirs zero (input
	// weights, bias and output weights), so that w evaluates exactly as
	// the file's net does. Zero otherwise; it is not stored in a file.
	//
	// A trainer that starts from such a net (-init) must give the new
	// neurons input weights: with all of them zero, a neuron's activation
	// and so every gradient it gets stays zero. Zero output weights keep
	// the starting outputs the narrow net's.
	WidenedFrom int
}

// Inputs returns the number of inputs a net with or without mobility has,
// of kingBuckets king buckets (1 for a net without).
func Inputs(mobility bool, kingBuckets int) int {
	if mobility {
		return kingBuckets*PieceSquareInputs + MobilityInputs
	}
	return kingBuckets * PieceSquareInputs
}

// KingBucketCount returns the number of w's king buckets: 1 for a net
// without (or with a map that check refuses).
func (w *Weights) KingBucketCount() int {
	if k, err := CheckKingBuckets(w.KingBuckets); err == nil {
		return k
	}
	return 1
}

func (w *Weights) check() error {
	if w.KingBuckets != nil {
		if _, err := CheckKingBuckets(w.KingBuckets); err != nil {
			return err
		}
	}
	k := w.KingBucketCount()
	if len(w.Feature) != Inputs(w.Mobility, k) {
		return fmt.Errorf("the net has %d inputs, want %d", len(w.Feature), Inputs(w.Mobility, k))
	}
	if w.Scale <= 0 || w.Scale > 65535 {
		return fmt.Errorf("the net's scale %d is outside 1..65535", w.Scale)
	}
	if b := len(w.Output); (b != 1 && b != MaxOutputBuckets) || len(w.OutputBias) != b {
		return fmt.Errorf("the net has %d output layers and %d output biases; want 1 or %d of each", b, len(w.OutputBias), MaxOutputBuckets)
	}
	if len(w.Name) > nameSize {
		return fmt.Errorf("the net's name %q is longer than %d bytes", w.Name, nameSize)
	}
	if w.MobilityTable != nil && (w.Mobility || len(w.MobilityTable) != len(w.Output)) {
		return fmt.Errorf("the net has a mobility table of %d rows for %d output layers (mobility inputs %v); want one row a layer and no mobility inputs",
			len(w.MobilityTable), len(w.Output), w.Mobility)
	}
	for _, row := range w.MobilityTable {
		for _, x := range row {
			if x > MaxMobilityTableEntry || x < -MaxMobilityTableEntry {
				return fmt.Errorf("a mobility table entry %d is outside ±%d", x, MaxMobilityTableEntry)
			}
		}
	}
	if w.Mobility {
		for _, col := range w.Feature[k*PieceSquareInputs:] {
			for _, x := range col {
				if x > maxMobilityWeight || x < -maxMobilityWeight {
					return fmt.Errorf("a mobility weight %d is outside ±%d", x, maxMobilityWeight)
				}
			}
		}
	}
	for b := range w.Output {
		for v := range w.Output[b] {
			for _, x := range w.Output[b][v] {
				if x > MaxOutputWeight || x < -MaxOutputWeight {
					return fmt.Errorf("an output weight %d is outside ±%d", x, MaxOutputWeight)
				}
			}
		}
	}
	return nil
}

// Network builds the engine's net from w.
func (w *Weights) Network() (*Network, error) {
	if err := w.check(); err != nil {
		return nil, err
	}
	n := &Network{mobility: w.Mobility, table: w.MobilityTable != nil, mirrored: w.Mirrored, scale: int32(w.Scale), name: w.Name, buckets: len(w.Output)}
	copy(n.mobilityTable[:], w.MobilityTable)
	n.kingBuckets = w.KingBucketCount()
	copy(n.kingBucket[:], w.KingBuckets)
	n.kingRelative = n.mirrored || n.kingBuckets > 1
	psq := n.kingBuckets * PieceSquareInputs
	for i := range psq {
		packRow(&n.psqWeights[i/PieceSquareInputs][i%PieceSquareInputs], &w.Feature[i])
	}
	for i, col := range w.Feature[psq:] {
		packRow(&n.mobilityWeights[i], &col)
		var biased [Hidden]int16
		for j, x := range col {
			biased[j] = x + mobilityBias
		}
		packRow(&n.mobilityBiased[i], &biased)
	}
	packRow(&n.featureBias, &w.Bias)
	for b := range w.Output {
		for v := range w.Output[b] {
			for j, x := range w.Output[b][v] {
				n.outputWeights[b][v][j/4][j%4] = int32(x)
				n.outputWeights16[b][v][j] = x
			}
		}
		n.outputBias[b] = w.OutputBias[b]
	}
	data, _ := w.MarshalBinary()
	n.hash = binary.LittleEndian.Uint64(data[56:])
	return n, nil
}

// payloadSize is the size of the payload of a net of hidden neurons per
// view, with a mobility table or not, with king buckets or not.
func payloadSize(inputs, buckets, hidden int, table, kingBuckets bool) int {
	n := 2*inputs*hidden + 2*hidden + buckets*(2*2*hidden+4)
	if table {
		n += buckets * MobilityInputs * 4
	}
	if kingBuckets {
		n += 64
	}
	return n
}

// MarshalBinary writes w in the file format.
func (w *Weights) MarshalBinary() ([]byte, error) {
	if err := w.check(); err != nil {
		return nil, err
	}
	return w.marshal(), nil
}

// marshal writes w in the file format, unchecked.
func (w *Weights) marshal() []byte { return w.marshalWidth(Hidden) }

// marshalWidth writes the net of w's first hidden neurons, unchecked: a
// file of another width than the build's, for the tests.
func (w *Weights) marshalWidth(hidden int) []byte {
	n := payloadSize(len(w.Feature), len(w.Output), hidden, w.MobilityTable != nil, w.KingBuckets != nil)
	b := make([]byte, headerSize, headerSize+n)
	copy(b, Magic)
	le := binary.LittleEndian
	if len(w.Output) == 1 {
		le.PutUint16(b[4:], 1)
	} else {
		le.PutUint16(b[4:], Version)
		le.PutUint16(b[18:], uint16(len(w.Output)))
	}
	var flags uint16
	switch {
	case w.Mobility:
		flags = flagMobility
	case w.MobilityTable != nil:
		flags = flagMobilityTable
	}
	if w.Mirrored {
		flags |= flagMirrored
	}
	if w.KingBuckets != nil {
		flags |= flagKingBuckets
	}
	le.PutUint16(b[6:], flags)
	le.PutUint16(b[8:], uint16(len(w.Feature)))
	le.PutUint16(b[10:], uint16(hidden))
	le.PutUint16(b[12:], QA)
	le.PutUint16(b[14:], QB)
	le.PutUint16(b[16:], uint16(w.Scale))
	copy(b[20:20+nameSize], w.Name)
	le.PutUint32(b[52:], uint32(n))
	for i := range w.Feature {
		for _, x := range w.Feature[i][:hidden] {
			b = le.AppendUint16(b, uint16(x))
		}
	}
	for _, x := range w.Bias[:hidden] {
		b = le.AppendUint16(b, uint16(x))
	}
	for _, layer := range w.Output {
		for v := range layer {
			for _, x := range layer[v][:hidden] {
				b = le.AppendUint16(b, uint16(x))
			}
		}
	}
	for _, x := range w.OutputBias {
		b = le.AppendUint32(b, uint32(x))
	}
	for _, row := range w.MobilityTable {
		for _, x := range row {
			b = le.AppendUint32(b, uint32(x))
		}
	}
	b = append(b, w.KingBuckets...)
	le.PutUint64(b[56:], fileHash(b))
	return b
}

// fileHash is the FNV-1a 64 hash of a file's header before the hash field,
// then its payload.
func fileHash(b []byte) uint64 {
	h := fnv.New64a()
	h.Write(b[:56])
	h.Write(b[headerSize:])
	return h.Sum64()
}

// ErrNotNet is wrapped by Parse's error for data that is not a Sightline
// net file at all.
var ErrNotNet = errors.New("not a Sightline net file")

// Parse reads a net file into Weights, checking every header field and
// the hash. A net of fewer hidden neurons than Hidden is widened to
// Hidden: its neurons are copied and the new ones get zero input weights,
// bias and output weights, so that it scores every position as it did
// (WidenedFrom says which neurons are new). A wider net is refused.
func Parse(b []byte) (*Weights, error) {
	if len(b) < headerSize {
		if len(b) >= 4 && string(b[:4]) == Magic {
			return nil, fmt.Errorf("the file is cut short: %d bytes, the header alone is %d", len(b), headerSize)
		}
		return nil, fmt.Errorf("%w (%d bytes)", ErrNotNet, len(b))
	}
	if string(b[:4]) != Magic {
		return nil, fmt.Errorf("%w (it starts %q, not %q)", ErrNotNet, b[:4], Magic)
	}
	le := binary.LittleEndian
	buckets := 1
	switch v := le.Uint16(b[4:]); v {
	case 1:
		if x := le.Uint16(b[18:]); x != 0 {
			return nil, fmt.Errorf("a version 1 net file with %d in its zero field", x)
		}
	case Version:
		buckets = int(le.Uint16(b[18:]))
		if buckets != 1 && buckets != MaxOutputBuckets {
			return nil, fmt.Errorf("the net has %d output buckets; this build reads 1 or %d", buckets, MaxOutputBuckets)
		}
	default:
		return nil, fmt.Errorf("net file version %d; this build reads versions 1 and %d", v, Version)
	}
	flags := le.Uint16(b[6:])
	switch {
	case flags&^(flagMobility|flagMobilityTable|flagMirrored|flagKingBuckets) != 0:
		return nil, fmt.Errorf("net file flags %#x: unknown bits (a net of a newer build?)", flags)
	case flags&(flagMobility|flagMobilityTable) == flagMobility|flagMobilityTable:
		return nil, fmt.Errorf("net file flags %#x: mobility inputs and a mobility table, but a net has at most one", flags)
	}
	table := flags&flagMobilityTable != 0
	w := &Weights{Mobility: flags&flagMobility != 0, Mirrored: flags&flagMirrored != 0, Scale: int(le.Uint16(b[16:]))}
	inputs := int(le.Uint16(b[8:]))
	bucketed := flags&flagKingBuckets != 0
	kingBuckets := 1
	if bucketed {
		kingBuckets = (inputs - Inputs(w.Mobility, 0)) / PieceSquareInputs
		if kingBuckets < 2 || kingBuckets > MaxKingBuckets || inputs != Inputs(w.Mobility, kingBuckets) {
			return nil, fmt.Errorf("the net has king buckets and %d inputs (mobility %v): not 2 to %d buckets of %d piece-square inputs; this build reads at most %d buckets",
				inputs, w.Mobility, MaxKingBuckets, PieceSquareInputs, MaxKingBuckets)
		}
	}
	if inputs != Inputs(w.Mobility, kingBuckets) {
		return nil, fmt.Errorf("the net has %d inputs; with mobility %v and no king buckets it must have %d", inputs, w.Mobility, Inputs(w.Mobility, 1))
	}
	hidden := int(le.Uint16(b[10:]))
	switch {
	case hidden == 0:
		return nil, fmt.Errorf("the net has 0 hidden neurons")
	case hidden > Hidden:
		return nil, fmt.Errorf("the net has %d hidden neurons per view, this build %d: it needs a build at least as wide (docs/nnue.md, the network)", hidden, Hidden)
	case hidden < Hidden:
		w.WidenedFrom = hidden
	}
	qa, qb := le.Uint16(b[12:]), le.Uint16(b[14:])
	if qa != QA || (qb != QB && qb != legacyQB) {
		return nil, fmt.Errorf("the net is quantised with QA %d, QB %d; this build reads QA %d with QB %d or %d", qa, qb, QA, QB, legacyQB)
	}
	n := payloadSize(inputs, buckets, hidden, table, bucketed)
	if got := le.Uint32(b[52:]); int(got) != n {
		return nil, fmt.Errorf("the header says the payload is %d bytes; a net of these sizes has %d", got, n)
	}
	if len(b) < headerSize+n {
		return nil, fmt.Errorf("the file is cut short: %d bytes, want %d", len(b), headerSize+n)
	}
	if len(b) > headerSize+n {
		return nil, fmt.Errorf("the file has %d bytes after the net", len(b)-headerSize-n)
	}
	if got, want := fileHash(b), le.Uint64(b[56:]); got != want {
		return nil, fmt.Errorf("the file's hash is %016x, its header says %016x: the file is damaged", got, want)
	}
	w.Name = strings.TrimRight(string(b[20:20+nameSize]), "\x00")
	p := b[headerSize:]
	next16 := func() int16 { x := int16(le.Uint16(p)); p = p[2:]; return x }
	// Each row fills its first hidden lanes; the rest of a widened net's
	// stay zero.
	w.Feature = make([][Hidden]int16, inputs)
	for i := range w.Feature {
		for j := range hidden {
			w.Feature[i][j] = next16()
		}
	}
	for j := range hidden {
		w.Bias[j] = next16()
	}
	w.Output = make([][2][Hidden]int16, buckets)
	for b := range w.Output {
		for v := range w.Output[b] {
			for j := range hidden {
				w.Output[b][v][j] = next16()
			}
		}
	}
	w.OutputBias = make([]int32, buckets)
	for b := range w.OutputBias {
		w.OutputBias[b] = int32(le.Uint32(p))
		p = p[4:]
	}
	if table {
		w.MobilityTable = make([][MobilityInputs]int32, buckets)
		for b := range w.MobilityTable {
			for f := range w.MobilityTable[b] {
				w.MobilityTable[b][f] = int32(le.Uint32(p))
				p = p[4:]
			}
		}
	}
	if bucketed {
		w.KingBuckets = append([]uint8(nil), p[:64]...)
		if k, err := CheckKingBuckets(w.KingBuckets); err != nil {
			return nil, err
		} else if k != kingBuckets {
			return nil, fmt.Errorf("the net's inputs make %d king buckets, its map %d", kingBuckets, k)
		}
	}
	if qb == legacyQB {
		if err := w.rescaleOutput(QB / legacyQB); err != nil {
			return nil, err
		}
	}
	return w, nil
}

// rescaleOutput multiplies the output weights and biases by k: a net of a
// coarser QB brought to ours, with the same outputs but for the rounding
// of the activation's half square (network.go). A weight or bias that
// would leave its bound once scaled is an error: the file was never valid.
func (w *Weights) rescaleOutput(k int) error {
	for b := range w.Output {
		for v := range w.Output[b] {
			for j, x := range w.Output[b][v] {
				if int(x)*k > MaxOutputWeight || int(x)*k < -MaxOutputWeight {
					return fmt.Errorf("an output weight %d is outside ±%d", x, MaxOutputWeight/k)
				}
				w.Output[b][v][j] = x * int16(k)
			}
		}
		if x := int64(w.OutputBias[b]) * int64(k); x != int64(int32(x)) {
			return fmt.Errorf("the output bias %d is outside ±%d", w.OutputBias[b], math.MaxInt32/k)
		}
		w.OutputBias[b] *= int32(k)
	}
	return nil
}

// Load reads a net file and builds the engine's net from it.
func Load(b []byte) (*Network, error) {
	w, err := Parse(b)
	if err != nil {
		return nil, err
	}
	return w.Network()
}

// LoadFile reads the net file at path (EvalFile, datagen -net) and builds
// the engine's net from it; an error names the file.
func LoadFile(path string) (*Network, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err // os's error names the path
	}
	n, err := Load(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return n, nil
}
