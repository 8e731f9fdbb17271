package search

import (
	"testing"
	"time"
)

func TestInfoNPS(t *testing.T) {
	tests := []struct {
		nodes uint64
		time  time.Duration
		want  uint64
	}{
		{1_000_000, time.Second, 1_000_000},
		{1_500, 500 * time.Millisecond, 3_000},
		{700, 0, 700_000},                // under a millisecond counts as one
		{700, time.Microsecond, 700_000}, // likewise
		{0, time.Minute, 0},
	}
	for _, tc := range tests {
		if got := (Info{Nodes: tc.nodes, Time: tc.time}).NPS(); got != tc.want {
			t.Errorf("Info{Nodes: %d, Time: %v}.NPS() = %d, want %d", tc.nodes, tc.time, got, tc.want)
		}
	}
}
