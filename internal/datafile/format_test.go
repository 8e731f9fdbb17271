package datafile

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// randomGames plays n games of random legal moves from starts that need
// every part of the format: Chess960 castling rooks, castling on both
// wings, en passant, promotions. Scores and results are random too, the
// flags the ones datagen gives.
func randomGames(n int, seed uint64) [][]Record {
	starts := []string{
		movegen.StartFEN,
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"r3k2r/pPpp1ppp/8/3Pp3/8/8/P1PP1pPP/R3K2R w KQkq e6 0 12",
		"4k3/1P4P1/8/8/8/8/1p4p1/4K3 w - - 0 40",
		"8/8/8/8/8/K7/P7/k7 b - - 37 90",
	}
	rng := rand.New(rand.NewPCG(seed, 0))
	var games [][]Record
	for len(games) < n {
		pos := movegen.MustParseFEN(starts[len(games)%len(starts)])
		result := Result(rng.IntN(3))
		var game []Record
		for ply := 0; ply < 1+rng.IntN(200); ply++ {
			var ml movegen.MoveList
			pos.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			m := ml.Moves[rng.IntN(ml.N)]
			score := int16(rng.IntN(4000) - 2000)
			if rng.IntN(20) == 0 {
				score = 31990 // a mate score
			}
			game = append(game, Record{Pos: pos, Score: score, Result: result, Flags: MoveFlags(&pos, m, score), Move: m})
			pos.MakeMove(m)
		}
		if len(game) > 0 {
			games = append(games, game)
		}
	}
	return games
}

// someGames is a version-2 file of a few random games.
func someGames(t *testing.T) []byte {
	t.Helper()
	return writeGames(t, Version, randomGames(3, 7))
}

