package table

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"
)

// podium is the game-over panel's podium: the first three seats on steps, the middle and highest
// step the winner's with a drawn crown over the name (every winner's, when several share the
// win), the second's left, the third's right. Made once per result (build), drawn every frame.
type podium struct {
	_      ui.NoCompare
	n      int
	steps  [3]layout.Rect // the steps, in podium order (1st, 2nd, 3rd)
	names  [3]string      // the seats' names, cut to their steps
	places [3]string      // "1st" …
	tots   [3]string      // the seats' totals
	first  [3]bool        // the seat shares the first place
	col    [3]int         // the seat, for its colour
	size   float64        // the names' text size
	crown  *ebiten.Image  // drawn once at the crown's size
	cw, ch float64        // the crown's logical size
	scale  float64
	box    layout.Rect // the podium's box: the steps rise from its floor
}

// podiumSteps lays out n ≤ 3 steps in box p, in podium order: the first in the middle, the second
// left of it, the third right; a step's height says its place (places, from 1), under room
// for a crown and a name above it. Its result is a pure function of its arguments.
func podiumSteps(p layout.Rect, n int, places [3]int) (steps [3]layout.Rect, top float64) {
	sw := math.Min((p.W-16)/3, 150)
	top = p.H * 0.46 // the crown and the name over the highest step
	room := p.H - top
	xs := [3]float64{p.X + p.W/2 - sw/2, p.X + p.W/2 - sw*1.5 - 4, p.X + p.W/2 + sw/2 + 4}
	for i := range n {
		f := [4]float64{0, 1, 0.7, 0.45}[min(places[i], 3)]
		h := room * f
		steps[i] = layout.Rect{X: xs[i], Y: p.Y + p.H - h, W: sw, H: h}
	}
	return steps, top
}

// build makes the podium's texts and crown for the seats' ranking in box p (empty: no podium).
func (pd *podium) build(g *ui.Host, p layout.Rect, seats []seatInfo, rk *ranking) {
	crown := pd.crown
	*pd = podium{crown: crown}
	if p.Empty() || len(rk.order) == 0 {
		return
	}
	pd.n = min(3, len(rk.order))
	var places [3]int
	for i := range pd.n {
		s := rk.order[i]
		places[i], pd.col[i], pd.first[i] = rk.places[s], s, rk.places[s] == 1
		pd.places[i], pd.tots[i] = rk.placeStr[s], Num(rk.totals[s])
	}
	var top float64
	pd.box = p
	pd.steps, top = podiumSteps(p, pd.n, places)
	pd.size = ui.ClampF(top*0.3, 10, 20)
	for i := range pd.n {
		pd.names[i] = g.Txt.CutName(seats[pd.col[i]].Name, text.Style{Size: pd.size, Bold: true}, pd.steps[i].W)
	}
	pd.ch = top - pd.size*1.3
	pd.cw = pd.ch * 1.4
	pd.scale = g.Scale
	pd.renderCrown()
}

// renderCrown draws the crown, the project's own: a gold band with three points, each tipped with
// a jewel, on the CPU once at its size.
func (pd *podium) renderCrown() {
	w, h := int(math.Ceil(pd.cw*pd.scale)), int(math.Ceil(pd.ch*pd.scale))
	if w < 4 || h < 4 {
		return
	}
	var img *image.RGBA
	var z sprites.Raster
	pd.crown, img, z = canvas(pd.crown, w, h)
	fw, fh := float32(w), float32(h)
	j := fh * 0.1 // a jewel's radius
	z.MoveTo(fw*0.1, fh*0.95)
	z.LineTo(fw*0.04, fh*0.3)
	z.LineTo(fw*0.3, fh*0.6)
	z.LineTo(fw*0.5, fh*0.18)
	z.LineTo(fw*0.7, fh*0.6)
	z.LineTo(fw*0.96, fh*0.3)
	z.LineTo(fw*0.9, fh*0.95)
	z.Close()
	z.Disc(fw*0.04+j*0.2, fh*0.3-j*0.6, j)
	z.Disc(fw*0.5, fh*0.18-j*0.8, j*1.1)
	z.Disc(fw*0.96-j*0.2, fh*0.3-j*0.6, j)
	z.Paint(img, sprites.Gold)
	z.Line(fw*0.12, fh*0.82, fw*0.88, fh*0.82, fh*0.1)
	z.Paint(img, chartCasing)
	z.Disc(fw*0.5, fh*0.7, j*0.8)
	z.Paint(img, sprites.Danger)
	pd.crown.WritePixels(img.Pix)
}

// draw draws the steps with their places and totals, the names over them and the winners'
// crowns, as far as the entrance rs has brought them: a step not yet risen is cut off at the
// podium's floor, a crown not yet dropped hangs above its place, fading in.
func (pd *podium) draw(g *ui.Host, dst *ebiten.Image, rs *podiumRise) {
	for i := range pd.n {
		d, dy := dst, 0.0
		if rs.running() {
			b := pd.box
			clip := image.Rect(int(b.X*g.Scale), 0, int((b.X+b.W)*g.Scale)+1, int((b.Y+b.H)*g.Scale))
			d = dst.SubImage(clip).(*ebiten.Image)
			dy = (1 - rs.step(i)) * b.H
		}
		pd.drawStep(g, d, i, dy, rs.crown())
	}
}

// drawStep draws step i moved down by dy, its crown (a winner's) dropped by the fraction c.
func (pd *podium) drawStep(g *ui.Host, dst *ebiten.Image, i int, dy, c float64) {
	r := pd.steps[i]
	r.Y += dy
	g.RoundRect(dst, r, 6, sprites.PlateHi)
	g.FillRect(dst, layout.Rect{X: r.X + 6, Y: r.Y, W: r.W - 12, H: 3}, seatCols[pd.col[i]%len(seatCols)])
	pc := sprites.White
	if pd.first[i] {
		pc = sprites.Gold
		g.StrokeRect(dst, r, 6, 1.5, sprites.Gold)
	}
	ps := ui.ClampF(math.Min(r.H*0.42, r.W*0.22), 9, 26)
	mid := r.Y + r.H/2
	if r.H > ps*2.6 {
		mid = r.Y + r.H*0.38
		g.Label(dst, pd.tots[i], r.X+r.W/2, r.Y+r.H*0.76, ps*0.6, sprites.Muted, text.Center, false)
	}
	g.Label(dst, pd.places[i], r.X+r.W/2, mid, ps, pc, text.Center, true)
	ny := r.Y - pd.size*0.7
	g.Label(dst, pd.names[i], r.X+r.W/2, ny, pd.size, pc, text.Center, true)
	if pd.first[i] && pd.crown != nil && c > 0 {
		var op ebiten.DrawImageOptions
		y := ny - dy - pd.size*0.65 - pd.ch - (1-c)*pd.ch*1.5 // dropping onto the risen step
		op.GeoM.Translate(math.Round((r.X+r.W/2-pd.cw/2)*g.Scale), math.Round(y*g.Scale))
		if c < 1 {
			op.ColorScale.ScaleAlpha(float32(c))
		}
		dst.DrawImage(pd.crown, &op)
	}
}
