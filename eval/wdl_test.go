package eval

import (
	"testing"

	"github.com/sightline-chess/sightline/movegen"
)

func TestScoreWDL(t *testing.T) {
	for _, material := range []int{0, 17, 30, 58, 78, 200} {
		last := WDL{Loss: 1000}
		for s := Score(-1500); s <= 1500; s += 25 {
			w := ScoreWDL(s, material)
			if w.Win+w.Draw+w.Loss != 1000 || w.Win < 0 || w.Draw < 0 || w.Loss < 0 {
				t.Fatalf("ScoreWDL(%d, %d) = %+v, want three shares of 1000", s, material, w)
			}
			if w.Win < last.Win || w.Loss > last.Loss {
				t.Errorf("ScoreWDL(%d, %d) = %+v after %+v: a better score must not win less or lose more", s, material, w, last)
			}
			if m := ScoreWDL(-s, material); m.Win != w.Loss || m.Loss != w.Win {
				t.Errorf("ScoreWDL(%d) = %+v but ScoreWDL(%d) = %+v: the model is not symmetric", s, w, -s, m)
			}
			last = w
		}
	}
	if w := ScoreWDL(0, 40); w.Win != w.Loss || w.Draw < 200 {
		t.Errorf("ScoreWDL(0, 40) = %+v, want equal chances and draws likely", w)
	}
	if w := ScoreWDL(TBWin-3, 10); w != (WDL{Win: 1000}) {
		t.Errorf("a tablebase win: %+v", w)
	}
	if w := ScoreWDL(-Mate+4, 10); w != (WDL{Loss: 1000}) {
		t.Errorf("being mated: %+v", w)
	}
}

func TestWDLMaterial(t *testing.T) {
	p := movegen.MustParseFEN(movegen.StartFEN)
	if got := WDLMaterial(&p); got != 78 {
		t.Errorf("WDLMaterial(start) = %d, want 78", got)
	}
}
