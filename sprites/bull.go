package sprites

// The game's bull, drawn with paths at run time (no image files): a front view with a domed
// forehead and a forelock, horns that sweep out and up, ears under them, a tapering face and a
// broad muzzle. Every part is a closed outline added clockwise on screen, so parts that overlap
// fill once (Raster). Coordinates below are in units of the head's size s, centred on (cx, cy),
// y down; the whole bull lies within x ±0.5 s and y -0.48 s … +0.46 s (bullBox).

// seg is one quadratic segment of a half outline: a control point and an end point.
type seg struct{ cx, cy, x, y float32 }

// bullHalf adds a closed outline given for the right half (x ≥ 0 side) from start through segs,
// and its mirror image on the left, both clockwise on screen.
func bullHalf(p Pather, cx, cy, s float32, x0, y0 float32, segs []seg) {
	p.MoveTo(cx+x0*s, cy+y0*s)
	for _, g := range segs {
		p.QuadTo(cx+g.cx*s, cy+g.cy*s, cx+g.x*s, cy+g.y*s)
	}
	p.Close()
	// The mirror, walked backwards so that it too goes round clockwise.
	n := len(segs)
	p.MoveTo(cx-segs[n-1].x*s, cy+segs[n-1].y*s)
	for i := n - 1; i >= 0; i-- {
		ex, ey := x0, y0
		if i > 0 {
			ex, ey = segs[i-1].x, segs[i-1].y
		}
		p.QuadTo(cx-segs[i].cx*s, cy+segs[i].cy*s, cx-ex*s, cy+ey*s)
	}
	p.Close()
}

// Horn shapes (bullHorns): the cards' sweeping horns, short stubs, long lyre horns.
const (
	hornSweep = iota
	hornShort
	hornLyre
	hornStyles
)

var hornSegs = [hornStyles]struct {
	x0, y0 float32
	segs   []seg
}{
	hornSweep: {0.10, -0.27, []seg{{0.36, -0.31, 0.47, -0.48}, {0.52, -0.18, 0.20, -0.13}}},
	hornShort: {0.12, -0.27, []seg{{0.30, -0.30, 0.38, -0.40}, {0.40, -0.18, 0.20, -0.14}}},
	hornLyre:  {0.10, -0.27, []seg{{0.46, -0.26, 0.34, -0.48}, {0.54, -0.22, 0.20, -0.13}}},
}

// bullHorns adds the two horns in the given style (hornSweep, hornShort, hornLyre).
func bullHorns(p Pather, cx, cy, s float32, style int) {
	h := hornSegs[style%hornStyles]
	bullHalf(p, cx, cy, s, h.x0, h.y0, h.segs)
}

// bullEars adds the two ears, leaves pointing out under the horns.
func bullEars(p Pather, cx, cy, s float32) {
	bullHalf(p, cx, cy, s, 0.18, -0.15, []seg{{0.38, -0.18, 0.50, -0.05}, {0.36, 0.05, 0.18, 0.03}})
}

// bullFace adds the head without horns and ears: the forehead, the cheeks tapering to the
// muzzle, the muzzle, and the forelock between the horns.
func bullFace(p Pather, cx, cy, s float32) {
	// Head: right half from the forehead's middle down to the chin, then the left half.
	p.MoveTo(cx, cy-0.32*s)
	p.QuadTo(cx+0.27*s, cy-0.32*s, cx+0.27*s, cy-0.12*s)
	p.QuadTo(cx+0.26*s, cy+0.06*s, cx+0.19*s, cy+0.16*s)
	p.QuadTo(cx+0.27*s, cy+0.24*s, cx+0.24*s, cy+0.35*s)
	p.QuadTo(cx+0.21*s, cy+0.46*s, cx, cy+0.46*s)
	p.QuadTo(cx-0.21*s, cy+0.46*s, cx-0.24*s, cy+0.35*s)
	p.QuadTo(cx-0.27*s, cy+0.24*s, cx-0.19*s, cy+0.16*s)
	p.QuadTo(cx-0.26*s, cy+0.06*s, cx-0.27*s, cy-0.12*s)
	p.QuadTo(cx-0.27*s, cy-0.32*s, cx, cy-0.32*s)
	p.Close()
	// Forelock: three tufts over the forehead.
	p.MoveTo(cx-0.15*s, cy-0.29*s)
	p.LineTo(cx-0.09*s, cy-0.40*s)
	p.LineTo(cx-0.03*s, cy-0.32*s)
	p.LineTo(cx+0.02*s, cy-0.43*s)
	p.LineTo(cx+0.06*s, cy-0.32*s)
	p.LineTo(cx+0.12*s, cy-0.39*s)
	p.LineTo(cx+0.16*s, cy-0.28*s)
	p.Close()
}

// Bull adds the silhouette of the game's bull head of size s centred at (cx, cy) to p: horns,
// ears, forelock, face and muzzle in one outline (fill it in one colour, then BullFeatures in
// the colour under it).
func Bull(p Pather, cx, cy, s float32) {
	bullHorns(p, cx, cy, s, hornSweep)
	bullEars(p, cx, cy, s)
	bullFace(p, cx, cy, s)
}

// BullFeatures adds what is cut out of Bull's silhouette: the eyes under a frowning brow and
// the two nostrils on the muzzle.
func BullFeatures(p Pather, cx, cy, s float32) {
	bullEyes(p, cx, cy, s)
	bullNostrils(p, cx, cy, s)
}

// bullEyes adds the eyes: slanted almonds, lower on the inside (a bull that means it).
func bullEyes(p Pather, cx, cy, s float32) {
	bullHalf(p, cx, cy, s, 0.05, -0.07, []seg{{0.12, -0.14, 0.19, -0.11}, {0.15, -0.01, 0.05, -0.07}})
}

// bullNostrils adds the two nostrils, teardrops on the muzzle.
func bullNostrils(p Pather, cx, cy, s float32) {
	bullHalf(p, cx, cy, s, 0.07, 0.25, []seg{{0.14, 0.24, 0.14, 0.32}, {0.13, 0.37, 0.08, 0.34}, {0.05, 0.30, 0.07, 0.25}})
}

// bullMuzzle adds the muzzle's patch, the broad rounded end of the face under the muzzle line.
func bullMuzzle(p Pather, cx, cy, s float32) {
	bullHalf(p, cx, cy, s, 0, 0.12, []seg{{0.20, 0.12, 0.22, 0.30}, {0.22, 0.46, 0, 0.46}})
}

// bullBox is the extent of Bull around its centre, in units of its size: left, top, right,
// bottom.
var bullBox = [4]float32{-0.5, -0.48, 0.5, 0.46}

// bullFeatureMin is the smallest head (device pixels) drawn with its features; under it they
// would be specks, and the solid silhouette reads better.
const bullFeatureMin = 10
