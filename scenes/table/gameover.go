package table

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"
)

// seatCols tell the seats apart in the game-over chart and its table (one per seat, up to
// engine.MaxSeats).
var seatCols = [engine.MaxSeats]color.Color{
	color.RGBA{0xf4, 0xc4, 0x30, 0xff}, color.RGBA{0x5d, 0xa9, 0xf0, 0xff},
	color.RGBA{0xe8, 0x6a, 0x5a, 0xff}, color.RGBA{0x6c, 0xd4, 0x7e, 0xff},
	color.RGBA{0xc0, 0x8c, 0xf0, 0xff}, color.RGBA{0xf0, 0x9a, 0x3c, 0xff},
	color.RGBA{0x4c, 0xd6, 0xd0, 0xff}, color.RGBA{0xf2, 0x8c, 0xc8, 0xff},
	color.RGBA{0xb8, 0xc8, 0x6a, 0xff}, color.RGBA{0xe0, 0xe0, 0xe0, 0xff},
}

// overLayout cuts the game-over panel into boxes: a pure function of the screen, the number of
// seats and the number of rounds played. The round-by-round table has one line per seat (a
// header line first) and the columns name, one per round shown (the last Cols rounds), total;
// the chart of running totals sits below the table upright and beside it across.
type overLayout struct {
	Panel, Title, Grid, Chart layout.Rect
	Buttons                   [2]layout.Rect
	// RowH is the table's line height, Size its text size; NameW, CellW and TotalW its column
	// widths; Cols the rounds shown, the last ones when not all fit.
	RowH, Size, NameW, CellW, TotalW float64
	Cols                             int
}

// NewOverLayout lays the game-over panel out on a w×h screen for seats seats and rounds rounds,
// clear of the table's live buttons (layout.Table.ResultArea).
func NewOverLayout(w, h float64, seats, rounds int) overLayout {
	lt := layout.NewTable(w, h, seats, engine.MaxHand)
	return overIn(lt.ResultArea(), h, seats, rounds)
}

// overIn lays the game-over panel out in area a on a screen h high.
func overIn(a layout.Rect, h float64, seats, rounds int) overLayout {
	var l overLayout
	pad := 12.0
	pw := math.Min(a.W, 760)
	bh := ui.ClampF(h*0.07, layout.MinTap, 60)
	th := ui.ClampF(h*0.05, 22, 40)
	across := a.W > a.H*1.3 && a.W >= 560
	lines := float64(seats + 1)
	rowH := ui.ClampF(h*0.055, 18, 30)
	// Height left for the table (and the chart, upright) between title and buttons.
	maxBody := math.Min(a.H, 900) - pad - th - pad - bh - 2*pad
	chartH := 0.0
	if across {
		rowH = math.Min(rowH, maxBody/lines)
	} else {
		chartH = ui.ClampF(maxBody*0.3, 70, 200)
		rowH = math.Min(rowH, (maxBody-chartH-pad)/lines)
		chartH = math.Min(200, maxBody-pad-rowH*lines)
	}
	bodyH := rowH * lines
	if across {
		// The chart beside the table keeps a readable height with few seats.
		bodyH = math.Max(bodyH, math.Min(maxBody, 200))
	} else {
		bodyH += pad + chartH
	}
	ph := pad + th + pad + bodyH + 2*pad + bh
	l.Panel = layout.Rect{X: a.X + (a.W-pw)/2, Y: a.Y + (a.H-ph)/2, W: pw, H: ph}
	p := l.Panel
	l.Title = layout.Rect{X: p.X + pad, Y: p.Y + pad, W: p.W - 2*pad, H: th}
	inner := layout.Rect{X: p.X + pad, Y: l.Title.Y + th + pad, W: p.W - 2*pad, H: bodyH}
	if across {
		gw := inner.W * 0.6
		l.Grid = layout.Rect{X: inner.X, Y: inner.Y, W: gw, H: rowH * lines}
		l.Chart = layout.Rect{X: inner.X + gw + pad, Y: inner.Y, W: inner.W - gw - pad, H: bodyH}
	} else {
		l.Grid = layout.Rect{X: inner.X, Y: inner.Y, W: inner.W, H: rowH * lines}
		l.Chart = layout.Rect{X: inner.X, Y: l.Grid.Y + l.Grid.H + pad, W: inner.W, H: chartH}
	}
	row := layout.Rect{X: p.X + 16, Y: p.Y + p.H - bh - pad, W: p.W - 32, H: bh}
	l.Buttons = [2]layout.Rect{row.SplitH(2, 0, 12), row.SplitH(2, 1, 12)}
	l.RowH, l.Size = rowH, rowH*0.62
	l.TotalW = ui.ClampF(l.Size*2.8, 38, 76) // "gesamt" whole at the header size
	l.NameW = ui.ClampF(l.Grid.W*0.3, 56, 170)
	area := l.Grid.W - l.NameW - l.TotalW
	minCell := math.Max(l.Size*2, 22)
	l.Cols = min(rounds, max(int(area/minCell), 0))
	if l.Cols > 0 {
		l.CellW = math.Min(area/float64(l.Cols), l.Size*3.5)
		l.NameW = l.Grid.W - l.TotalW - l.CellW*float64(l.Cols)
		l.NameW = math.Min(l.NameW, 220)
	}
	return l
}

