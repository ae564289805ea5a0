package sprites

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Painter fills the sprites' shapes on the CPU (Raster, golang.org/x/image/vector) into a
// scratch image, from which the caches make their images (CopyScratch); every frame then only
// draws images. The web build links no other vector package for it (#13: Ebitengine's own
// vector package was 60 KB of the gzipped wasm).
type Painter struct {
	r    Raster
	mask image.Alpha
	// scratch is the image Scratch hands out, on buf: one buffer for every cached shape.
	scratch image.RGBA
	buf     []byte
	felt    *ebiten.Image
	// Budget is how many card images may still be rendered this frame (see Cards.Face); the
	// game resets it every frame, so that a resize renders the faces over several frames.
	Budget int
}

// Scratch returns a cleared scratch image of w×h device pixels (reused by the next call): fill
// shapes into it and make an image of it with CopyScratch.
func (p *Painter) Scratch(w, h int) *image.RGBA {
	w, h = max(w, 1), max(h, 1)
	n := 4 * w * h
	if cap(p.buf) < n {
		p.buf = make([]byte, n)
	}
	p.scratch = image.RGBA{Pix: p.buf[:n], Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
	clear(p.scratch.Pix)
	return &p.scratch
}

// CopyScratch returns a new image holding the scratch image's pixels.
func (p *Painter) CopyScratch() *ebiten.Image {
	b := p.scratch.Bounds()
	img := ebiten.NewImage(b.Dx(), b.Dy())
	img.WritePixels(p.scratch.Pix)
	return img
}

// begin starts a new outline for dst: what is added to p.r until fill is filled together.
func (p *Painter) begin(dst *image.RGBA) {
	b := dst.Bounds()
	if p.r.Rasterizer == nil {
		p.r = NewRaster(b.Dx(), b.Dy())
		return
	}
	p.r.Reset(b.Dx(), b.Dy())
}

// fill fills the outline added since begin over dst (a Scratch image) in colour c. Its
// colour is composed as Ebitengine composes a draw (premultiplied source over, clamped), so a
// colour brighter than its alpha (a white at low alpha) lightens what is under it as it did
// on the GPU.
func (p *Painter) fill(dst *image.RGBA, c color.Color) {
	b := dst.Bounds()
	n := b.Dx() * b.Dy()
	if cap(p.mask.Pix) < n {
		p.mask.Pix = make([]byte, n)
	}
	p.mask.Pix, p.mask.Stride, p.mask.Rect = p.mask.Pix[:n], b.Dx(), image.Rect(0, 0, b.Dx(), b.Dy())
	p.r.DrawOp = draw.Src
	p.r.Draw(&p.mask, p.mask.Rect, image.Opaque, image.Point{})
	cr, cg, cb, ca := c.RGBA()
	src := [4]uint32{cr >> 8, cg >> 8, cb >> 8, ca >> 8}
	opaque := [4]uint8{uint8(src[0]), uint8(src[1]), uint8(src[2]), uint8(src[3])}
	pix := dst.Pix
	const one = 255 * 255
	for i, m := range p.mask.Pix {
		if m == 0 {
			continue
		}
		j := 4 * i
		if m == 0xff && src[3] == 0xff {
			copy(pix[j:j+4], opaque[:])
			continue
		}
		m := uint32(m)
		keep := one - src[3]*m
		for ch := range 4 {
			v := (uint32(pix[j+ch])*keep + src[ch]*m*255 + one/2) / one
			pix[j+ch] = uint8(min(v, 255))
		}
	}
}

// roundRectPath starts an outline for dst holding one rounded rectangle.
func (p *Painter) roundRectPath(dst *image.RGBA, x, y, w, h, r float32) {
	p.begin(dst)
	appendRoundRect(p.r, x, y, w, h, r, false)
}

// appendRoundRect adds a rounded rectangle to a path as one closed subpath, clockwise on screen
// or, with ccw, counter-clockwise (a hole in a clockwise shape around it). Its corners are
// quadratic curves (addArc).
func appendRoundRect(p Pather, x, y, w, h, r float32, ccw bool) {
	r = max(0, min(r, w/2, h/2))
	const q = math.Pi / 2
	// Corner centres clockwise from the top right, with the angle each corner's arc starts at.
	cs := [4][3]float32{{x + w - r, y + r, -q}, {x + w - r, y + h - r, 0}, {x + r, y + h - r, q}, {x + r, y + r, 2 * q}}
	p.MoveTo(x+r, y)
	for i := range 4 {
		c := cs[i]
		a0, a1 := c[2], c[2]+q
		if ccw {
			c = cs[3-i]
			a0, a1 = c[2]+q, c[2]
		}
		addArc(p, false, c[0], c[1], r, a0, a1)
	}
	p.Close()
}

// FillRoundRect fills a rounded rectangle (device pixels).
func (p *Painter) FillRoundRect(dst *image.RGBA, x, y, w, h, r float32, c color.Color) {
	if w <= 0 || h <= 0 {
		return
	}
	p.roundRectPath(dst, x, y, w, h, r)
	p.fill(dst, c)
}

// StrokeRoundRect outlines a rounded rectangle (device pixels): a line of the given width
// centred on its edge, with round outer corners, filled as the ring between two rounded
// rectangles, the outer one clockwise and the inner one counter-clockwise.
func (p *Painter) StrokeRoundRect(dst *image.RGBA, x, y, w, h, r, width float32, c color.Color) {
	if w <= 0 || h <= 0 {
		return
	}
	r = min(r, w/2, h/2)
	hw := width / 2
	p.begin(dst)
	appendRoundRect(p.r, x-hw, y-hw, w+width, h+width, r+hw, false)
	if w > width && h > width {
		appendRoundRect(p.r, x+hw, y+hw, w-width, h-width, r-hw, true)
	}
	p.fill(dst, c)
}

// FillRect fills a rectangle (device pixels).
func (p *Painter) FillRect(dst *image.RGBA, x, y, w, h float32, c color.Color) {
	p.begin(dst)
	p.appendRect(x, y, w, h)
	p.fill(dst, c)
}

// FillCircle fills a circle (device pixels).
func (p *Painter) FillCircle(dst *image.RGBA, cx, cy, r float32, c color.Color) {
	p.begin(dst)
	p.r.Disc(cx, cy, r)
	p.fill(dst, c)
}

// FillArc fills a ring's arc (device pixels): width wide inside the circle of radius r around
// (cx, cy), from 12 o'clock clockwise through the fraction frac of the circle (0 draws nothing,
// 1 the whole ring).
func (p *Painter) FillArc(dst *image.RGBA, cx, cy, r, width float32, frac float64, c color.Color) {
	if frac <= 0 || width <= 0 || r <= 0 {
		return
	}
	frac = math.Min(frac, 1)
	from := float32(-math.Pi / 2)
	to := from + float32(2*math.Pi*frac)
	p.begin(dst)
	addArc(p.r, true, cx, cy, r, from, to)
	addArc(p.r, false, cx, cy, max(r-width, 0), to, from)
	p.r.Close()
	p.fill(dst, c)
}

// Line draws a line of the given width (device pixels).
func (p *Painter) Line(dst *image.RGBA, x0, y0, x1, y1, width float32, c color.Color) {
	p.begin(dst)
	p.r.Line(x0, y0, x1, y1, width)
	p.fill(dst, c)
}

// Bullhead draws one bullhead icon of size s centred at (cx, cy), the cards' bull (Bull) in
// colour c with its eyes and nostrils (BullFeatures) in colour eyes.
func (p *Painter) Bullhead(dst *image.RGBA, cx, cy, s float32, c, eyes color.Color) {
	p.begin(dst)
	Bull(p.r, cx, cy, s)
	p.fill(dst, c)
	if s >= bullFeatureMin {
		p.begin(dst)
		BullFeatures(p.r, cx, cy, s)
		p.fill(dst, eyes)
	}
}

// appendRect adds a rectangle to the outline.
func (p *Painter) appendRect(x, y, w, h float32) {
	p.r.MoveTo(x, y)
	p.r.LineTo(x+w, y)
	p.r.LineTo(x+w, y+h)
	p.r.LineTo(x, y+h)
	p.r.Close()
}

// appendClippedLine adds the part of a line inside the rectangle (rx, ry, rw, rh) to the
// outline.
func (p *Painter) appendClippedLine(x0, y0, x1, y1, rx, ry, rw, rh, lw float32) {
	dx, dy := x1-x0, y1-y0
	t0, t1 := float32(0), float32(1)
	ok := true
	for _, pq := range [4][2]float32{{-dx, x0 - rx}, {dx, rx + rw - x0}, {-dy, y0 - ry}, {dy, ry + rh - y0}} {
		pp, q := pq[0], pq[1]
		if pp == 0 {
			if q < 0 {
				ok = false
			}
			continue
		}
		r := q / pp
		if pp < 0 {
			if r > t0 {
				t0 = r
			}
		} else if r < t1 {
			t1 = r
		}
	}
	if ok && t1 > t0 {
		p.r.Line(x0+t0*dx, y0+t0*dy, x0+t1*dx, y0+t1*dy, lw)
	}
}
