package table

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"
)

// chartMuted is the line of a seat the chart does not single out (at 5 seats or more: neither
// the person's nor the first three's), thin and grey, so that 10 lines stay readable.
var chartMuted color.Color = color.RGBA{0x7d, 0x8c, 0x83, 0xff}

// chartCasing is the dark edge around every highlighted line and marker, so that crossing lines
// and markers side by side stay apart.
var chartCasing color.Color = color.RGBA{0x06, 0x18, 0x0f, 0xff}

// chartTop is the chart's scale: the highest running total or the end score, whichever is
// higher, rounded up to a whole step, and the step between its ticks (1, 2, 5, 10, 20, 25, 50 …
// so that there are at most five).
func chartTop(totals [][]int, end int) (top, step int) {
	top = max(1, end)
	for _, tot := range totals {
		for _, v := range tot {
			top = max(top, v)
		}
	}
	for _, s := range []int{1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000} {
		step = s
		if (top+s-1)/s <= 5 {
			break
		}
	}
	return (top + step - 1) / step * step, step
}

// chartPlot is the chart's plotting area inside its box: room above for the caption, left for
// the scale's numbers and the end score's, below for the rounds' numbers and right for the last
// round's markers.
func chartPlot(l *overLayout) layout.Rect {
	r := l.Chart
	top := l.Size * 1.5
	left := l.Size * 2.2
	bottom := l.Size * 1.2
	right := l.Size * 0.8
	return layout.Rect{X: r.X + left, Y: r.Y + top, W: r.W - left - right, H: r.H - top - bottom}
}

// chartShown reports whether seat s's line is drawn in its colour: every seat's at four seats or
// fewer, else the person's and those in the first three places.
func chartShown(seats, me, place, s int) bool { return seats <= 4 || s == me || place <= 3 }

// chartColor is seat s's colour on the chart and beside its name in the table.
func chartColor(seats, me, place, s int) color.Color {
	if chartShown(seats, me, place, s) {
		return seatCols[s%len(seatCols)]
	}
	return chartMuted
}

// renderChart draws the chart into the cached image: the scale's lines, the axes, the end score's
// line and the running totals, one line per seat with a marker at each round. Seats tied at a
// round have their markers side by side, so a tie never hides a line under another; the lines
// singled out (chartShown) are drawn last, the leader's on top.
func (c *overCache) renderChart(t *Table) {
	g := t.G
	l := &c.lay
	s := g.Scale
	pw, ph := int(math.Ceil(l.Chart.W*s)), int(math.Ceil(l.Chart.H*s))
	if pw < 1 || ph < 1 {
		return
	}
	// The chart is drawn on the CPU and written once, like every shape of the game (sprites).
	var img *image.RGBA
	var z sprites.Raster
	c.chart, img, z = canvas(c.chart, pw, ph)
	end := t.Disp.Config.EndScore
	top, step := chartTop(t.roundTotals, end)
	c.top, c.step = top, step
	plot := chartPlot(l)
	ox, oy := float32((plot.X-l.Chart.X)*s), float32((plot.Y-l.Chart.Y)*s)
	w, h := float32(plot.W*s), float32(plot.H*s)
	py := func(v int) float32 { return oy + h - h*float32(v)/float32(top) }
	for v := step; v <= top; v += step {
		z.Line(ox, py(v), ox+w, py(v), float32(s))
	}
	z.Paint(img, color.RGBA{0x1e, 0x3c, 0x2c, 0xff})
	z.Line(ox, oy, ox, oy+h, float32(1.5*s))
	z.Line(ox, oy+h, ox+w, oy+h, float32(1.5*s))
	z.Paint(img, color.RGBA{0x90, 0xa8, 0x98, 0xff})
	if end > 0 {
		z.Line(ox, py(end), ox+w, py(end), float32(2*s))
		z.Paint(img, sprites.Danger)
	}
	n := len(t.roundTotals)
	if n == 0 {
		c.chart.WritePixels(img.Pix)
		return
	}
	seats := len(t.Seats)
	rk := &c.final
	lw := float32(math.Max(2, l.Size*0.2) * s)
	mark := lw * 1.5
	px := func(r int) float32 { return ox + w*float32(r+1)/float32(n) }
	// dx spreads the markers of seats tied at round r around the round's x.
	dx := func(r, seat int) float32 {
		v := t.roundTotals[r]
		if seat >= len(v) {
			return 0
		}
		k, j := 0, 0
		for o, u := range v {
			if u == v[seat] {
				if o < seat {
					j++
				}
				k++
			}
		}
		return (float32(j) - float32(k-1)/2) * mark * 1.6
	}
	pts := make([]float32, 0, 2*(n+1))
	line := func(seat int) []float32 {
		pts = append(pts[:0], ox, py(0))
		for r := range n {
			v := 0
			if seat < len(t.roundTotals[r]) {
				v = t.roundTotals[r][seat]
			}
			pts = append(pts, px(r)+dx(r, seat), py(v))
		}
		return pts
	}
	// The seats not singled out first, thin; then the others from the last place to the first.
	for i := len(rk.order) - 1; i >= 0; i-- {
		seat := rk.order[i]
		if chartShown(seats, rk.me, rk.places[seat], seat) {
			continue
		}
		z.Polyline(line(seat), lw*0.5)
		z.Paint(img, chartMuted)
	}
	for i := len(rk.order) - 1; i >= 0; i-- {
		seat := rk.order[i]
		if !chartShown(seats, rk.me, rk.places[seat], seat) {
			continue
		}
		p := line(seat)
		z.Polyline(p, lw+2*float32(s))
		for k := 2; k < len(p); k += 2 {
			z.Disc(p[k], p[k+1], mark+float32(s))
		}
		z.Paint(img, chartCasing)
		z.Polyline(p, lw)
		for k := 2; k < len(p); k += 2 {
			z.Disc(p[k], p[k+1], mark)
		}
		z.Paint(img, seatCols[seat%len(seatCols)])
	}
	c.chart.WritePixels(img.Pix)
}

