// Package sprites draws the game's pictures at device resolution, their shapes filled on the CPU
// (Painter, Raster):
// card faces and backs, the table felt, seat plates, row slots and the danger mark.
//
// Card images are rendered once per card and size into a Cards cache and then drawn with
// DrawImage, so steady-state frames allocate nothing. Each penalty level has its own hue, its own
// lightness and its own pattern, so it reads without colour vision:
// 1 plain · 2 one stripe · 3 two stripes · 5 bold border · 7 bold border and hatching.
package sprites

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/text"
)

// Colours used across the game, boxed once so that drawing does not allocate.
var (
	Ink       color.Color = color.RGBA{0x22, 0x1e, 0x1c, 0xff}
	Paper     color.Color = color.RGBA{0xfb, 0xf7, 0xee, 0xff}
	White     color.Color = color.RGBA{0xff, 0xff, 0xff, 0xff}
	Muted     color.Color = color.RGBA{0xc9, 0xd6, 0xcd, 0xff}
	Gold      color.Color = color.RGBA{0xf4, 0xc4, 0x30, 0xff}
	Danger    color.Color = color.RGBA{0xe0, 0x3a, 0x3a, 0xff}
	Good      color.Color = color.RGBA{0x6c, 0xd4, 0x7e, 0xff}
	Felt      color.Color = color.RGBA{0x1b, 0x5a, 0x3a, 0xff}
	FeltLight color.Color = color.RGBA{0x23, 0x6d, 0x47, 0xff}
	FeltDark  color.Color = color.RGBA{0x12, 0x42, 0x2a, 0xff}
	PlateBG   color.Color = color.RGBA{0x0c, 0x2a, 0x1b, 0xd8}
	PlateHi   color.Color = color.RGBA{0x2f, 0x4f, 0x3f, 0xf0}
	ButtonBG  color.Color = color.RGBA{0xf4, 0xec, 0xd8, 0xff}
	ButtonOff color.Color = color.RGBA{0x6a, 0x7a, 0x70, 0xff}
	Shadow    color.Color = color.RGBA{0, 0, 0, 0x50}
	Dim       color.Color = color.RGBA{0, 0, 0, 0xa0}
	SlotLine  color.Color = color.RGBA{0x60, 0x60, 0x60, 0x60}
	Glow      color.Color = color.RGBA{0xff, 0xe0, 0x60, 0xff}
	BackBlue  color.Color = color.RGBA{0x1f, 0x3a, 0x68, 0xff}
	BackLine  color.Color = color.RGBA{0x5d, 0x7f, 0xb8, 0xff}

	hatchCol color.Color = color.RGBA{0xff, 0xff, 0xff, 0x38}
)

// Level is the look of one penalty level.
type Level struct {
	// Band is the colour of the band across the top.
	Band color.Color
	// Text is the colour of text drawn on the band.
	Text color.Color
	// Stripes is the number of stripes under the band (0, 1 or 2).
	Stripes int
	// Border is set for a bold coloured border.
	Border bool
	// Hatch is set for diagonal hatching on the band.
	Hatch bool
}

// LevelOf returns the look for a card with the given number of bullheads.
func LevelOf(bullheads int) Level {
	switch bullheads {
	case 7:
		return Level{Band: color.RGBA{0x4a, 0x1f, 0x78, 0xff}, Text: White, Border: true, Hatch: true}
	case 5:
		return Level{Band: color.RGBA{0xc8, 0x2b, 0x33, 0xff}, Text: White, Border: true}
	case 3:
		return Level{Band: color.RGBA{0xee, 0x8a, 0x22, 0xff}, Text: Ink, Stripes: 2}
	case 2:
		return Level{Band: color.RGBA{0xf5, 0xd9, 0x4a, 0xff}, Text: Ink, Stripes: 1}
	default:
		return Level{Band: color.RGBA{0xc6, 0xdf, 0xf2, 0xff}, Text: Ink}
	}
}

// Direction is the way round an arc goes (Pather.Arc).
type Direction int

const (
	// Clockwise goes round clockwise on screen (y grows down).
	Clockwise Direction = iota
	// CounterClockwise goes round counter-clockwise on screen.
	CounterClockwise
)