// Cell returns the box of the table's line r (0: header, 1+s: seat s) and column c (0: name,
// 1..Cols: rounds, Cols+1: total).
func (l *overLayout) Cell(r, c int) layout.Rect {
	y := l.Grid.Y + float64(r)*l.RowH
	switch {
	case c == 0:
		return layout.Rect{X: l.Grid.X, Y: y, W: l.NameW, H: l.RowH}
	case c <= l.Cols:
		return layout.Rect{X: l.Grid.X + l.NameW + float64(c-1)*l.CellW, Y: y, W: l.CellW, H: l.RowH}
	}
	return layout.Rect{X: l.Grid.X + l.NameW + float64(l.Cols)*l.CellW, Y: y, W: l.TotalW, H: l.RowH}
}

// overCache holds the game-over panel's strings and chart image, made once per screen size
// and result so that drawing allocates nothing.
type overCache struct {
	w, h, scale float64
	rounds      int
	lay         overLayout
	title       string
	names       []string   // per seat, cut to the name column
	cells       [][]string // per seat: the rounds shown, then the total
	heads       []string   // the rounds shown, then "Total"
	chartTitle  string
	maxStr      string
	chart       *ebiten.Image
	// rank is the seats' places on the round's score panel or at the game's end.
	rank ranking
}

// overData returns the cache for the current screen, rebuilding it when something changed.
func (t *Table) overData() *overCache {
	g := t.G
	c := &t.over
	if c.w == g.W && c.h == g.H && c.scale == g.Scale && c.rounds == len(t.roundTotals) && c.names != nil {
		return c
	}
	n := len(t.Seats)
	rounds := len(t.roundTotals)
	*c = overCache{w: g.W, h: g.H, scale: g.Scale, rounds: rounds, chart: c.chart, rank: c.rank}
	l := overIn(t.Lay.ResultArea(), g.H, n, rounds)
	c.lay = l
	c.title = t.gameOverTitle().String()
	first := rounds - l.Cols
	st := text.Style{Size: l.Size, Bold: true}
	c.heads = make([]string, 0, l.Cols+1)
	for r := first; r < rounds; r++ {
		c.heads = append(c.heads, Num(r+1))
	}
	c.heads = append(c.heads, g.Txt.Cut(msg.ScoreTotal.Text(), text.Style{Size: l.Size * 0.8}, l.TotalW))
	c.names = make([]string, n)
	c.cells = make([][]string, n)
	for s := range n {
		c.names[s] = g.Txt.CutName(t.Seats[s].Name, st, l.NameW-l.Size*1.2-4)
		row := make([]string, 0, l.Cols+1)
		for r := first; r < rounds; r++ {
			row = append(row, Num(t.roundPens[r][s]))
		}
		tot := 0
		if s < len(t.Disp.Scores) {
			tot = t.Disp.Scores[s]
		}
		c.cells[s] = append(row, Num(tot))
	}
	c.chartTitle = g.Txt.Cut(msg.GameOverChart.Text(), text.Style{Size: l.Size * 0.8}, l.Chart.W)
	c.renderChart(t)
	return c
}

// chartMax is the highest running total (at least 1), the chart's top.
func (hd *hud) chartMax() int {
	top := 1
	for _, tot := range hd.roundTotals {
		for _, v := range tot {
			top = max(top, v)
		}
	}
	return top
}

// chartPlot is the chart's plotting area inside its box (room for the caption and the scale).
func chartPlot(l *overLayout) layout.Rect {
	r := l.Chart
	top := l.Size * 1.3
	left := l.Size * 1.8
	return layout.Rect{X: r.X + left, Y: r.Y + top, W: r.W - left - 6, H: r.H - top - 6}
}

