package cvd

import (
	"image"
	"image/color"
	"math"
	"testing"
)

// TestKnownValues pins the formulas to published figures: WCAG's black on white is 21:1 and
// #767676 on white 4.54:1; both simulations leave greys grey and turn pure red and green into
// colours much closer to each other than they are to normal vision.
func TestKnownValues(t *testing.T) {
	black, white := color.RGBA{0, 0, 0, 255}, color.RGBA{255, 255, 255, 255}
	if c := Contrast(black, white); math.Abs(c-21) > 1e-9 {
		t.Errorf("black on white = %.3f, want 21", c)
	}
	if c := Contrast(color.RGBA{0x76, 0x76, 0x76, 255}, white); math.Abs(c-4.54) > 0.01 {
		t.Errorf("#767676 on white = %.3f, want 4.54", c)
	}
	red, green := color.RGBA{0xd0, 0x20, 0x20, 255}, color.RGBA{0x20, 0xa0, 0x20, 255}
	for _, k := range []Kind{Protanopia, Deuteranopia} {
		g := SimulateColor(color.RGBA{0x80, 0x80, 0x80, 255}, k)
		if max(g.R, g.G, g.B)-min(g.R, g.G, g.B) > 2 {
			t.Errorf("%v: grey became %v", k, g)
		}
		if d, d0 := DeltaE(SimulateColor(red, k), SimulateColor(green, k)), DeltaE(red, green); d > d0/2 {
			t.Errorf("%v: red and green stay %.1f apart (normal vision %.1f)", k, d, d0)
		}
	}
	img := image.NewRGBA(image.Rect(0, 0, 2, 1))
	img.SetRGBA(0, 0, red)
	img.SetRGBA(1, 0, color.RGBA{0x10, 0x20, 0x30, 0x80})
	s := Simulate(img, Deuteranopia)
	if s.RGBAAt(0, 0) != SimulateColor(red, Deuteranopia) || s.RGBAAt(1, 0).A != 0x80 {
		t.Errorf("Simulate: %v %v", s.RGBAAt(0, 0), s.RGBAAt(1, 0))
	}
}