// drawChartLabels draws the chart's image and its words: the caption, the scale's numbers
// left of the axis, the rounds' numbers under it and the end score's number at the end of its
// line (end, 0 for none).
func drawChartLabels(g *ui.Host, dst *ebiten.Image, c *overCache, end int) {
	l := &c.lay
	if c.chart == nil || c.rounds == 0 || c.top == 0 {
		return
	}
	small := l.Size * 0.8
	g.Label(dst, c.chartTitle, l.Chart.X, l.Chart.Y+small*0.6, small, sprites.Muted, text.Left|text.VertCenter, false)
	var op ebiten.DrawImageOptions
	op.GeoM.Translate(math.Round(l.Chart.X*g.Scale), math.Round(l.Chart.Y*g.Scale))
	dst.DrawImage(c.chart, &op)
	plot := chartPlot(l)
	y := func(v int) float64 { return plot.Y + plot.H - plot.H*float64(v)/float64(c.top) }
	for v := 0; v <= c.top; v += c.step {
		if end > 0 && math.Abs(y(v)-y(end)) < small {
			continue // the end score's label says it
		}
		g.Label(dst, Num(v), plot.X-4, y(v), small, sprites.Muted, text.Right|text.VertCenter, false)
	}
	every := max(1, (c.rounds+9)/10)
	for r := every; r <= c.rounds; r += every {
		x := plot.X + plot.W*float64(r)/float64(c.rounds)
		g.Label(dst, Num(r), x, plot.Y+plot.H+small*0.75, small, sprites.Muted, text.Center, false)
	}
	if end > 0 {
		g.Label(dst, Num(end), plot.X-4, y(end), small, sprites.Danger, text.Right|text.VertCenter, true)
	}
}

// canvas returns img, or a new image where img is nil or not w×h pixels, with a CPU image and a
// rasteriser of that size to draw what is written to it once.
func canvas(img *ebiten.Image, w, h int) (*ebiten.Image, *image.RGBA, sprites.Raster) {
	if img == nil || img.Bounds().Dx() != w || img.Bounds().Dy() != h {
		if img != nil {
			img.Deallocate()
		}
		img = ebiten.NewImage(w, h)
	}
	return img, image.NewRGBA(image.Rect(0, 0, w, h)), sprites.NewRaster(w, h)
}