// renderChart draws the running totals, one line per seat in its colour, into the cached image.
func (c *overCache) renderChart(t *Table) {
	g := t.G
	l := &c.lay
	s := g.Scale
	pw, ph := int(math.Ceil(l.Chart.W*s)), int(math.Ceil(l.Chart.H*s))
	if pw < 1 || ph < 1 {
		return
	}
	if c.chart == nil || c.chart.Bounds().Dx() != pw || c.chart.Bounds().Dy() != ph {
		if c.chart != nil {
			c.chart.Deallocate()
		}
		c.chart = ebiten.NewImage(pw, ph)
	}
	// The chart is drawn on the CPU and written once, like every shape of the game (sprites).
	img := image.NewRGBA(image.Rect(0, 0, pw, ph))
	z := sprites.NewRaster(pw, ph)
	top := t.chartMax()
	c.maxStr = Num(top)
	plot := chartPlot(l)
	ox, oy := float32((plot.X-l.Chart.X)*s), float32((plot.Y-l.Chart.Y)*s)
	w, h := float32(plot.W*s), float32(plot.H*s)
	z.Line(ox, oy, ox, oy+h, float32(s))
	z.Line(ox, oy+h, ox+w, oy+h, float32(s))
	z.Paint(img, color.RGBA{0x90, 0xa8, 0x98, 0xff})
	if end := t.Disp.Config.EndScore; end > 0 && end <= top {
		y := oy + h - h*float32(end)/float32(top)
		z.Line(ox, y, ox+w, y, float32(s))
		z.Paint(img, sprites.Danger)
	}
	if n := len(t.roundTotals); n > 0 {
		px := func(r int) float32 { return ox + w*float32(r+1)/float32(n) }
		py := func(v int) float32 { return oy + h - h*float32(v)/float32(top) }
		lw := float32(math.Max(2, l.Size*0.18) * s)
		pts := make([]float32, 0, 2*(n+1))
		for seat := range t.Seats {
			pts = append(pts[:0], ox, py(0))
			for r := range n {
				v := 0
				if seat < len(t.roundTotals[r]) {
					v = t.roundTotals[r][seat]
				}
				pts = append(pts, px(r), py(v))
			}
			z.Polyline(pts, lw)
			z.Disc(pts[len(pts)-2], pts[len(pts)-1], lw*1.2)
			z.Paint(img, seatCols[seat%len(seatCols)])
		}
	}
	c.chart.WritePixels(img.Pix)
}

// isWinner reports whether seat s is among the winners.
func (hd *hud) isWinner(s int) bool {
	for _, w := range hd.Disp.Winners {
		if w == s {
			return true
		}
	}
	return false
}

// drawGameOver draws the ending: who won, the round-by-round table (winners highlighted), the
// chart of running totals and the Play again / Menu buttons.
func (t *Table) drawGameOver(dst *ebiten.Image) {
	g := t.G
	c := t.overData()
	l := &c.lay
	g.FillRect(dst, layout.Rect{W: g.W, H: g.H}, sprites.Dim)
	drawPanel(g, dst, l.Panel, 14)
	ts := g.Txt.Fit(c.title, text.Style{Size: l.Title.H * 0.8, Bold: true}, l.Title.W, 10)
	g.Label(dst, c.title, l.Title.X+l.Title.W/2, l.Title.Y+l.Title.H/2, ts, sprites.Gold, text.Center, true)
	small := l.Size * 0.8
	for k, hd := range c.heads {
		r := l.Cell(0, k+1)
		g.Label(dst, hd, r.X+r.W/2, r.Y+r.H/2, small, sprites.Muted, text.Center, false)
	}
	for s := range c.names {
		win := t.isWinner(s)
		name := l.Cell(s+1, 0)
		col := sprites.White
		if win {
			col = sprites.Gold
			hi := layout.Rect{X: l.Grid.X, Y: name.Y + 1, W: l.Grid.W, H: name.H - 2}
			g.RoundRect(dst, hi, math.Min(6, hi.H/3), sprites.PlateHi)
		}
		dot := l.Size * 0.6
		g.RoundRect(dst, layout.Rect{X: name.X + 4, Y: name.Y + (name.H-dot)/2, W: dot, H: dot}, dot/2, seatCols[s%len(seatCols)])
		g.Label(dst, c.names[s], name.X+l.Size*1.2+4, name.Y+name.H/2, l.Size, col, text.Left|text.VertCenter, true)
		last := len(c.cells[s]) - 1
		for k, v := range c.cells[s] {
			r := l.Cell(s+1, k+1)
			cc := col
			if k < last && !win {
				cc = ui.LabelCol
			}
			g.Label(dst, v, r.X+r.W/2, r.Y+r.H/2, l.Size, cc, text.Center, k == last)
		}
	}
	if c.chart != nil && len(t.roundTotals) > 0 {
		g.Label(dst, c.chartTitle, l.Chart.X, l.Chart.Y+small*0.6, small, sprites.Muted, text.Left|text.VertCenter, false)
		plot := chartPlot(l)
		g.Label(dst, c.maxStr, plot.X-4, plot.Y, small, sprites.Muted, text.Right|text.VertCenter, false)
		var op ebiten.DrawImageOptions
		op.GeoM.Translate(math.Round(l.Chart.X*g.Scale), math.Round(l.Chart.Y*g.Scale))
		dst.DrawImage(c.chart, &op)
	}
	a := ui.Widget{R: l.Buttons[0], Label: msg.ButtonPlayAgain.Text(), Enabled: true}
	b := ui.Widget{R: l.Buttons[1], Label: msg.ButtonMenu.Text(), Enabled: true}
	if t.Online != nil {
		a.Label, b.Label = t.Online.OverLabels()
	}
	g.DrawWidget(dst, &a, true)
	g.DrawWidget(dst, &b, false)
}