// Pather takes an outline: Raster does, for the game's shapes (Painter), the game-over chart
// and the app icon (assets/gen), so that all of them draw the same bullhead.
type Pather interface {
	MoveTo(x, y float32)
	LineTo(x, y float32)
	QuadTo(x1, y1, x2, y2 float32)
	Arc(x, y, radius, startAngle, endAngle float32, dir Direction)
	Close()
}

// BullheadHead adds the outline of a bullhead of size s centred at (cx, cy) to p: a rounded
// shield of a head, two horns and two ears.
func BullheadHead(p Pather, cx, cy, s float32) {
	// Head: a rounded shield.
	p.MoveTo(cx-0.30*s, cy-0.18*s)
	p.QuadTo(cx, cy-0.30*s, cx+0.30*s, cy-0.18*s)
	p.QuadTo(cx+0.32*s, cy+0.30*s, cx, cy+0.46*s)
	p.QuadTo(cx-0.32*s, cy+0.30*s, cx-0.30*s, cy-0.18*s)
	p.Close()
	// Horns.
	p.MoveTo(cx-0.24*s, cy-0.22*s)
	p.QuadTo(cx-0.52*s, cy-0.20*s, cx-0.50*s, cy-0.50*s)
	p.QuadTo(cx-0.40*s, cy-0.30*s, cx-0.16*s, cy-0.28*s)
	p.Close()
	p.MoveTo(cx+0.24*s, cy-0.22*s)
	p.QuadTo(cx+0.52*s, cy-0.20*s, cx+0.50*s, cy-0.50*s)
	p.QuadTo(cx+0.40*s, cy-0.30*s, cx+0.16*s, cy-0.28*s)
	p.Close()
	// Ears.
	p.MoveTo(cx-0.28*s, cy-0.08*s)
	p.LineTo(cx-0.48*s, cy-0.02*s)
	p.LineTo(cx-0.28*s, cy+0.06*s)
	p.Close()
	p.MoveTo(cx+0.28*s, cy-0.08*s)
	p.LineTo(cx+0.48*s, cy-0.02*s)
	p.LineTo(cx+0.28*s, cy+0.06*s)
	p.Close()
}

// BullheadEyes adds the eyes and nostrils of the bullhead BullheadHead outlines to p.
func BullheadEyes(p Pather, cx, cy, s float32) {
	p.Arc(cx-0.12*s, cy, 0.055*s, 0, 2*math.Pi, Clockwise)
	p.Close()
	p.Arc(cx+0.12*s, cy, 0.055*s, 0, 2*math.Pi, Clockwise)
	p.Close()
	p.Arc(cx-0.07*s, cy+0.28*s, 0.04*s, 0, 2*math.Pi, Clockwise)
	p.Close()
	p.Arc(cx+0.07*s, cy+0.28*s, 0.04*s, 0, 2*math.Pi, Clockwise)
	p.Close()
}

// headGrid places n bullheads in box (the card's layout.Face Heads): one or two lines,
// left-aligned from the box's left edge, as large as fit but at most three quarters of the box's
// height. It returns the icon size and calls at with each icon's centre.
func headGrid(n int, box layout.Rect, at func(cx, cy float64)) (size float64) {
	if n <= 0 {
		return 0
	}
	lines, per := 1, n
	size = math.Min(box.W/float64(n), box.H)
	if p := (n + 1) / 2; n > 1 && math.Min(box.W/float64(p), box.H/2) > size {
		lines, per = 2, p
		size = math.Min(box.W/float64(p), box.H/2)
	}
	size = math.Min(size, box.H*0.75)
	y0 := box.Y + (box.H-float64(lines)*size)/2
	for i := 0; i < n; i++ {
		l, c := i/per, i%per
		at(box.X+size*(float64(c)+0.5), y0+size*(float64(l)+0.5))
	}
	return size
}

// headScale is the drawn size of a bullhead in its headGrid cell: a small gap between heads.
const headScale = 0.94