func writeGames(t *testing.T, version uint16, games [][]Record) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewWriterVersion(&buf, version)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if err := w.WriteGame(g); err != nil {
			t.Fatalf("version %d: WriteGame: %v", version, err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// sameRecord compares two records field by field, the position in every
// field a FEN and the key hold.
func sameRecord(a, b *Record) bool {
	return a.Pos.String() == b.Pos.String() && a.Pos.Key() == b.Pos.Key() && a.Score == b.Score &&
		a.Result == b.Result && a.Flags == b.Flags && a.Move == b.Move
}

// Both versions give back the games they were given, and a version-1 file
// converts to version 2 position for position.
func TestFormatRoundTripAndConversion(t *testing.T) {
	games := randomGames(60, 1)
	v1 := writeGames(t, 1, games)
	back1, err := readAll(t, v1)
	if err != nil {
		t.Fatal(err)
	}
	v2 := writeGames(t, 2, back1) // the conversion: read version 1, write version 2
	back2, err := readAll(t, v2)
	if err != nil {
		t.Fatal(err)
	}
	if len(back1) != len(games) || len(back2) != len(games) {
		t.Fatalf("read %d and %d games, wrote %d", len(back1), len(back2), len(games))
	}
	positions := 0
	for gi := range games {
		for i := range games[gi] {
			positions++
			if !sameRecord(&back1[gi][i], &games[gi][i]) || !sameRecord(&back2[gi][i], &games[gi][i]) {
				t.Fatalf("game %d ply %d: wrote %q %v, read %q %v (v1) and %q %v (v2)", gi, i,
					games[gi][i].Pos.String(), games[gi][i].Move, back1[gi][i].Pos.String(), back1[gi][i].Move,
					back2[gi][i].Pos.String(), back2[gi][i].Move)
			}
		}
	}
	t.Logf("%d positions: version 1 %d bytes, version 2 %d bytes (%.2f a position)",
		positions, len(v1), len(v2), float64(len(v2)-headerSize)/float64(positions))
	if len(v2)*6 > len(v1) {
		t.Errorf("version 2 takes %d bytes, version 1 %d: want about an eighth", len(v2), len(v1))
	}
}

// Version 2 refuses a game it could not give back, saying why.
func TestVersion2RefusesWhatItCannotStore(t *testing.T) {
	good := randomGames(1, 2)[0]
	for len(good) < 3 {
		good = randomGames(1, uint64(len(good))+3)[0]
	}
	for name, edit := range map[string]func(g []Record){
		"a gap":          func(g []Record) { g[2] = g[0] },
		"mixed results":  func(g []Record) { g[1].Result = (g[0].Result + 1) % 3 },
		"other flags":    func(g []Record) { g[1].Flags ^= FlagInCheck },
		"illegal move":   func(g []Record) { g[0].Move = movegen.NewMove(movegen.A1, movegen.H8) },
		"result too big": func(g []Record) { g[0].Result = 5 },
	} {
		g := append([]Record(nil), good...)
		edit(g)
		w, _ := NewWriterVersion(io.Discard, 2)
		if err := w.WriteGame(g); err == nil {
			t.Errorf("%s: WriteGame accepted it", name)
		}
	}
}

// A version-1 file cut anywhere reads back its whole games too.
func TestTruncatedVersion1File(t *testing.T) {
	games := randomGames(3, 3)
	data := writeGames(t, 1, games)
	first := 2 + len(games[0])*RecordSize
	for _, cut := range []int{headerSize + first - 1, headerSize + first + 3} {
		got, err := readAll(t, data[:cut])
		if !errors.Is(err, ErrTruncated) || len(got) != boolInt(cut > headerSize+first) {
			t.Errorf("cut at %d: %d games, error %v; want %d and ErrTruncated", cut, len(got), err, boolInt(cut > headerSize+first))
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// The header's checks name what is wrong.
func TestHeaderMessages(t *testing.T) {
	v2 := writeGames(t, 2, randomGames(1, 4))
	for name, tc := range map[string]struct {
		edit func(b []byte)
		want string
	}{
		"magic":   {func(b []byte) { b[0] = 'X' }, "not a Sightline data file"},
		"version": {func(b []byte) { b[4] = 3 }, "version 3"},
		"size":    {func(b []byte) { b[6] = 34 }, "size field 34"},
	} {
		b := append([]byte(nil), v2...)
		tc.edit(b)
		_, err := NewReader(bytes.NewReader(b))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", name, err, tc.want)
		}
	}
}

func readAll(t *testing.T, data []byte) ([][]Record, error) {
	t.Helper()
	r, err := NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var games [][]Record
	for {
		g, err := r.Next(nil)
		if err != nil {
			if err == io.EOF {
				return games, nil
			}
			return games, err
		}
		games = append(games, g)
	}
}

// encodeV1 and decodeV1 keep everything, Chess960 castling rooks and
// en-passant squares included.
func TestRecordRoundTrip(t *testing.T) {
	for _, fen := range []string{
		movegen.StartFEN,
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"8/8/8/8/8/K7/P7/k7 b - - 37 90",
		"r3k2r/8/8/8/8/8/8/R3K2R b Qk - 0 1",
	} {
		want := Record{Pos: movegen.MustParseFEN(fen), Score: -1234, Result: Draw, Flags: FlagNoisyBest, Move: movegen.NewMove(1, 18)}
		var b [RecordSize]byte
		encodeV1(b[:], &want)
		got, err := decodeV1(b[:])
		if err != nil {
			t.Fatalf("decodeV1(encodeV1(%q)): %v", fen, err)
		}
		if got.Pos.String() != want.Pos.String() || got.Pos.Key() != want.Pos.Key() || got.Score != want.Score ||
			got.Result != want.Result || got.Flags != want.Flags || got.Move != want.Move {
			t.Errorf("round trip of %q gave %q %d %d %d %v", fen, got.Pos.String(), got.Score, got.Result, got.Flags, got.Move)
		}
	}
}

// A file cut anywhere reads back its whole games and then says it was cut.
func TestTruncatedFileKeepsWholeGames(t *testing.T) {
	data := someGames(t)
	all, _ := readAll(t, data)
	first := 2 + gameHeadV2 + len(all[0])*plySizeV2 // the first game's block
	for _, cut := range []int{headerSize + 1, headerSize + first - 1, headerSize + first + 5, len(data) - 1} {
		games, err := readAll(t, data[:cut])
		if !errors.Is(err, ErrTruncated) {
			t.Errorf("cut at %d: error %v, want ErrTruncated", cut, err)
		}
		wantGames := 0
		if cut >= headerSize+first {
			wantGames = 1
		}
		if cut == len(data)-1 {
			wantGames = len(all) - 1
		}
		if len(games) != wantGames {
			t.Errorf("cut at %d: %d whole games, want %d", cut, len(games), wantGames)
		}
	}
}

func TestReaderRefusesForeignFiles(t *testing.T) {
	good := someGames(t)
	newer := append([]byte(nil), good...)
	newer[4] = 99
	for name, data := range map[string][]byte{
		"empty":   nil,
		"short":   good[:5],
		"foreign": []byte("PK\x03\x04 this is a zip file, not ours"),
		"version": newer,
	} {
		if _, err := NewReader(bytes.NewReader(data)); err == nil {
			t.Errorf("%s: NewReader accepted it", name)
		}
	}
	bad := append([]byte(nil), good...)
	bad[headerSize+2] = 7 // a result byte out of range
	if _, err := readAll(t, bad); err == nil || errors.Is(err, ErrTruncated) {
		t.Errorf("a damaged result: error %v, want one naming the damage", err)
	}
	bad = append([]byte(nil), good...)
	bad[headerSize+2+gameHeadV2+1] ^= 0x0f // the first move's destination
	if _, err := readAll(t, bad); err == nil || errors.Is(err, ErrTruncated) {
		t.Errorf("a damaged move: error %v, want one naming the damage", err)
	}
}
