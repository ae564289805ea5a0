package sprites

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/vector"
)

// Raster is a software rasteriser that takes the sprites' outlines (Pather): the game's shapes
// (Painter), the app icon (assets/gen) and the game-over chart.
// Shapes added between two Paint calls are filled together; where they overlap they count
// once, so every shape is added clockwise on screen.
type Raster struct{ *vector.Rasterizer }

// NewRaster returns a rasteriser for a w×h image.
func NewRaster(w, h int) Raster { return Raster{vector.NewRasterizer(w, h)} }

// Close closes the current subpath.
func (r Raster) Close() { r.ClosePath() }

// Arc adds an arc around (x, y) as quadratic curves of at most 45° each, starting a new
// subpath at its first point (the sprites close the path before each arc). Angles grow
// clockwise on screen.
func (r Raster) Arc(x, y, radius, a0, a1 float32, dir Direction) {
	if dir == CounterClockwise {
		a0, a1 = a1, a0
	}
	addArc(r, true, x, y, radius, a0, a1)
}

// Line adds a straight line of the given width from (x0, y0) to (x1, y1), with butt ends.
func (r Raster) Line(x0, y0, x1, y1, width float32) {
	dx, dy := x1-x0, y1-y0
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l == 0 {
		return
	}
	// n points to the right of the direction of travel on screen (y grows down), so the
	// corners below go round clockwise, like Arc's.
	nx, ny := -dy/l*width/2, dx/l*width/2
	r.MoveTo(x0-nx, y0-ny)
	r.LineTo(x1-nx, y1-ny)
	r.LineTo(x1+nx, y1+ny)
	r.LineTo(x0+nx, y0+ny)
	r.ClosePath()
}

// Disc adds a filled circle.
func (r Raster) Disc(x, y, radius float32) {
	addArc(r, true, x, y, radius, 0, 2*math.Pi)
	r.ClosePath()
}

// Polyline adds a line of the given width through pts (x, y pairs) with round joins.
func (r Raster) Polyline(pts []float32, width float32) {
	for i := 0; i+3 < len(pts); i += 2 {
		r.Line(pts[i], pts[i+1], pts[i+2], pts[i+3], width)
		if i+5 < len(pts) {
			r.Disc(pts[i+2], pts[i+3], width/2)
		}
	}
}

// Paint fills what was added since the last Paint over dst in colour c and starts afresh.
func (r Raster) Paint(dst *image.RGBA, c color.Color) {
	b := dst.Bounds()
	r.Draw(dst, b, image.NewUniform(c), image.Point{})
	r.Reset(b.Dx(), b.Dy())
}

// quadPather is the part of a path that arcs are made of.
type quadPather interface {
	MoveTo(x, y float32)
	LineTo(x, y float32)
	QuadTo(x1, y1, x2, y2 float32)
}

// addArc adds an arc of the circle of the given radius around (x, y) from angle a0 to a1
// (radians, growing clockwise on screen; a1 < a0 goes the other way) as quadratic curves of at
// most 45° each (off the circle by less than 0.03 % of the radius). It starts a new subpath at
// the arc's first point with move, else draws a line there.
func addArc(p quadPather, move bool, x, y, radius, a0, a1 float32) {
	from, to := float64(a0), float64(a1)
	n := max(1, int(math.Ceil(math.Abs(to-from)/(math.Pi/4)-1e-9)))
	step := (to - from) / float64(n)
	pt := func(a, d float64) (float32, float32) {
		return x + float32(d*math.Cos(a)), y + float32(d*math.Sin(a))
	}
	if sx, sy := pt(from, float64(radius)); move {
		p.MoveTo(sx, sy)
	} else {
		p.LineTo(sx, sy)
	}
	if radius <= 0 {
		return
	}
	for i := range n {
		mid := from + step*(float64(i)+0.5)
		cx, cy := pt(mid, float64(radius)/math.Cos(step/2))
		ex, ey := pt(from+step*float64(i+1), float64(radius))
		p.QuadTo(cx, cy, ex, ey)
	}
}