// Face returns a new w×h device-pixel image of the face of card number c, by the anatomy of
// layout.FaceOf: a band across the top in the penalty's colour and pattern, the number small in
// the top left corner with every bullhead under it (so the strip of the card a fanned hand
// leaves visible shows both), the number large in the middle and again small in the bottom
// right corner. The shapes are filled on the CPU, the numbers drawn over them with t.
func (p *Painter) Face(t *text.Renderer, c, w, h int) *ebiten.Image {
	f := layout.FaceOf(layout.Rect{W: float64(w), H: float64(h)})
	p.drawFaceShapes(p.Scratch(w, h), c, f, float32(w), float32(h))
	img := p.CopyScratch()
	lv := LevelOf(engine.Card(c).Bullheads())
	num := strconv.Itoa(c)
	// Corner numbers.
	t.DrawDevice(img, num, f.Num.X, f.Num.Y+f.Num.H/2, text.Style{Size: f.Num.H, Color: lv.Text, Bold: true, Align: text.Left | text.VertCenter})
	t.DrawDevice(img, num, f.Foot.X+f.Foot.W, f.Foot.Y+f.Foot.H/2, text.Style{Size: f.Foot.H, Color: Ink, Bold: true, Align: text.Right | text.VertCenter})
	// The hero number.
	var numCol color.Color = Ink
	if lv.Border {
		numCol = lv.Band
	}
	cx, cy := f.Hero.Center()
	t.DrawDevice(img, num, cx, cy, text.Style{Size: HeroSize(f.Hero, len(num)), Color: numCol, Bold: true, Align: text.Center})
	return img
}

// drawFaceShapes fills the shapes of card c's face (f, w×h) into dst: paper, band, stripes,
// hatching, border, bullheads and outline.
func (p *Painter) drawFaceShapes(dst *image.RGBA, c int, f layout.Face, w, h float32) {
	bh := engine.Card(c).Bullheads()
	lv := LevelOf(bh)
	var x, y float32
	r := w * 0.09
	p.FillRoundRect(dst, x, y, w, h, r, Paper)
	band := float32(f.Band.H)
	// Band clipped to the card's top corners: a rounded rect plus a plain rect below its middle,
	// and the stripes, filled together.
	p.roundRectPath(dst, x, y, w, band, r)
	p.appendRect(x, y+band/2, w, band/2)
	sw := h * 0.028
	for i := 0; i < lv.Stripes; i++ {
		sy := y + band + sw*0.6 + float32(i)*sw*1.8
		p.appendRect(x, sy, w, sw)
	}
	p.fill(dst, lv.Band)
	if lv.Hatch {
		p.begin(dst)
		step := w * 0.16
		for i := float32(-band); i < w; i += step {
			x0, y0 := x+i, y+band
			x1, y1 := x+i+band, y
			// clip to card
			if x0 < x {
				y0 -= x - x0
				x0 = x
			}
			if x1 > x+w {
				y1 += x1 - (x + w)
				x1 = x + w
			}
			if x1 > x0 {
				p.r.Line(x0, y0, x1, y1, w*0.025)
			}
		}
		p.fill(dst, hatchCol)
	}
	// Border: bold coloured, under the bullheads.
	if lv.Border {
		bw := w * 0.07
		p.StrokeRoundRect(dst, x+bw/2, y+bw/2, w-bw, h-bw, r*0.8, bw, lv.Band)
	}
	// Bullheads under the corner number.
	var ink color.Color = Ink
	if lv.Text == White {
		ink = White
	}
	p.begin(dst)
	s := float32(headGrid(bh, f.Heads, func(float64, float64) {}) * headScale)
	headGrid(bh, f.Heads, func(cx, cy float64) { BullheadHead(p.r, float32(cx), float32(cy), s) })
	p.fill(dst, ink)
	if s >= 9 {
		p.begin(dst)
		headGrid(bh, f.Heads, func(cx, cy float64) { BullheadEyes(p.r, float32(cx), float32(cy), s) })
		p.fill(dst, lv.Band)
	}
	p.StrokeRoundRect(dst, x+0.5, y+0.5, w-1, h-1, r, float32(math.Max(1, float64(w)*0.012)), Ink)
}

