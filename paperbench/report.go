package paperbench

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"
)

// Summary is one method's row of the report.
type Summary struct {
	Name string
	// Median, Min and Max are seconds per round (Repeat passes over all
	// positions), over the rounds.
	Median, Min, Max float64
	// NsPerPosition is Median spread over one generation per position.
	NsPerPosition float64
	// VsRotated is how many times faster than rotated bitboards the method
	// is: the median over rounds of rotated's time divided by this method's
	// in the same round, so that load shared by a round cancels out.
	VsRotated float64
	// VsRotatedQ1 and VsRotatedQ3 are the quartiles of those per-round
	// ratios: half the rounds fell between them.
	VsRotatedQ1, VsRotatedQ3 float64
}

// Summarize turns timings into report rows, in the same order.
func Summarize(t Timing) []Summary {
	var base []float64
	for _, r := range t.Results {
		if r.Name == RotatedName {
			base = r.Seconds
		}
	}
	out := make([]Summary, len(t.Results))
	for i, r := range t.Results {
		s := Summary{Name: r.Name, Median: median(r.Seconds), Min: slices.Min(r.Seconds), Max: slices.Max(r.Seconds)}
		s.NsPerPosition = s.Median * 1e9 / float64(t.Positions*t.Repeat)
		if base != nil {
			ratios := make([]float64, len(r.Seconds))
			for j := range ratios {
				ratios[j] = base[j] / r.Seconds[j]
			}
			s.VsRotated = median(ratios)
			s.VsRotatedQ1, s.VsRotatedQ3 = quantile(ratios, 0.25), quantile(ratios, 0.75)
		}
		out[i] = s
	}
	return out
}

// median returns the middle value of xs (the mean of the two middle ones for
// an even count); xs is not modified.
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// quantile returns the q-quantile of xs (0 <= q <= 1), interpolating between
// neighbours; xs is not modified.
func quantile(xs []float64, q float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	pos := q * float64(len(s)-1)
	i := int(pos)
	if i+1 >= len(s) {
		return s[len(s)-1]
	}
	return s[i] + (pos-float64(i))*(s[i+1]-s[i])
}

// Environment describes where the figures were measured: CPU, Go version,
// operating system and date, for the head of the table.
func Environment(now time.Time) string {
	return fmt.Sprintf("CPU: %s (%d logical CPUs)  \nGo: %s %s/%s  \nDate: %s",
		cpuModel(), runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH,
		now.UTC().Format("2006-01-02 15:04 MST"))
}

// cpuModel returns the first "model name" of /proc/cpuinfo, or "unknown".
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

// WriteMarkdown writes the report as a Markdown table shaped like the
// paper's Table 1, headed by env and by what was timed.
func WriteMarkdown(w io.Writer, env string, t Timing, rows []Summary) {
	rounds := 0
	if len(t.Results) > 0 {
		rounds = len(t.Results[0].Seconds)
	}
	what := "Move generation"
	if t.CountOnly {
		what = "Move generation, moves counted and not written out,"
	}
	fmt.Fprintf(w, "%s  \n%s for %d positions x %d repeats (%d moves), %d rounds in alternating order, %s; median over rounds.\n\n",
		env, what, t.Positions, t.Repeat, t.Moves, rounds, t.Clock)
	fmt.Fprintf(w, "| Method | Time (s), %d x %d | ns per position | Fastest, slowest round (s) | Speed vs rotated | Middle half of rounds |\n", t.Positions, t.Repeat)
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|")
	for _, s := range rows {
		vs, iqr := "-", "-"
		if s.VsRotated > 0 {
			vs = fmt.Sprintf("%.2fx", s.VsRotated)
			iqr = fmt.Sprintf("%.2fx-%.2fx", s.VsRotatedQ1, s.VsRotatedQ3)
		}
		fmt.Fprintf(w, "| %s | %.5f | %.1f | %.5f, %.5f | %s | %s |\n", s.Name, s.Median, s.NsPerPosition, s.Min, s.Max, vs, iqr)
	}
}

// SVG layout, in pixels.
const (
	svgWidth     = 760
	svgLabel     = 210 // left column for the method names
	svgRow       = 34
	svgBar       = 20
	svgTop       = 48
	svgBottom    = 40
	svgRightRoom = 90 // for the value written after the longest bar
)

// WriteSVG writes a horizontal bar chart of nanoseconds per position, one bar
// per method at its median with a whisker from the fastest to the slowest
// round. It is plain SVG, readable in any browser, with no dependency.
func WriteSVG(w io.Writer, title string, t Timing, rows []Summary) {
	n := float64(t.Positions * t.Repeat)
	scale := 0.0
	for _, s := range rows {
		scale = max(scale, s.Max*1e9/n)
	}
	plot := float64(svgWidth - svgLabel - svgRightRoom)
	x := func(ns float64) float64 { return svgLabel + plot*ns/scale }
	height := svgTop + svgRow*len(rows) + svgBottom
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="13">`+"\n", svgWidth, height)
	fmt.Fprintf(w, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(w, `<text x="%d" y="24" font-size="15" font-weight="bold">%s</text>`+"\n", 10, html.EscapeString(title))
	for i, s := range rows {
		y := svgTop + i*svgRow
		mid := float64(y + svgBar/2)
		fmt.Fprintf(w, `<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>`+"\n", svgLabel-8, mid, html.EscapeString(s.Name))
		fmt.Fprintf(w, `<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>`+"\n", svgLabel, y, x(s.NsPerPosition)-svgLabel, svgBar, barColour(s.Name))
		lo, hi := x(s.Min*1e9/n), x(s.Max*1e9/n)
		fmt.Fprintf(w, `<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="black"/>`+"\n", lo, hi, mid, mid)
		label := fmt.Sprintf("%.0f ns", s.NsPerPosition)
		if s.VsRotated > 0 {
			label += fmt.Sprintf(" (%.2fx)", s.VsRotated)
		}
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" dominant-baseline="middle">%s</text>`+"\n", hi+6, mid, label)
	}
	axisY := svgTop + svgRow*len(rows)
	fmt.Fprintf(w, `<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="black"/>`+"\n", svgLabel, svgLabel, svgTop-6, axisY)
	fmt.Fprintf(w, `<text x="%d" y="%d">ns per position (median bar, whisker min-max over rounds; in brackets: speed vs rotated bitboards)</text>`+"\n", svgLabel, axisY+24)
	fmt.Fprintln(w, "</svg>")
}

// barColour picks a bar colour: Sightline's own method stands out.
func barColour(name string) string {
	if name == FlatName {
		return "#2b6cb0"
	}
	return "#a0aec0"
}
