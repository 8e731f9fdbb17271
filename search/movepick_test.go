package search

import (
	"fmt"
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

// pickRand is the tests' xorshift generator: the same positions and moves
// on every run.
type pickRand uint64

func (r *pickRand) next() uint64 {
	x := uint64(*r)
	x ^= x >> 12
	x ^= x << 25
	x ^= x >> 27
	*r = pickRand(x)
	return x * 0x2545F4914F6CDD1D
}

func (r *pickRand) intn(n int) int { return int(r.next() % uint64(n)) }

// pickerPositions returns the positions of the perft suites (a tenth of the
// Chess960 one) and of WAC, and positions along random playouts from each.
func pickerPositions(t *testing.T, rng *pickRand) []movegen.Position {
	t.Helper()
	var starts []movegen.Position
	for _, file := range []string{"cpw_perft.epd", "perftsuite.epd", "fischer.epd", "wac.epd"} {
		es, err := movegen.ReadEPDFile("../testdata/" + file)
		if err != nil {
			t.Fatal(err)
		}
		for i, e := range es {
			if file != "fischer.epd" || i%10 == 0 {
				starts = append(starts, e.Position)
			}
		}
	}
	plies, stride := 30, 1
	if testing.Short() {
		plies, stride = 10, 6
	}
	var out []movegen.Position
	for i := 0; i < len(starts); i += stride {
		p := starts[i]
		for ply := 0; ply <= plies; ply++ {
			if ply%3 == 0 {
				out = append(out, p)
			}
			var ml movegen.MoveList
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			p.MakeMove(ml.Moves[rng.intn(ml.N)])
		}
	}
	return out
}

// oldOrderScore is the ordering of the single scored list the picker
// replaced (search/order.go before it): the picker must hand moves out in
// an order these scores never rise along, ties aside. hashMove, killers and
// counter are the moves the node had, legal or not.
func oldOrderScore(mp *movePicker, m, hashMove movegen.Move, killers [2]movegen.Move, counter movegen.Move) int32 {
	p := mp.pos
	switch {
	case m == hashMove:
		return scoreHash
	case !isQuiet(p, m) || m.Kind() == movegen.Promotion:
		return noisyScore(p, m)
	case m == killers[0]:
		return 1<<27 - 0
	case m == killers[1]:
		return 1<<27 - 1
	case m == counter:
		return 1<<27 - 2
	}
	return mp.quietHistory(m)
}

// randomPickMove is a move for the picker to be fed as a hash move, killer
// or counter move: none, a legal move of the position (quiet, capture or
// promotion), a legal move of another position, or any 16-bit value.
func randomPickMove(rng *pickRand, legal []movegen.Move, pool []movegen.Move) movegen.Move {
	switch rng.intn(5) {
	case 0:
		return movegen.NoMove
	case 1, 2:
		if len(legal) > 0 {
			return legal[rng.intn(len(legal))]
		}
	case 3:
		return pool[rng.intn(len(pool))]
	}
	return movegen.Move(rng.next())
}

// setUpPickerNode puts p at ply 4 of w's stack with random history tables,
// killers and counter move, and returns the hash move to start with.
func setUpPickerNode(w *worker, rng *pickRand, p *movegen.Position, legal, pool []movegen.Move) (ply int, hash movegen.Move) {
	ply = 4
	f := &w.stack[ply]
	f.pos = *p
	for back := 1; back <= 4; back++ {
		prev := &w.stack[ply-back]
		prev.pos = *p
		prev.move = movegen.Move(1 + rng.intn(1<<16-1))
		cont := &w.contHistory[rng.intn(16)][rng.intn(64)]
		for i := 0; i < 64; i++ {
			cont[rng.intn(16)][rng.intn(64)] = int16(rng.intn(2*historyMax) - historyMax)
		}
		prev.cont = cont
		if rng.intn(4) == 0 {
			prev.cont = nil // after a null move
		}
	}
	for i := 0; i < 1024; i++ {
		w.history[rng.intn(2)][rng.intn(2)][rng.intn(2)][rng.intn(64)][rng.intn(64)] = int32(rng.intn(2*historyMax) - historyMax)
	}
	f.killers = [2]movegen.Move{randomPickMove(rng, legal, pool), randomPickMove(rng, legal, pool)}
	if rng.intn(4) == 0 {
		f.killers[1] = f.killers[0]
	}
	if c := w.counterSlot(ply); c != nil {
		*c = randomPickMove(rng, legal, pool)
	}
	return ply, randomPickMove(rng, legal, pool)
}

// TestPickerOffersEveryMoveOnce feeds the picker positions from the suites
// and from random playouts, with hash moves, killers and counter moves that
// are legal here, legal in other positions or any 16-bit value, and checks
// that it hands out every legal move once and nothing else (in quiescence
// every noisy move, or every evasion in check), each in an order the list
// it replaced agrees with, with the right stage and history.
func TestPickerOffersEveryMoveOnce(t *testing.T) {
	rng := pickRand(0x9C4E)
	positions := pickerPositions(t, &rng)
	var pool []movegen.Move
	for i := range positions {
		var ml movegen.MoveList
		positions[i].GenerateLegal(&ml)
		pool = append(pool, ml.Slice()...)
	}
	w := New(1).workers[0]
	// illegalFed counts the hash moves, killers and counter moves fed in
	// that are not legal here: a key collision's or a sibling's.
	var checked, inCheck, hashLegal, killersLegal, badSeen, illegalFed int
	for i := range positions {
		p := &positions[i]
		var all, noisy movegen.MoveList
		p.GenerateLegal(&all)
		p.GenerateNoisy(&noisy)
		for trial := 0; trial < 4; trial++ {
			ply, hash := setUpPickerNode(w, &rng, p, all.Slice(), pool)
			f := &w.stack[ply]
			killers, counter := f.killers, w.counterMove(ply)
			where := fmt.Sprintf("%s, hash %v, killers %v %v, counter %v", p, hash, killers[0], killers[1], counter)
			for _, m := range []movegen.Move{hash, killers[0], killers[1], counter} {
				if m != movegen.NoMove && !contains(all.Slice(), m) {
					illegalFed++
				}
			}

			mp := w.startPicker(ply, hash)
			if (mp.hashMove != movegen.NoMove) != p.IsLegal(hash) || mp.hashMove != movegen.NoMove && mp.hashMove != hash {
				t.Fatalf("startPicker kept hash move %v of %v in %s", mp.hashMove, hash, where)
			}
			if mp.hashMove != movegen.NoMove {
				hashLegal++
			}
			seen := map[movegen.Move]bool{}
			lastStage, lastScore := stageHash, int32(scoreHash)
			for n := 0; ; n++ {
				m, stage, hist := mp.nextMove()
				if m == movegen.NoMove {
					break
				}
				if !p.IsLegal(m) || !contains(all.Slice(), m) {
					t.Fatalf("picker handed out %v, not a legal move, in %s", m, where)
				}
				if seen[m] {
					t.Fatalf("picker handed out %v twice in %s", m, where)
				}
				seen[m] = true
				if stage < lastStage {
					t.Errorf("picker handed out %v from stage %d after stage %d in %s", m, stage, lastStage, where)
				}
				lastStage = stage
				if s := oldOrderScore(mp, m, mp.hashMove, killers, counter); s > lastScore {
					t.Errorf("picker handed out %v (old score %d) after a move of old score %d in %s", m, s, lastScore, where)
				} else {
					lastScore = s
				}
				switch {
				case stage == stageHash && m != hash:
					t.Errorf("picker handed out %v as the hash move %v in %s", m, hash, where)
				case (stage == stageKiller1 || stage == stageKiller2) && m != killers[0] && m != killers[1]:
					t.Errorf("picker handed out %v as a killer in %s", m, where)
				case stage == stageKiller1 || stage == stageKiller2:
					killersLegal++
				case stage == stageCounter && m != counter:
					t.Errorf("picker handed out %v as the counter move in %s", m, where)
				case stage == stageBadNoisy && !isQuiet(p, m):
					badSeen++
				}
				want := int32(0)
				if isQuiet(p, m) {
					want = mp.quietHistory(m)
				}
				if hist != want {
					t.Errorf("picker handed out %v with history %d, want %d, in %s", m, hist, want, where)
				}
			}
			if len(seen) != all.N {
				t.Fatalf("picker handed out %d moves, want the %d legal ones, in %s", len(seen), all.N, where)
			}

			// Quiescence: the noisy moves only, all evasions in check.
			want := noisy.Slice()
			if p.InCheck() {
				want = all.Slice()
			}
			mp = w.startQuiescePicker(ply, hash)
			seen = map[movegen.Move]bool{}
			lastScore = scoreHash
			for {
				m, _, _ := mp.nextMove()
				if m == movegen.NoMove {
					break
				}
				if !p.IsLegal(m) || !contains(want, m) || seen[m] {
					t.Fatalf("quiescence picker handed out %v (legal %v, offered before %v) in %s", m, p.IsLegal(m), seen[m], where)
				}
				seen[m] = true
				s := int32(scoreHash)
				if m != mp.hashMove {
					s = oldQuiesceScore(p, m)
				}
				if s > lastScore {
					t.Errorf("quiescence picker handed out %v (old score %d) after a move of old score %d in %s", m, s, lastScore, where)
				}
				lastScore = s
			}
			if len(seen) != len(want) {
				t.Fatalf("quiescence picker handed out %d moves, want %d, in %s", len(seen), len(want), where)
			}
			checked++
			if p.InCheck() {
				inCheck++
			}
		}
	}
	t.Logf("%d nodes from %d positions (%d in check): %d legal hash moves, %d killers or counter moves handed out, %d losing captures, %d illegal moves fed in", checked, len(positions), inCheck, hashLegal, killersLegal, badSeen, illegalFed)
	if hashLegal < checked/4 || killersLegal < checked/10 || badSeen < checked/10 || inCheck < checked/100 || illegalFed < checked/2 {
		t.Errorf("too few legal hash moves, killers, losing captures, positions in check or illegal moves fed in to test the stages")
	}
}

// oldQuiesceScore is quiescence's ordering before the picker: MVV-LVA for
// noisy moves, then quiet evasions, then quiet underpromotions.
func oldQuiesceScore(p *movegen.Position, m movegen.Move) int32 {
	if isQuiet(p, m) {
		if m.Kind() == movegen.Promotion {
			return scoreBadNoisy
		}
		return 0
	}
	return scoreGoodNoisy + mvvLVA(p, m)
}

// TestPickerSkipQuiets tells the picker to skip the quiet moves at a random
// point and checks what it hands out after: every noisy move and every
// quiet move that gives check (the search never prunes a check), and no
// other quiet move, each once.
func TestPickerSkipQuiets(t *testing.T) {
	rng := pickRand(0x5C1B)
	positions := pickerPositions(t, &rng)
	pool := []movegen.Move{movegen.NoMove}
	w := New(1).workers[0]
	checksAfterSkip := 0
	for i := range positions {
		p := &positions[i]
		var all movegen.MoveList
		p.GenerateLegal(&all)
		ply, hash := setUpPickerNode(w, &rng, p, all.Slice(), pool)
		mp := w.startPicker(ply, hash)
		skipAt := rng.intn(all.N + 1)
		seen := map[movegen.Move]bool{}
		for n := 0; ; n++ {
			if n == skipAt {
				mp.skipQuiets()
			}
			m, _, _ := mp.nextMove()
			if m == movegen.NoMove {
				break
			}
			if !contains(all.Slice(), m) || seen[m] {
				t.Fatalf("picker handed out %v (offered before %v) in %s", m, seen[m], p)
			}
			seen[m] = true
			if n >= skipAt && isQuiet(p, m) {
				if !p.GivesCheck(m) {
					t.Fatalf("picker handed out quiet %v after skipQuiets in %s", m, p)
				}
				checksAfterSkip++
			}
		}
		for _, m := range all.Slice() {
			if !seen[m] && (!isQuiet(p, m) || p.GivesCheck(m)) {
				t.Fatalf("picker with skipQuiets after %d moves never handed out %v in %s", skipAt, m, p)
			}
		}
	}
	if checksAfterSkip == 0 {
		t.Errorf("no quiet check handed out after skipQuiets in %d positions", len(positions))
	}
}

// TestPickerAllocations: the picker runs at every node, so it must not
// allocate.
func TestPickerAllocations(t *testing.T) {
	w := New(1).workers[0]
	for _, fen := range []string{
		movegen.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	} {
		w.stack[1].pos = movegen.MustParseFEN(fen)
		n := testing.AllocsPerRun(10, func() {
			mp := w.startPicker(1, movegen.NoMove)
			for i := 0; ; i++ {
				if i == 10 {
					mp.skipQuiets()
				}
				if m, _, _ := mp.nextMove(); m == movegen.NoMove {
					break
				}
			}
			mp = w.startQuiescePicker(1, movegen.NoMove)
			for m, _, _ := mp.nextMove(); m != movegen.NoMove; m, _, _ = mp.nextMove() {
			}
		})
		if n != 0 {
			t.Errorf("picker in %s: %v allocations per run, want 0", fen, n)
		}
	}
}

func contains(ms []movegen.Move, m movegen.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}
