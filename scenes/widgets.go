package scenes

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"nimmt/layout"
	"nimmt/sprites"
	"nimmt/text"
)

// widget is a button or label in a menu-like scene.
type widget struct {
	id      string
	r       layout.Rect
	label   string
	enabled bool
	// kind: 0 button, 1 label (left-aligned text), 2 value (centred text, no frame), 3 toggle chip,
	// kindNotice a notice (centred, wrapped onto lines within the rectangle)
	kind int
	on   bool
	// fit is the label size that fits the width, for fitFor; wrapped says a notice is drawn on
	// several lines at that size.
	fit     float64
	fitFor  string
	wrapped bool
	size    float64 // text size; 0 = from the height
}

var (
	focusCol  color.Color = color.RGBA{0xff, 0xd8, 0x4a, 0xff}
	titleCol  color.Color = color.RGBA{0xfb, 0xf7, 0xee, 0xff}
	labelCol  color.Color = color.RGBA{0xdd, 0xe8, 0xe0, 0xff}
	chipOnCol color.Color = color.RGBA{0xf4, 0xc4, 0x30, 0xff}
	overlay   color.Color = color.RGBA{0x06, 0x1a, 0x10, 0xe6}
)

// fillRect fills a logical rectangle.
func (g *Game) fillRect(dst *ebiten.Image, r layout.Rect, c color.Color) {
	s := g.scale
	vector.FillRect(dst, float32(r.X*s), float32(r.Y*s), float32(r.W*s), float32(r.H*s), c, false)
}

// shapeKey names a cached shape image: kind 0 fill, 1 stroke; sizes in device pixels.
type shapeKey struct {
	kind       uint8
	w, h, r, l int32
	c          [4]uint8
}

// shape returns the cached image of a rounded rectangle, rendering it on first use. Vector
// fills are costly on software GL when they cover the screen, so every frame draws images.
func (g *Game) shape(kind uint8, w, h, r, lw float64, c color.Color) *ebiten.Image {
	k := shapeKey{kind: kind, w: int32(w + 0.5), h: int32(h + 0.5), r: int32(r + 0.5), l: int32(lw*4 + 0.5)}
	if kind >= 2 {
		// Icons and marks keep their own colours; plain fills and outlines are cached in white
		// and tinted when drawn, so a pulsing colour needs no new image.
		cr, cg, cb, ca := c.RGBA()
		k.c = [4]uint8{uint8(cr >> 8), uint8(cg >> 8), uint8(cb >> 8), uint8(ca >> 8)}
	} else {
		c = sprites.White
	}
	if k.w < 1 || k.h < 1 {
		return nil
	}
	if img, ok := g.shapes[k]; ok {
		return img
	}
	if g.shapes == nil || len(g.shapes) > 600 {
		for _, img := range g.shapes {
			img.Deallocate()
		}
		g.shapes = map[shapeKey]*ebiten.Image{}
	}
	pad := int32(lw + 2)
	iw, ih := int(k.w+2*pad), int(k.h+2*pad)
	img := g.painter.Scratch(iw, ih)
	p := float32(pad)
	switch kind {
	case 0:
		g.painter.FillRoundRect(img, p, p, float32(k.w), float32(k.h), float32(r), c)
	case 2:
		g.painter.Bullhead(img, p+float32(k.w)/2, p+float32(k.h)/2, float32(k.w), c, sprites.FeltDark)
	case 3:
		g.painter.DrawSlot(img, p, p, float32(k.w), float32(k.h))
	case 4:
		g.painter.DrawDanger(img, p, p, float32(k.w), float32(k.h), 1)
	default:
		g.painter.StrokeRoundRect(img, p, p, float32(k.w), float32(k.h), float32(r), float32(lw), c)
	}
	img = g.painter.CopyScratch(iw, ih)
	g.shapes[k] = img
	return img
}

func (g *Game) drawShape(dst *ebiten.Image, kind uint8, r layout.Rect, rad, lw float64, c color.Color) {
	s := g.scale
	img := g.shape(kind, r.W*s, r.H*s, rad*s, lw*s, c)
	if img == nil {
		return
	}
	pad := float64(int32(lw*s + 2))
	g.shapeOp.GeoM.Reset()
	g.shapeOp.GeoM.Translate(math.Round(r.X*s)-pad, math.Round(r.Y*s)-pad)
	g.shapeOp.ColorScale.Reset()
	if kind < 2 {
		g.shapeOp.ColorScale.ScaleWithColor(c)
	}
	dst.DrawImage(img, &g.shapeOp)
}

