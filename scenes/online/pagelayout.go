package online

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/ui"
)

// page is the frame the public list and the profile page share: a title, rows of buttons and a
// list. Where the screen is wide the rows stand in a column at the left of the list; elsewhere
// the first above rows are above the list and the others below it.
type page struct {
	// m is the margin between things, top the y below the title, rowH a row's height.
	m, top, rowH float64
}

// newPage is the frame's measures for a w×h screen.
func newPage(w, h float64) page {
	m := math.Round(ui.ClampF(min(w, h)*0.02, 4, 24))
	title := layout.FormTitle(w, h)
	return page{m: m, top: title.Y + title.H + m, rowH: ui.ClampF(h*0.065, layout.MinTap, 60)}
}

// halves cuts row r in two halves side by side.
func (pg page) halves(r layout.Rect) (a, b layout.Rect) {
	half := (r.W - pg.m) / 2
	return layout.Rect{X: r.X, Y: r.Y, W: half, H: r.H}, layout.Rect{X: r.X + half + pg.m, Y: r.Y, W: half, H: r.H}
}

// pair cuts row r in two halves side by side, for a and b.
func (pg page) pair(r layout.Rect, fa, fb func(layout.Rect)) {
	a, b := pg.halves(r)
	fa(a)
	fb(b)
}

// lay places the rows on a w×h screen, the first above of them above the list where the screen
// is not wide, and returns the list's place.
func (pg page) lay(w, h float64, rows []func(layout.Rect), above int) layout.Rect {
	m, top, rowH := pg.m, pg.top, pg.rowH
	if w > h*1.2 {
		cw := ui.ClampF(w*0.4, 300, 480)
		for i, row := range rows {
			row(layout.Rect{X: m, Y: top + float64(i)*(rowH+m), W: cw, H: rowH})
		}
		return layout.Rect{X: cw + 3*m, Y: top, W: w - cw - 4*m, H: h - top - m}
	}
	cw := math.Min(w-2*m, 720)
	x := (w - cw) / 2
	for i, row := range rows[:above] {
		row(layout.Rect{X: x, Y: top + float64(i)*(rowH+m), W: cw, H: rowH})
	}
	below := rows[above:]
	for i, row := range below {
		row(layout.Rect{X: x, Y: h - float64(len(below)-i)*(rowH+m), W: cw, H: rowH})
	}
	y := top
	if above > 0 {
		y += float64(above)*(rowH+m) + m
	}
	return layout.Rect{X: x, Y: y, W: cw, H: h - y - float64(len(below))*(rowH+m) - m}
}

// drawPage draws the felt, the page's title and its widgets.
func (f *form) drawPage(dst *ebiten.Image, title string) {
	g := f.g
	g.DrawFelt(dst)
	f.title(dst, title, layout.FormTitle(g.W, g.H))
	f.Draw(dst)
}

// report reports the form's buttons and the notice n (none: nothing) to the test hook.
func (f *form) report(ts *ui.TestState, n msg.Message) {
	f.Buttons(ts)
	if n.ID != msg.None {
		ts.Notice = n.String()
	}
}
