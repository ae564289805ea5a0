package ui

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
	"nimmt/sprites"
)

// shapeKey names a cached shape image: kind 0 fill, 1 stroke, 2 bullhead, 3 slot, 4 danger
// mark, shapeArc a ring's arc (r is then its step of ringSteps); sizes in device pixels.
type shapeKey struct {
	kind       uint8
	w, h, r, l int32
	c          [4]uint8
}

// shapeCore is how far from each side of a rounded rectangle its corner may reach, in device
// pixels: the radius and two pixels for the anti-aliased edge. Between the corners every column
// (and every row) of the shape is the same.
func shapeCore(r int32) int32 { return r + 2 }

// shapeSize is the size of the cached image of a kind-of-shape w×h device pixels large with
// corner radius r: plain fills and outlines (kinds 0 and 1) are cached no wider and no taller
// than their two corners and one pixel between, and stretched when drawn (see drawShape), so a
// screen-wide panel costs an image of a few hundred pixels, and every panel with the same
// corners shares it.
func shapeSize(kind uint8, w, h, r int32) (int32, int32) {
	if kind > 1 {
		return w, h
	}
	c := 2*shapeCore(r) + 1
	return min(w, c), min(h, c)
}

// Shape returns the cached image of a shape, filling it on the CPU (sprites.Painter) on first
// use, so every frame draws images.
func (kt *Kit) Shape(kind uint8, w, h, r, lw float64, c color.Color) *ebiten.Image {
	k := shapeKey{kind: kind, w: int32(w + 0.5), h: int32(h + 0.5), r: int32(r + 0.5), l: int32(lw*4 + 0.5)}
	if !tinted(kind) {
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
	k.w, k.h = shapeSize(kind, k.w, k.h, k.r)
	if img, ok := kt.Shapes[k]; ok {
		return img
	}
	if kt.Shapes == nil || len(kt.Shapes) > 600 {
		for _, img := range kt.Shapes {
			img.Deallocate()
		}
		kt.Shapes = map[shapeKey]*ebiten.Image{}
	}
	pad := int32(lw + 2)
	iw, ih := int(k.w+2*pad), int(k.h+2*pad)
	img := kt.Painter.Scratch(iw, ih)
	p := float32(pad)
	switch kind {
	case 0:
		kt.Painter.FillRoundRect(img, p, p, float32(k.w), float32(k.h), float32(r), c)
	case 2:
		kt.Painter.Bullhead(img, p+float32(k.w)/2, p+float32(k.h)/2, float32(k.w), c, sprites.FeltDark)
	case 3:
		kt.Painter.DrawSlot(img, p, p, float32(k.w), float32(k.h))
	case 4:
		kt.Painter.DrawDanger(img, p, p, float32(k.w), float32(k.h), 1)
	case ShapeArc:
		kt.Painter.FillArc(img, p+float32(k.w)/2, p+float32(k.h)/2, float32(k.w)/2, float32(lw), float64(k.r)/RingSteps, c)
	default:
		kt.Painter.StrokeRoundRect(img, p, p, float32(k.w), float32(k.h), float32(r), float32(lw), c)
	}
	cached := kt.Painter.CopyScratch()
	kt.Shapes[k] = cached
	return cached
}

// DrawShape draws a cached shape over the logical rectangle r. A rounded rectangle whose
// cached image is smaller than r is drawn in nine pieces: the corners as they are, the
// one-pixel column and row between them stretched over the sides and the middle.
func (k *Kit) DrawShape(dst *ebiten.Image, kind uint8, r layout.Rect, rad, lw float64, c color.Color) {
	s := k.Scale
	img := k.Shape(kind, r.W*s, r.H*s, rad*s, lw*s, c)
	if img == nil {
		return
	}
	pad := float64(int32(lw*s + 2))
	x, y := math.Round(r.X*s)-pad, math.Round(r.Y*s)-pad
	b := img.Bounds()
	w, h := float64(int32(r.W*s+0.5))+2*pad, float64(int32(r.H*s+0.5))+2*pad
	if kind > 1 || (float64(b.Dx()) == w && float64(b.Dy()) == h) {
		k.blitShape(dst, img, kind, r, lw, c)
		return
	}
	// Source and destination edges of the three columns and rows: the corner part ends
	// shapeCore(radius) past the padding.
	core := pad + float64(shapeCore(int32(rad*s+0.5)))
	cuts := func(src, dst float64) (sx, dx [4]float32) {
		if src == dst {
			// Not cut along this axis: the middle piece is the whole length.
			return [4]float32{0, 0, float32(src), float32(src)}, [4]float32{0, 0, float32(dst), float32(dst)}
		}
		return [4]float32{0, float32(core), float32(core + 1), float32(src)},
			[4]float32{0, float32(core), float32(dst - (src - core - 1)), float32(dst)}
	}
	sx, dx := cuts(float64(b.Dx()), w)
	sy, dy := cuts(float64(b.Dy()), h)
	cr, cg, cb, ca := c.RGBA()
	col := [4]float32{float32(cr) / 0xffff, float32(cg) / 0xffff, float32(cb) / 0xffff, float32(ca) / 0xffff}
	vs := k.sliceVerts[:0]
	is := k.sliceIdx[:0]
	for j := range 3 {
		for i := range 3 {
			if sx[i] == sx[i+1] || sy[j] == sy[j+1] {
				continue
			}
			n := uint32(len(vs))
			for _, k := range [4][2]int{{i, j}, {i + 1, j}, {i, j + 1}, {i + 1, j + 1}} {
				vs = append(vs, ebiten.Vertex{
					DstX: float32(x) + dx[k[0]], DstY: float32(y) + dy[k[1]],
					SrcX: sx[k[0]], SrcY: sy[k[1]],
					ColorR: col[0], ColorG: col[1], ColorB: col[2], ColorA: col[3],
				})
			}
			is = append(is, n, n+1, n+2, n+1, n+3, n+2)
		}
	}
	k.sliceVerts, k.sliceIdx = vs, is
	k.sliceOp.ColorScaleMode = ebiten.ColorScaleModePremultipliedAlpha
	dst.DrawTriangles32(vs, is, img, &k.sliceOp)
}

// ShapeArc is the shape kind of a ring's arc (ring.go).
const ShapeArc = 5

// tinted reports whether shapes of a kind are cached in white and tinted when drawn: plain
// fills, outlines and arcs (icons and marks keep their own colours).
func tinted(kind uint8) bool { return kind < 2 || kind == ShapeArc }

// blitShape draws a cached shape image of logical rectangle r with line width lw, tinted to c
// where its kind is cached in white.
func (k *Kit) blitShape(dst, img *ebiten.Image, kind uint8, r layout.Rect, lw float64, c color.Color) {
	if img == nil {
		return
	}
	s := k.Scale
	pad := float64(int32(lw*s + 2))
	k.shapeOp.GeoM.Reset()
	k.shapeOp.GeoM.Translate(math.Round(r.X*s)-pad, math.Round(r.Y*s)-pad)
	k.shapeOp.ColorScale.Reset()
	if tinted(kind) {
		k.shapeOp.ColorScale.ScaleWithColor(c)
	}
	dst.DrawImage(img, &k.shapeOp)
}

// RingSteps is how many steps the ring's arc has (its images are cached per step).
const RingSteps = 60

// DrawArc draws a ring's arc lw wide inside r, the fraction frac of the circle from 12 o'clock
// clockwise, from the shape cache (one image per size and step of ringSteps).
func (k *Kit) DrawArc(dst *ebiten.Image, r layout.Rect, lw, frac float64, c color.Color) {
	step := int(frac*RingSteps + 0.5)
	if step <= 0 {
		return
	}
	s := k.Scale
	k.blitShape(dst, k.Shape(ShapeArc, r.W*s, r.H*s, float64(step), lw*s, c), ShapeArc, r, lw, c)
}

// DrawFelt draws the plain table felt (menu screens).
func (k *Kit) DrawFelt(dst *ebiten.Image) {
	b := dst.Bounds()
	k.Painter.DrawFelt(dst, float32(b.Dx()), float32(b.Dy()))
}
