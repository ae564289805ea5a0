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

// compactHead is the smallest bullhead (device pixels across) a card draws one per penalty
// point: the size at which a bull still has a face (bullFeatureMin). Under it the heads would
// be specks to count one by one, so the card draws one bull and the count as a figure beside
// it (countOf), which reads at a glance.
const compactHead = bullFeatureMin

// count is how a card's bullhead count is drawn in its face's Heads box: n heads of size
// Size at the centres headGrid gives, or, when Digit is set, one bull at (X, Y) and the count
// written at (DigitX, Y) in text of size DigitSize.
type count struct {
	N                 int
	Size              float64
	Digit             bool
	X, Y              float64
	DigitX, DigitSize float64
	// box is where the heads lie: the Heads box, clear of the outline.
	box layout.Rect
}

// countOf returns how n bullheads are drawn in box, the Heads box of a face w pixels wide whose
// left edge is at x = 0. The heads keep two pixels clear of the card's outline, so that a
// small card's bulls never merge with it.
func countOf(n int, box layout.Rect, w float64) count {
	if pad := outlineWidth(w) + 2 - box.X; pad > 0 {
		box.X, box.W = box.X+pad, box.W-pad
	}
	s := headGrid(n, box, func(float64, float64) {}) * headScale
	if n <= 1 || s >= compactHead {
		return count{N: n, Size: s, box: box}
	}
	// Kept off the band's lower edge, so that a light figure on a dark band never meets the
	// paper under it.
	b := math.Min(box.H*0.85, box.W*0.48)
	return count{N: n, Size: b, Digit: true, X: box.X + b*0.52, Y: box.Y + box.H*0.45,
		DigitX: box.X + b*1.1, DigitSize: box.H * 0.9, box: box}
}

// each calls at with the centre of every bull the count draws.
func (k count) each(at func(cx, cy float32)) {
	if k.Digit {
		at(float32(k.X), float32(k.Y))
		return
	}
	headGrid(k.N, k.box, func(cx, cy float64) { at(float32(cx), float32(cy)) })
}

// Face returns a new w×h device-pixel image of the face of card number c, by the anatomy of
// layout.FaceOf: a band across the top in the penalty's colour and pattern, the number small in
// the top left corner with every bullhead under it (so the strip of the card a fanned hand
// leaves visible shows both), the number large in the middle and again small in the bottom
// right corner. The shapes are filled on the CPU, the numbers drawn over them with t.
func (p *Painter) Face(t *text.Renderer, c, w, h int) *ebiten.Image {
	f := layout.FaceOf(layout.Rect{W: float64(w), H: float64(h)})
	p.drawFaceShapes(p.Scratch(w, h), c, f, float32(w), float32(h))
	img := p.CopyScratch()
	bh := engine.Card(c).Bullheads()
	lv := LevelOf(bh)
	num := strconv.Itoa(c)
	// Corner numbers.
	t.DrawDevice(img, num, f.Num.X, f.Num.Y+f.Num.H/2, text.Style{Size: f.Num.H, Color: lv.Text, Bold: true, Align: text.Left | text.VertCenter})
	// On a card with a bold border the foot number moves in off it.
	in := 0.0
	if lv.Border {
		in = float64(w) * borderWidth * 0.6
	}
	t.DrawDevice(img, num, f.Foot.X+f.Foot.W-in, f.Foot.Y+f.Foot.H/2-in, text.Style{Size: f.Foot.H, Color: Ink, Bold: true, Align: text.Right | text.VertCenter})
	drawCountDigit(t, img, countOf(bh, f.Heads, float64(w)), lv.Text)
	// The hero number.
	var numCol color.Color = Ink
	if lv.Border {
		numCol = lv.Band
	}
	cx, cy := f.Hero.Center()
	t.DrawDevice(img, num, cx, cy, text.Style{Size: HeroSize(f.Hero, len(num)), Color: numCol, Bold: true, Align: text.Center})
	return img
}

// drawCountDigit writes a compact count's figure (countOf) in colour c.
func drawCountDigit(t *text.Renderer, img *ebiten.Image, k count, c color.Color) {
	if k.Digit {
		t.DrawDevice(img, strconv.Itoa(k.N), k.DigitX, k.Y, text.Style{Size: k.DigitSize, Color: c, Bold: true, Align: text.Left | text.VertCenter})
	}
}

// drawFaceShapes fills the shapes of card c's face (f, w×h) into dst: paper, band, stripes,
// hatching, border, bullheads and outline.
func (p *Painter) drawFaceShapes(dst *image.RGBA, c int, f layout.Face, w, h float32) {
	bh := engine.Card(c).Bullheads()
	lv := LevelOf(bh)
	r := w * 0.09
	p.FillRoundRect(dst, 0, 0, w, h, r, Paper)
	band := float32(f.Band.H)
	// Band clipped to the card's top corners: a rounded rect plus a plain rect below its middle,
	// and the stripes, filled together.
	p.roundRectPath(dst, 0, 0, w, band, r)
	p.appendRect(0, band/2, w, band/2)
	sw := h * 0.028
	for i := 0; i < lv.Stripes; i++ {
		sy := band + sw*0.6 + float32(i)*sw*1.8
		p.appendRect(0, sy, w, sw)
	}
	p.fill(dst, lv.Band)
	if lv.Hatch {
		p.begin(dst)
		step, lw := w*0.15, w*0.05
		// The lines' centres stop short of the band's edges by the width their square ends
		// stick out, and clear of its rounded corners.
		for i := -band; i < w; i += step {
			p.appendClippedLine(i, band, i+band, 0, w*0.04, lw*0.4, w*0.92, band-lw*0.8, lw)
		}
		p.fill(dst, lv.Pattern)
	}
	// The band's lower edge, a fine dark rule that makes it a printed band, not a tint.
	p.FillRect(dst, 0, band-max(1, h*0.006), w, max(1, h*0.006), darker(lv.Band))
	// Border: bold coloured, under the bullheads.
	if lv.Border {
		bw := w * borderWidth
		p.StrokeRoundRect(dst, bw/2, bw/2, w-bw, h-bw, r*0.8, bw, lv.Band)
	}
	p.drawCount(dst, countOf(bh, f.Heads, float64(w)), lv)
	p.StrokeRoundRect(dst, 0.5, 0.5, w-1, h-1, r, float32(outlineWidth(float64(w))), Ink)
}

