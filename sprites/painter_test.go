package sprites

import (
	"image"
	"image/color"
	"math"
	"testing"
)

// alphaAt returns the alpha of dst's pixel at (x, y).
func alphaAt(dst *image.RGBA, x, y int) uint8 { return dst.RGBAAt(x, y).A }

// TestFillArc fills a ring's arc on the CPU at known fractions and reads its pixels: the
// middle of the ring's band is covered where the arc has reached (clockwise from 12 o'clock)
// and clear where it has not, and the hole inside the band stays clear.
func TestFillArc(t *testing.T) {
	var p Painter
	const size, width = 64, 6
	c := float32(size) / 2
	mid := float64(c) - width/2 // the radius of the band's middle
	// at is the pixel in the middle of the band at the given fraction of a turn from 12 o'clock.
	at := func(frac float64) (int, int) {
		a := -math.Pi/2 + 2*math.Pi*frac
		return int(float64(c) + mid*math.Cos(a)), int(float64(c) + mid*math.Sin(a))
	}
	for _, tc := range []struct {
		frac        float64
		in, outside []float64 // fractions of a turn covered and not covered
	}{
		{0.25, []float64{0.05, 0.125, 0.2}, []float64{0.3, 0.5, 0.75, 0.95}},
		{0.5, []float64{0.1, 0.25, 0.45}, []float64{0.55, 0.75, 0.95}},
		{0.9, []float64{0.1, 0.5, 0.85}, []float64{0.95}},
		{1, []float64{0.1, 0.5, 0.97}, nil},
	} {
		dst := p.Scratch(size, size)
		p.FillArc(dst, c, c, c, width, tc.frac, White)
		for _, f := range tc.in {
			if x, y := at(f); alphaAt(dst, x, y) != 0xff {
				t.Errorf("arc %.2f: pixel at %.2f of a turn (%d,%d) has alpha %d, want 255", tc.frac, f, x, y, alphaAt(dst, x, y))
			}
		}
		for _, f := range tc.outside {
			if x, y := at(f); alphaAt(dst, x, y) != 0 {
				t.Errorf("arc %.2f: pixel at %.2f of a turn (%d,%d) has alpha %d, want 0", tc.frac, f, x, y, alphaAt(dst, x, y))
			}
		}
		if a := alphaAt(dst, size/2, size/2); a != 0 {
			t.Errorf("arc %.2f: the ring's centre has alpha %d, want 0", tc.frac, a)
		}
	}
}

// TestFillComposes checks how fills compose, as Ebitengine's did on the GPU: a colour brighter
// than its alpha (the hatching on a seven-bullhead band) lightens what is under it without
// wrapping round, the hole of an outline stays clear, and where two lines of one outline cross
// (the card back's lattice) they are filled once, not cancelled.
func TestFillComposes(t *testing.T) {
	var p Painter
	dst := p.Scratch(40, 40)
	band := LevelOf(7).Band.(color.RGBA)
	p.FillRect(dst, 0, 0, 40, 40, band)
	// A white brighter than its alpha, as the 55's hatching was drawn before #25.
	hatchCol := color.RGBA{0xff, 0xff, 0xff, 0x38}
	p.Line(dst, 0, 20, 40, 20, 4, hatchCol)
	if got := dst.RGBAAt(20, 20); got.R < 0xf0 || got.G < 0xf0 || got.B < 0xf0 || got.A != 0xff {
		t.Errorf("hatching over the band = %v, want near white (as the GPU clamps)", got)
	}
	if got := dst.RGBAAt(20, 5); got != band {
		t.Errorf("band away from the hatching = %v, want %v", got, band)
	}

	dst = p.Scratch(40, 40)
	p.StrokeRoundRect(dst, 5, 5, 30, 30, 6, 2, Ink)
	if a := alphaAt(dst, 20, 20); a != 0 {
		t.Errorf("outline's middle has alpha %d, want 0", a)
	}
	if a := alphaAt(dst, 20, 5); a < 0xf0 {
		t.Errorf("outline's top edge has alpha %d, want covered", a)
	}

	dst = p.Scratch(40, 40)
	p.begin(dst)
	p.appendClippedLine(0, 40, 40, 0, 0, 0, 40, 40, 4)
	p.appendClippedLine(0, 0, 40, 40, 0, 0, 40, 40, 4)
	p.fill(dst, BackLine)
	if got := dst.RGBAAt(20, 20); got != BackLine.(color.RGBA) {
		t.Errorf("where the lattice's lines cross = %v, want %v", got, BackLine)
	}
	if a := alphaAt(dst, 20, 5); a != 0 {
		t.Errorf("between the lines alpha %d, want 0", a)
	}
}

// TestBullheadShape fills a bullhead 40 pixels large on the CPU: its head is filled in the
// middle, its eyes and nostrils in the eyes' colour, its horns reach out to the top corners and
// the space between them and the forelock is clear.
func TestBullheadShape(t *testing.T) {
	var p Painter
	dst := p.Scratch(40, 40)
	p.Bullhead(dst, 20, 20, 40, Ink, Paper)
	for _, tc := range []struct {
		name string
		x, y int
		want color.Color
	}{
		{"head", 20, 24, Ink},
		{"chin", 20, 37, Ink},
		{"left eye", 14, 16, Paper},
		{"right eye", 25, 16, Paper},
		{"left nostril", 15, 32, Paper},
		{"right nostril", 24, 32, Paper},
		{"left horn", 3, 7, Ink},
		{"right horn", 36, 7, Ink},
		{"between horn and forelock", 12, 2, color.RGBA{}},
		{"beside the chin", 5, 35, color.RGBA{}},
	} {
		got := dst.RGBAAt(tc.x, tc.y)
		want := tc.want.(color.RGBA)
		if d := max(absDiff(got.R, want.R), absDiff(got.G, want.G), absDiff(got.B, want.B), absDiff(got.A, want.A)); d > 0x30 {
			t.Errorf("%s (%d,%d) = %v, want %v", tc.name, tc.x, tc.y, got, want)
		}
	}
}

// absDiff returns |a-b|.
func absDiff(a, b uint8) uint8 { return max(a, b) - min(a, b) }
