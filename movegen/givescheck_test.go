package movegen

import "testing"

// TestGivesCheck compares GivesCheck and GivesCheckWith with playing the
// move (and checks that MayGiveCheck rules out no checking move and some
// quiet ones), for every legal move two plies deep from every perft-suite position
// (standard and Chess960), which covers checks by promotion, castling and
// discovery. The suites hold no checking en passant, so two hand-made
// positions add one direct and one by discovery along the rank, and the test
// requires both. Nor do they hold a queen discovering check along a rank or a
// file; two more positions add those (every knight move uncovers the queen).
func TestGivesCheck(t *testing.T) {
	var checks, moves, epChecks, ruledOut int
	check := func(p *Position, m Move, want bool) {
		t.Helper()
		moves++
		if want {
			checks++
			if m.Kind() == EnPassant {
				epChecks++
			}
		}
		if got := p.GivesCheck(m); got != want {
			t.Fatalf("GivesCheck(%q, %s) = %v, want %v", p.String(), m.UCI(true), got, want)
		}
		ci := p.CheckInfo()
		if got := p.GivesCheckWith(&ci, m); got != want {
			t.Fatalf("GivesCheckWith(%q, %s) = %v, want %v", p.String(), m.UCI(true), got, want)
		}
		if !ci.MayGiveCheck(m) {
			if want {
				t.Fatalf("MayGiveCheck(%q, %s) = false for a checking move", p.String(), m.UCI(true))
			}
			ruledOut++
		}
	}
	// checkAll checks every legal move of p, and of the positions after it
	// down to plies moves deep.
	var checkAll func(p *Position, plies int)
	checkAll = func(p *Position, plies int) {
		var ml MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Slice() {
			child := *p
			child.MakeMove(m)
			check(p, m, child.InCheck())
			if plies > 1 {
				checkAll(&child, plies-1)
			}
		}
	}
	for _, fen := range []string{
		"8/2k5/8/3pP3/8/8/8/4K3 w - d6 0 1", // exd6+: the pawn on d6 attacks c7
		"8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1", // exd6+: both pawns leave the rook's rank
		"8/8/8/8/Q2N3k/8/8/4K3 w - - 0 1",   // a knight leaves the queen's rank
		"4k3/8/8/4N3/8/8/8/3KQ3 w - - 0 1",  // a knight leaves the queen's file
	} {
		p := MustParseFEN(fen)
		checkAll(&p, 1)
	}
	if epChecks != 2 {
		t.Fatalf("%d checking en passant captures in the hand-made positions, want 2", epChecks)
	}
	for _, name := range []string{"perftsuite.epd", "cpw_perft.epd", "fischer.epd"} {
		for _, c := range readPerftSuite(t, name) {
			checkAll(&c.Position, 2)
		}
	}
	if checks == 0 {
		t.Fatal("no checking move met: the test proves nothing")
	}
	if ruledOut < moves/2 {
		t.Errorf("MayGiveCheck ruled out %d of %d moves, want at least half: it is the search's quick filter", ruledOut, moves)
	}
	t.Logf("%d moves, %d checks, %d ruled out by MayGiveCheck", moves, checks, ruledOut)
}
