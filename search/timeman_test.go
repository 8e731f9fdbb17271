package search

import (
	"testing"
	"time"

	"github.com/sightline-chess/sightline/eval"
	"github.com/sightline-chess/sightline/movegen"
)

func TestAllocateTime(t *testing.T) {
	ms := time.Millisecond
	clock := func(w, b, winc, binc time.Duration, mtg int) Limits {
		return Limits{HasClock: true, Time: [2]time.Duration{w, b}, Inc: [2]time.Duration{winc, binc}, MovesToGo: mtg}
	}
	tests := []struct {
		name       string
		lim        Limits
		us         movegen.Color
		overhead   time.Duration
		limited    bool
		soft, hard time.Duration
	}{
		{"no limits", Limits{}, movegen.White, 10 * ms, false, 0, 0},
		{"infinite", Limits{Infinite: true, HasClock: true, Time: [2]time.Duration{ms, ms}}, movegen.White, 0, false, 0, 0},
		{"movetime", Limits{MoveTime: 1000 * ms}, movegen.White, 30 * ms, true, 990 * ms, 990 * ms},
		{"movetime 100", Limits{MoveTime: 100 * ms}, movegen.White, 30 * ms, true, 95 * ms, 95 * ms},
		{"movetime 40", Limits{MoveTime: 40 * ms}, movegen.White, 30 * ms, true, 35 * ms, 35 * ms},
		{"movetime, small overhead", Limits{MoveTime: 1000 * ms}, movegen.White, 3 * ms, true, 997 * ms, 997 * ms},
		{"movetime, no overhead", Limits{MoveTime: 100 * ms}, movegen.White, 0, true, 100 * ms, 100 * ms},
		{"movetime below the reserve", Limits{MoveTime: 4 * ms}, movegen.White, 10 * ms, true, 0, 0},
		{"movetime beside a clock", Limits{MoveTime: 300 * ms, HasClock: true, Time: [2]time.Duration{60000 * ms, 60000 * ms}}, movegen.White, 0, true, 300 * ms, 300 * ms},
		// 60s sudden death: 60000-0 overhead /30 = 2000 soft, 8000 hard.
		{"sudden death", clock(60000*ms, 1, 0, 0, 0), movegen.White, 0, true, 2000 * ms, 8000 * ms},
		// Black's clock is used for Black.
		{"black clock", clock(1, 30000*ms, 0, 0, 0), movegen.Black, 0, true, 1000 * ms, 4000 * ms},
		// Each side's own increment: 30000/30 + 600/2 for Black, and
		// none for White, whose increment here is zero.
		{"black increment", clock(30000*ms, 30000*ms, 0, 600*ms, 0), movegen.Black, 0, true, 1300 * ms, 5200 * ms},
		{"white without increment", clock(30000*ms, 30000*ms, 0, 600*ms, 0), movegen.White, 0, true, 1000 * ms, 4000 * ms},
		// 10s + 0.1s, overhead 10 ms: 9990/30 + 50 = 383 soft, 1532 hard.
		{"increment", clock(10000*ms, 10000*ms, 100*ms, 100*ms, 0), movegen.White, 10 * ms, true, 383 * ms, 1532 * ms},
		// The clock where spending matches the increment: 1.5s for 0.1s.
		{"steady state", clock(1500*ms, 0, 100*ms, 0, 0), movegen.White, 0, true, 100 * ms, 400 * ms},
		// movestogo 10 with 5s: 500 soft, 2000 hard, cap 2500.
		{"movestogo", clock(5000*ms, 0, 0, 0, 10), movegen.White, 0, true, 500 * ms, 2000 * ms},
		// Last move before the control: soft = everything, hard capped at 90%.
		{"movestogo 1", clock(1000*ms, 0, 0, 0, 1), movegen.White, 0, true, 900 * ms, 900 * ms},
		// Big increment, little time: never more than half of what is left.
		{"increment exceeds clock", clock(100*ms, 0, 2000*ms, 0, 0), movegen.White, 0, true, 50 * ms, 50 * ms},
		{"wtime 1", clock(1*ms, 0, 0, 0, 0), movegen.White, 10 * ms, true, 0, 0},
		{"btime 0", clock(1000*ms, 0, 0, 0, 0), movegen.Black, 0, true, 0, 0},
		{"wtime -50", clock(-50*ms, 0, 0, 0, 0), movegen.White, 0, true, 0, 0},
		{"huge movestogo capped", clock(50000*ms, 0, 0, 0, 500), movegen.White, 0, true, 1000 * ms, 4000 * ms},
	}
	for _, tc := range tests {
		got := allocateTime(tc.lim, tc.us, tc.overhead)
		want := timeBudget{limited: tc.limited, exact: tc.lim.MoveTime > 0, soft: tc.soft, hard: tc.hard}
		if got != want {
			t.Errorf("%s: allocateTime(%+v, %v, %v) = %+v, want %+v", tc.name, tc.lim, tc.us, tc.overhead, got, want)
		}
		if got.soft > got.hard {
			t.Errorf("%s: soft %v > hard %v", tc.name, got.soft, got.hard)
		}
		if tc.lim.HasClock && !tc.lim.Infinite && got.hard > tc.lim.Time[tc.us]-tc.overhead && got.hard > 0 {
			t.Errorf("%s: hard limit %v exceeds the time left %v", tc.name, got.hard, tc.lim.Time[tc.us]-tc.overhead)
		}
	}
}