// bullhead draws a bullhead icon of logical size sz centred at (cx, cy).
func (g *Game) bullhead(dst *ebiten.Image, cx, cy, sz float64, c color.Color) {
	g.drawShape(dst, 2, layout.Rect{X: cx - sz/2, Y: cy - sz/2, W: sz, H: sz}, 0, 0, c)
}

// roundRect fills a logical rounded rectangle.
func (g *Game) roundRect(dst *ebiten.Image, r layout.Rect, rad float64, c color.Color) {
	g.drawShape(dst, 0, r, rad, 0, c)
}

// strokeRect outlines a logical rounded rectangle.
func (g *Game) strokeRect(dst *ebiten.Image, r layout.Rect, rad, width float64, c color.Color) {
	g.drawShape(dst, 1, r, rad, width, c)
}

// label draws text in logical coordinates.
func (g *Game) label(dst *ebiten.Image, s string, x, y, size float64, c color.Color, a text.Align, bold bool) {
	g.txt.Draw(dst, s, x, y, text.Style{Size: size, Color: c, Align: a, Bold: bold})
}

// drawWidget draws a button, label or chip.
func (g *Game) drawWidget(dst *ebiten.Image, w *widget, focused bool) {
	size := clampF(w.r.H*0.42, 12, 30)
	if w.size > 0 {
		size = w.size
	}
	cx, cy := w.r.Center()
	switch w.kind {
	case 1:
		if w.fit == 0 || w.fitFor != w.label {
			w.fit = g.txt.Fit(w.label, text.Style{Size: size}, w.r.W-8, 8)
			w.fitFor = w.label
		}
		g.label(dst, w.label, w.r.X+4, cy, w.fit, labelCol, text.Left|text.VertCenter, false)
		return
	case 2:
		if w.fit == 0 || w.fitFor != w.label {
			w.fit = g.txt.Fit(w.label, text.Style{Size: size, Bold: true}, w.r.W-8, 8)
			w.fitFor = w.label
		}
		g.label(dst, w.label, cx, cy, w.fit, titleCol, text.Center, true)
		return
	case kindNotice:
		g.drawNotice(dst, w, size)
		return
	}
	bg := sprites.ButtonBG
	fg := sprites.Ink
	if w.kind == 3 && w.on {
		bg = chipOnCol
	}
	if !w.enabled {
		bg = sprites.ButtonOff
		fg = sprites.Muted
	}
	rad := w.r.H * 0.22
	g.roundRect(dst, layout.Rect{X: w.r.X + 2, Y: w.r.Y + 3, W: w.r.W, H: w.r.H}, rad, sprites.Shadow)
	g.roundRect(dst, w.r, rad, bg)
	if focused {
		g.strokeRect(dst, w.r.Inset(-2), rad+2, 3, focusCol)
	}
	if w.fit == 0 || w.fitFor != w.label {
		w.fit = g.txt.Fit(w.label, text.Style{Size: size, Bold: true}, w.r.W-8, 8)
		w.fitFor = w.label
	}
	g.label(dst, w.label, cx, cy, w.fit, fg, text.Center, true)
}

// kindNotice is the widget kind of a notice: a sentence that may need several lines on a
// narrow screen (a damaged save, why the sound is silent).
const kindNotice = 4

// drawNotice draws a notice centred in its rectangle: on one line, or wrapped onto lines within
// the rectangle when that allows a larger size (a narrow phone).
func (g *Game) drawNotice(dst *ebiten.Image, w *widget, size float64) {
	const minSize = 8
	st := text.Style{Size: size, Bold: true, Color: titleCol}
	inner := w.r.W - 8
	if w.fit == 0 || w.fitFor != w.label {
		w.fitFor = w.label
		one := g.txt.Fit(w.label, st, inner, minSize)
		wrapped := g.txt.FitWrap(w.label, st, inner, w.r.H, minSize)
		w.fit, w.wrapped = one, wrapped > one
		if w.wrapped {
			w.fit = wrapped
		}
	}
	if !w.wrapped {
		cx, cy := w.r.Center()
		g.label(dst, w.label, cx, cy, w.fit, titleCol, text.Center, true)
		return
	}
	st.Size, st.Align = w.fit, text.Left|text.Top
	_, h := g.txt.MeasureWrap(w.label, st, inner)
	g.txt.DrawWrap(dst, w.label, w.r.X+4, w.r.Y+(w.r.H-h)/2, inner, st)
}

func clampF(v, lo, hi float64) float64 {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}
