package paperbench

import (
	"bytes"
	"encoding/xml"
	"io"
	"math"
	"strings"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		in   []float64
		want float64
	}{
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
	} {
		in := append([]float64(nil), tc.in...)
		if got := median(in); got != tc.want {
			t.Errorf("median(%v) = %v, want %v", tc.in, got, tc.want)
		}
		for i := range in {
			if in[i] != tc.in[i] {
				t.Fatalf("median(%v) reordered its argument to %v", tc.in, in)
			}
		}
	}
}

// sampleTiming is a run in which rotated takes 2 s a round and the other
// method 1 s, except for one round disturbed by load.
func sampleTiming() Timing {
	return Timing{Positions: 879, Repeat: 10, Moves: 371450, Results: []Result{
		{Name: RotatedName, Seconds: []float64{2, 2, 2, 9}},
		{Name: FlatName, Seconds: []float64{1, 1, 1, 1}},
	}}
}

func TestQuantile(t *testing.T) {
	xs := []float64{4, 1, 3, 2, 5}
	for _, tc := range []struct{ q, want float64 }{{0, 1}, {0.25, 2}, {0.5, 3}, {0.6, 3.4}, {1, 5}} {
		if got := quantile(xs, tc.q); got != tc.want {
			t.Errorf("quantile(%v, %v) = %v, want %v", xs, tc.q, got, tc.want)
		}
	}
}

func TestSummarize(t *testing.T) {
	rows := Summarize(sampleTiming())
	if len(rows) != 2 {
		t.Fatalf("Summarize gave %d rows, want 2", len(rows))
	}
	flat := rows[1]
	if flat.Median != 1 || flat.Min != 1 || flat.Max != 1 {
		t.Errorf("Summarize: flat median, min, max = %v, %v, %v; want 1, 1, 1", flat.Median, flat.Min, flat.Max)
	}
	if want := 1e9 / 8790; math.Abs(flat.NsPerPosition-want) > 1e-6 {
		t.Errorf("Summarize: flat ns per position = %v, want %v", flat.NsPerPosition, want)
	}
	if flat.VsRotated != 2 || rows[0].VsRotated != 1 {
		t.Errorf("Summarize: speed vs rotated = %v (rotated %v), want 2 (1)", flat.VsRotated, rows[0].VsRotated)
	}
	// Per-round ratios 2, 2, 2, 9: quartiles at positions 0.75 and 2.25.
	if flat.VsRotatedQ1 != 2 || flat.VsRotatedQ3 != 3.75 {
		t.Errorf("Summarize: flat ratio quartiles = %v, %v; want 2, 3.75", flat.VsRotatedQ1, flat.VsRotatedQ3)
	}
}

func TestWriteMarkdown(t *testing.T) {
	var buf bytes.Buffer
	tm := sampleTiming()
	WriteMarkdown(&buf, Environment(time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)), tm, Summarize(tm))
	out := buf.String()
	for _, want := range []string{"Go: go", "Date: 2026-11-22 08:00 UTC", "| Method |", "| direct lookup, Sightline | 1.00000 | 113765.6 |", "2.00x | 2.00x-3.75x |"} {
		if !strings.Contains(out, want) {
			t.Errorf("WriteMarkdown output lacks %q:\n%s", want, out)
		}
	}
}

// TestWriteSVG checks that the chart is well-formed XML with one bar per method.
func TestWriteSVG(t *testing.T) {
	var buf bytes.Buffer
	tm := sampleTiming()
	WriteSVG(&buf, "Move generation <ECM> & more", tm, Summarize(tm))
	dec := xml.NewDecoder(&buf)
	rects := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("WriteSVG wrote malformed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "rect" {
			rects++
		}
	}
	if rects != 1+len(tm.Results) { // background + one bar each
		t.Errorf("WriteSVG drew %d rects, want %d", rects, 1+len(tm.Results))
	}
}