// borderWidth is the width of a bold border, a fraction of the card's width.
const borderWidth = 0.07

// outlineWidth is the width of the dark outline of a card w pixels wide.
func outlineWidth(w float64) float64 { return math.Max(1, w*0.012) }

// drawCount fills a card's bullheads (k) for level lv: each bull on a halo of the
// band's plain colour, which keeps a pattern from running into its outline, in the level's
// text colour, its eyes and nostrils cut out in the band's colour when it is large enough.
func (p *Painter) drawCount(dst *image.RGBA, k count, lv Level) {
	s := float32(k.Size)
	if lv.Hatch {
		d := max(1, s*0.08)
		p.begin(dst)
		k.each(func(cx, cy float32) {
			for _, o := range [8][2]float32{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}} {
				Bull(p.r, cx+o[0]*d, cy+o[1]*d, s)
			}
		})
		p.fill(dst, lv.Band)
	}
	p.begin(dst)
	k.each(func(cx, cy float32) { Bull(p.r, cx, cy, s) })
	p.fill(dst, lv.Text)
	if s >= bullFeatureMin {
		p.begin(dst)
		k.each(func(cx, cy float32) { BullFeatures(p.r, cx, cy, s) })
		p.fill(dst, lv.Band)
	}
}

// darker returns c at three quarters of its brightness.
func darker(c color.Color) color.Color {
	r, g, b, a := c.RGBA()
	return color.RGBA{uint8(r >> 8 * 3 / 4), uint8(g >> 8 * 3 / 4), uint8(b >> 8 * 3 / 4), uint8(a >> 8)}
}

// HeroSize returns the text size of the big number of the given number of digits in the
// face's Hero box: as tall as the box, narrower for three digits.
func HeroSize(hero layout.Rect, digits int) float64 {
	return math.Min(hero.H, hero.W/(0.58*float64(digits)))
}

// Back returns a new w×h device-pixel image of the card back.
func (p *Painter) Back(w, h int) *ebiten.Image {
	p.DrawBack(p.Scratch(w, h), 0, 0, float32(w), float32(h))
	return p.CopyScratch()
}

// Colours of the card back.
var (
	backField color.Color = color.RGBA{0x7a, 0x1e, 0x2c, 0xff}
	backLine  color.Color = color.RGBA{0x93, 0x2e, 0x3b, 0xff}
	backGold  color.Color = color.RGBA{0xe8, 0xb9, 0x4a, 0xff}
)

// DrawBack draws the card back into dst: a deep red field with a fine diamond lattice inside
// a gold frame, and in the middle a gold medallion with the bull. Nothing on it is cream, so a
// back never passes for a face.
func (p *Painter) DrawBack(dst *image.RGBA, x, y, w, h float32) {
	r := w * 0.09
	p.FillRoundRect(dst, x, y, w, h, r, backField)
	in := w * 0.09
	ix, iy, iw, ih := x+in, y+in, w-2*in, h-2*in
	step := iw / 5
	lw := float32(math.Max(1, float64(w)*0.018))
	// Every line of the lattice in one outline: where two cross they are filled once.
	p.begin(dst)
	for i := -ih; i <= iw; i += step {
		p.appendClippedLine(ix+i, iy+ih, ix+i+ih, iy, ix, iy, iw, ih, lw)
		p.appendClippedLine(ix+i, iy, ix+i+ih, iy+ih, ix, iy, iw, ih, lw)
	}
	p.fill(dst, backLine)
	p.StrokeRoundRect(dst, ix, iy, iw, ih, r*0.6, lw*1.4, backGold)
	// The medallion: a field-coloured disc ringed in gold, the bull in gold on it.
	cx, cy := x+w/2, y+h/2
	mr := w * 0.27
	p.FillCircle(dst, cx, cy, mr+lw*1.5, backGold)
	p.FillCircle(dst, cx, cy, mr, backField)
	bs := mr * 1.45
	p.begin(dst)
	Bull(p.r, cx, cy+bs*0.02, bs)
	p.fill(dst, backGold)
	if bs >= bullFeatureMin {
		p.begin(dst)
		BullFeatures(p.r, cx, cy+bs*0.02, bs)
		p.fill(dst, backField)
	}
	p.StrokeRoundRect(dst, x+0.5, y+0.5, w-1, h-1, r, float32(math.Max(1, float64(w)*0.012)), Ink)
}
