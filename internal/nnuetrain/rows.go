package nnuetrain

// The first layer is where training spends its time (95% of it, forward
// and backward): a position's hidden sums are the bias plus one row of H
// weights per active input, and its gradient adds one row of H values to
// each of those inputs' rows. Go does not vectorise these loops, so on
// amd64 they run as AVX2 kernels (rows_amd64.s). Each lane adds in the
// same order as the loops below, so both paths give the same floats, bit
// for bit; a test runs both.

// sumRows adds to h (H values) the rows of p (H values a row) numbered by
// feats, in order.
func sumRows(h *[H]float32, p []float32, feats []uint16) {
	if useAVX2 && len(feats) > 0 {
		sumRowsAVX2(&h[0], &p[0], &feats[0], len(feats), H)
		return
	}
	sumRowsGo(h, p, feats)
}

func sumRowsGo(h *[H]float32, p []float32, feats []uint16) {
	for _, f := range feats {
		w := (*[H]float32)(p[int(f)*H : int(f)*H+H])
		for j := range h {
			h[j] += w[j]
		}
	}
}

// addToRows adds d (H values) to each row of g numbered by feats, in order.
func addToRows(g []float32, feats []uint16, d *[H]float32) {
	if useAVX2 && len(feats) > 0 {
		addToRowsAVX2(&g[0], &feats[0], len(feats), &d[0], H)
		return
	}
	addToRowsGo(g, feats, d)
}

func addToRowsGo(g []float32, feats []uint16, d *[H]float32) {
	for _, f := range feats {
		gw := (*[H]float32)(g[int(f)*H : int(f)*H+H])
		for j := range gw {
			gw[j] += d[j]
		}
	}
}