func TestSoftLimit(t *testing.T) {
	b := timeBudget{limited: true, soft: 100 * time.Millisecond, hard: 130 * time.Millisecond}
	for _, tc := range []struct {
		stable, trend int
		want          time.Duration
	}{
		{0, 100, 130 * time.Millisecond}, // 150% capped by the hard limit
		{1, 100, 120 * time.Millisecond},
		{2, 100, 100 * time.Millisecond},
		{4, 100, 70 * time.Millisecond},
		{40, 100, 70 * time.Millisecond},
		{2, 80, 80 * time.Millisecond},   // a rising score: less
		{4, 150, 105 * time.Millisecond}, // a falling one: more
		{2, 150, 130 * time.Millisecond}, // never past the hard limit
	} {
		if got := softLimit(b, tc.stable, tc.trend); got != tc.want {
			t.Errorf("softLimit(%+v, %d, %d) = %v, want %v", b, tc.stable, tc.trend, got, tc.want)
		}
	}
	// A soft limit as large as the largest clock "go" takes allows
	// (engine.MaxTime, 10^10 ms, half of it as the increment's share),
	// scaled by both factors: no overflow.
	huge := timeBudget{limited: true, soft: 5_000_000_000 * time.Millisecond, hard: 20_000_000_000 * time.Millisecond}
	if got, want := softLimit(huge, 0, 150), 11_250_000_000*time.Millisecond; got != want {
		t.Errorf("softLimit(%+v, 0, 150) = %v, want %v", huge, got, want)
	}
	// movetime: the whole time, however settled the search.
	exact := timeBudget{limited: true, exact: true, soft: 300 * time.Millisecond, hard: 300 * time.Millisecond}
	if got := softLimit(exact, 40, tmTrendMin); got != 300*time.Millisecond {
		t.Errorf("softLimit(%+v, 40, %d) = %v, want the whole movetime", exact, tmTrendMin, got)
	}
}

func TestScoreTrendScale(t *testing.T) {
	for _, tc := range []struct {
		sinceSearch, sinceIter eval.Score
		want                   int
	}{
		{0, 0, 100},                                  // level: the stability scale alone
		{10, 0, 100 + tmTrendSearch},                 // 10 cp lost since the last move
		{0, 10, 100 + tmTrendIter},                   // 10 cp lost over the iterations
		{500, 500, tmTrendMax},                       // collapsing: at most the maximum
		{-500, -500, tmTrendMin},                     // soaring: at least the minimum
		{-10, 10, 100 + tmTrendIter - tmTrendSearch}, // the two weigh against each other
	} {
		if got := scoreTrendScale(tc.sinceSearch, tc.sinceIter); got != tc.want {
			t.Errorf("scoreTrendScale(%d, %d) = %d, want %d", tc.sinceSearch, tc.sinceIter, got, tc.want)
		}
	}
}

func TestScoreLoss(t *testing.T) {
	for _, tc := range []struct {
		before, now, want eval.Score
	}{
		{50, 20, 30},
		{20, 50, -30},
		{mateScore - 5, 100, 0},     // a mate forgotten is not a trend
		{100, -(tbWinBound + 3), 0}, // nor a tablebase loss found
		{-infinity, 0, 0},           // no score yet
	} {
		if got := scoreLoss(tc.before, tc.now); got != tc.want {
			t.Errorf("scoreLoss(%d, %d) = %d, want %d", tc.before, tc.now, got, tc.want)
		}
	}
}

// TestLastScore checks what the score trend compares with: nothing for a
// new Searcher, the last search's root score after one, nothing again
// after Clear (ucinewgame).
func TestLastScore(t *testing.T) {
	s := New(1)
	if s.lastScore != -infinity {
		t.Errorf("a new Searcher's lastScore = %d, want none (-infinity)", s.lastScore)
	}
	res := s.Search(movegen.MustParseFEN(movegen.StartFEN), nil, Limits{Depth: 4}, Options{}, nil)
	if s.lastScore != res.Score {
		t.Errorf("after a search lastScore = %d, want its score %d", s.lastScore, res.Score)
	}
	s.Clear()
	if s.lastScore != -infinity {
		t.Errorf("after Clear lastScore = %d, want none (-infinity)", s.lastScore)
	}
}
