package table

import (
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

// overLayout cuts the game-over panel into boxes: a pure function of the area clear of the live
// buttons, the number of seats and the number of rounds played. Under the title, a line says
// the person's place (Sub); the podium (Podium, empty where the screen has no room for it) shows
// the first three; the round-by-round table has one line per seat by place (a header line
// first) and the columns name, one per round shown (the last Cols rounds), total; the chart of
// running totals sits below the table upright and beside it, under the podium, across.
type overLayout struct {
	_                                      ui.NoCompare
	Panel, Title, Sub, Podium, Grid, Chart layout.Rect
	Buttons                                [2]layout.Rect
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

// minPodium is the lowest podium worth drawing: a crown, a name and a step.
const minPodium = 64

// overIn lays the game-over panel out in area a on a screen h high.
func overIn(a layout.Rect, h float64, seats, rounds int) overLayout {
	var l overLayout
	pad := 10.0
	pw := math.Min(a.W, 900)
	bh := ui.ClampF(h*0.07, layout.MinTap, 60)
	th := ui.ClampF(h*0.05, 22, 40)
	sub := math.Round(math.Max(th*0.6, 17)) // the person's place: readable on a phone on its side
	across := a.W > a.H*1.3 && a.W >= 560
	lines := float64(seats + 1)
	rowH := ui.ClampF(h*0.05, 18, 30)
	// Height left for the podium, the table and the chart between the title and the buttons.
	maxBody := math.Min(a.H, 900) - pad - th - sub - pad - bh - 2*pad
	chartH, podH := 0.0, 0.0
	if across {
		rowH = math.Min(rowH, maxBody/lines)
		podH = ui.ClampF(maxBody*0.36, minPodium, 130)
	} else {
		podH = ui.ClampF(maxBody*0.18, minPodium, 130)
		if maxBody-podH-pad-math.Max(70, maxBody*0.25)-pad < lines*18 {
			podH = 0 // no room: the table's places say it
		}
		body := maxBody
		if podH > 0 {
			body -= podH + pad
		}
		chartH = ui.ClampF(body*0.3, 70, 220)
		rowH = math.Min(rowH, (body-chartH-pad)/lines)
		chartH = math.Min(220, body-pad-rowH*lines)
	}
	bodyH := rowH * lines
	if across {
		// The podium and the chart beside the table keep their heights with few seats.
		bodyH = math.Max(bodyH, math.Min(maxBody, podH+pad+150))
	} else {
		bodyH += pad + chartH
		if podH > 0 {
			bodyH += podH + pad
		}
	}
	ph := pad + th + sub + pad + bodyH + 2*pad + bh
	l.Panel = layout.Rect{X: a.X + (a.W-pw)/2, Y: a.Y + (a.H-ph)/2, W: pw, H: ph}
	p := l.Panel
	l.Title = layout.Rect{X: p.X + pad, Y: p.Y + pad, W: p.W - 2*pad, H: th}
	l.Sub = layout.Rect{X: p.X + pad, Y: p.Y + pad + th, W: p.W - 2*pad, H: sub}
	inner := layout.Rect{X: p.X + pad, Y: l.Sub.Y + sub + pad, W: p.W - 2*pad, H: bodyH}
	if across {
		gw := inner.W * 0.58
		l.Grid = layout.Rect{X: inner.X, Y: inner.Y, W: gw, H: rowH * lines}
		right := layout.Rect{X: inner.X + gw + pad, Y: inner.Y, W: inner.W - gw - pad, H: bodyH}
		l.Podium = layout.Rect{X: right.X, Y: right.Y, W: right.W, H: podH}
		l.Chart = layout.Rect{X: right.X, Y: right.Y + podH + pad, W: right.W, H: bodyH - podH - pad}
	} else {
		y := inner.Y
		if podH > 0 {
			l.Podium = layout.Rect{X: inner.X, Y: y, W: inner.W, H: podH}
			y += podH + pad
		}
		l.Grid = layout.Rect{X: inner.X, Y: y, W: inner.W, H: rowH * lines}
		l.Chart = layout.Rect{X: inner.X, Y: l.Grid.Y + l.Grid.H + pad, W: inner.W, H: chartH}
	}
	row := layout.Rect{X: p.X + 16, Y: p.Y + p.H - bh - pad, W: p.W - 32, H: bh}
	l.Buttons = [2]layout.Rect{row.SplitH(2, 0, 12), row.SplitH(2, 1, 12)}
	l.RowH, l.Size = rowH, rowH*0.62
	l.TotalW = ui.ClampF(l.Size*2.8, 38, 76) // "gesamt" whole at the header size
	l.NameW = ui.ClampF(l.Grid.W*0.3, 90, 200)
	area := l.Grid.W - l.NameW - l.TotalW
	minCell := math.Max(l.Size*1.9, 22)
	l.Cols = min(rounds, max(int(area/minCell), 0))
	if l.Cols > 0 {
		l.CellW = math.Min(area/float64(l.Cols), l.Size*3.5)
		l.NameW = l.Grid.W - l.TotalW - l.CellW*float64(l.Cols)
		l.NameW = math.Min(l.NameW, 240)
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

// overCache holds the game-over panel's strings and images, made once per screen size and
// result so that drawing allocates nothing.
type overCache struct {
	w, h, scale float64
	rounds      int
	lay         overLayout
	title       string
	names       []string   // per seat, cut to the name column
	cells       [][]string // per seat: the rounds shown, then the total
	heads       []string   // the rounds shown, then "Total"
	chartTitle  string
	chart       *ebiten.Image
	// top and step are the chart's scale (chartTop).
	top, step int
	// rank is the seats' places on the round's score panel, final at the game's end.
	rank, final ranking
	pod         podium
	// rise is the podium's entrance (podiumrise.go).
	rise podiumRise
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
	*c = overCache{w: g.W, h: g.H, scale: g.Scale, rounds: rounds, chart: c.chart, rank: c.rank, final: c.final, pod: c.pod, rise: c.rise}
	l := overIn(t.Lay.ResultArea(), g.H, n, rounds)
	c.lay = l
	c.title = t.gameOverTitle().String()
	totals := make([]int, n)
	copy(totals, t.Disp.Scores)
	c.final.update(totals, viewerOf(&t.hud), msg.GameOverYouPlace)
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
		c.names[s] = g.Txt.CutName(t.Seats[s].Name, st, l.NameW-nameLeft(&l)-4)
		row := make([]string, 0, l.Cols+1)
		for r := first; r < rounds; r++ {
			row = append(row, Num(t.roundPens[r][s]))
		}
		c.cells[s] = append(row, Num(totals[s]))
	}
	c.chartTitle = g.Txt.Cut(msg.GameOverChart.Text(), text.Style{Size: l.Size * 0.8}, l.Chart.W)
	c.renderChart(t)
	c.pod.build(g, l.Podium, t.Seats, &c.final)
	return c
}

// nameLeft is how far right of the name column a seat's name starts: after its place and its
// colour's dot.
func nameLeft(l *overLayout) float64 { return l.Size*2.6 + l.Size*1.1 }

// isWinner reports whether seat s is among the winners.
func (hd *hud) isWinner(s int) bool {
	for _, w := range hd.Disp.Winners {
		if w == s {
			return true
		}
	}
	return false
}

// drawGameOver draws the ending: who won and the person's place, the podium, the table by place
// (the winners highlighted), the chart of running totals and the Play again / Menu buttons.
func (t *Table) drawGameOver(dst *ebiten.Image) {
	g := t.G
	c := t.overData()
	l := &c.lay
	rk := &c.final
	g.FillRect(dst, layout.Rect{W: g.W, H: g.H}, sprites.Dim)
	drawPanel(g, dst, l.Panel, 14)
	ts := g.Txt.Fit(c.title, text.Style{Size: l.Title.H * 0.8, Bold: true}, l.Title.W, 10)
	g.Label(dst, c.title, l.Title.X+l.Title.W/2, l.Title.Y+l.Title.H/2, ts, sprites.Gold, text.Center, true)
	if rk.youStr != "" && !t.isWinner(rk.me) { // "You win!" says it
		ss := g.Txt.Fit(rk.youStr, text.Style{Size: l.Sub.H * 0.8}, l.Sub.W, 9)
		g.Label(dst, rk.youStr, l.Sub.X+l.Sub.W/2, l.Sub.Y+l.Sub.H/2, ss, sprites.White, text.Center, false)
	}
	c.pod.draw(g, dst, &c.rise)
	small := l.Size * 0.8
	for k, hd := range c.heads {
		r := l.Cell(0, k+1)
		g.Label(dst, hd, r.X+r.W/2, r.Y+r.H/2, small, sprites.Muted, text.Center, false)
	}
	seats := len(c.names)
	for i, s := range rk.order {
		win := t.isWinner(s)
		name := l.Cell(i+1, 0)
		col := sprites.White
		if win || s == rk.me {
			hi := layout.Rect{X: l.Grid.X, Y: name.Y + 1, W: l.Grid.W, H: name.H - 2}
			g.RoundRect(dst, hi, math.Min(6, hi.H/3), sprites.PlateHi)
		}
		pc := sprites.Muted
		if win {
			col, pc = sprites.Gold, sprites.Gold
		}
		g.Label(dst, rk.placeStr[s], name.X+4, name.Y+name.H/2, small, pc, text.Left|text.VertCenter, true)
		dot := l.Size * 0.6
		dx := name.X + l.Size*2.6
		g.RoundRect(dst, layout.Rect{X: dx, Y: name.Y + (name.H-dot)/2, W: dot, H: dot}, dot/2, chartColor(seats, rk.me, rk.places[s], s))
		g.Label(dst, c.names[s], name.X+nameLeft(l), name.Y+name.H/2, l.Size, col, text.Left|text.VertCenter, true)
		last := len(c.cells[s]) - 1
		for k, v := range c.cells[s] {
			r := l.Cell(i+1, k+1)
			cc := col
			if k < last && !win {
				cc = ui.LabelCol
			}
			g.Label(dst, v, r.X+r.W/2, r.Y+r.H/2, l.Size, cc, text.Center, k == last)
		}
	}
	drawChartLabels(g, dst, c, t.Disp.Config.EndScore)
	a := ui.Widget{R: l.Buttons[0], Label: msg.ButtonPlayAgain.Text(), Enabled: true}
	b := ui.Widget{R: l.Buttons[1], Label: msg.ButtonMenu.Text(), Enabled: true}
	if t.Online != nil {
		a.Label, b.Label = t.Online.OverLabels()
	}
	g.DrawWidget(dst, &a, true)
	g.DrawWidget(dst, &b, false)
}