// HeroSize is the text size of a card's big number of the given digits in the Hero box: as
// tall as the box, narrower for three digits (a bold digit is about 0.58 em wide).
func HeroSize(hero layout.Rect, digits int) float64 {
	return math.Min(hero.H, hero.W/(0.58*float64(digits)))
}

// Back returns a new w×h device-pixel image of the card back.
func (p *Painter) Back(w, h int) *ebiten.Image {
	p.DrawBack(p.Scratch(w, h), 0, 0, float32(w), float32(h))
	return p.CopyScratch()
}

// DrawBack draws the card back into dst: a navy field with a diamond lattice.
func (p *Painter) DrawBack(dst *image.RGBA, x, y, w, h float32) {
	r := w * 0.09
	p.FillRoundRect(dst, x, y, w, h, r, BackBlue)
	in := w * 0.1
	ix, iy, iw, ih := x+in, y+in, w-2*in, h-2*in
	step := iw / 4
	lw := float32(math.Max(1, float64(w)*0.02))
	// Every line of the lattice in one outline: where two cross they are filled once.
	p.begin(dst)
	for i := float32(-ih); i <= iw; i += step {
		// "/" lines and "\" lines clipped to the inner rect.
		p.appendClippedLine(ix+i, iy+ih, ix+i+ih, iy, ix, iy, iw, ih, lw)
		p.appendClippedLine(ix+i, iy, ix+i+ih, iy+ih, ix, iy, iw, ih, lw)
	}
	p.fill(dst, BackLine)
	p.StrokeRoundRect(dst, ix, iy, iw, ih, r*0.6, lw*1.5, BackLine)
	p.StrokeRoundRect(dst, x+0.5, y+0.5, w-1, h-1, r, float32(math.Max(1, float64(w)*0.012)), Ink)
}

// DrawFelt fills the table: a green felt with a lighter centre and a darker rim. The
// gradient is computed on a small image and scaled up smoothly, which costs one draw.
func (p *Painter) DrawFelt(dst *ebiten.Image, w, h float32) {
	if p.felt == nil {
		const n = 48
		pix := make([]byte, 4*n*n)
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				dx, dy := (float64(x)+0.5)/n-0.5, (float64(y)+0.5)/n-0.5
				d := math.Min(1, math.Hypot(dx, dy)/0.7071)
				t := 1 - d*d
				c := lerpColor(FeltDark, FeltLight, t).(color.RGBA)
				i := 4 * (y*n + x)
				pix[i], pix[i+1], pix[i+2], pix[i+3] = c.R, c.G, c.B, 0xff
			}
		}
		p.felt = ebiten.NewImage(n, n)
		p.felt.WritePixels(pix)
	}
	var op ebiten.DrawImageOptions
	op.GeoM.Scale(float64(w)/48, float64(h)/48)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(p.felt, &op)
}

func lerpColor(a, b color.Color, t float64) color.Color {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	l := func(x, y uint32) uint8 { return uint8((float64(x) + (float64(y)-float64(x))*t) / 257) }
	return color.RGBA{l(ar, br), l(ag, bg), l(ab, bb), 0xff}
}

// DrawSlot draws an empty row place: a faint rounded outline.
func (p *Painter) DrawSlot(dst *image.RGBA, x, y, w, h float32) {
	p.StrokeRoundRect(dst, x, y, w, h, w*0.09, float32(math.Max(1, float64(w)*0.025)), SlotLine)
}

// DrawDanger draws the sixth place of a row: a red hatched outline that reads "takes the row".
func (p *Painter) DrawDanger(dst *image.RGBA, x, y, w, h float32, alpha float32) {
	c := color.RGBA{0xe0, 0x3a, 0x3a, uint8(0x90 * alpha)}
	lw := float32(math.Max(1.5, float64(w)*0.03))
	p.StrokeRoundRect(dst, x, y, w, h, w*0.09, lw, c)
	step := w / 4
	p.begin(dst)
	for i := float32(-h); i < w; i += step {
		x0, y0, x1, y1 := x+i, y+h, x+i+h, y
		p.appendClippedLine(x0, y0, x1, y1, x+lw, y+lw, w-2*lw, h-2*lw, lw*0.6)
	}
	p.fill(dst, c)
}
