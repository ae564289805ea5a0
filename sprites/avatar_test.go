package sprites

import (
	"fmt"
	"image/color"
	"testing"

	"nimmt/protocol"
	"nimmt/sprites/cvd"
)

// TestSeatColors: every seat colour stands out from the felt's base colour and its dark rim
// (at least 3:1, WCAG) and from every other seat colour (at least ΔE 12, CIE76), and is the
// colour protocol.Colours names in its place; SeatColor wraps round the palette.
func TestSeatColors(t *testing.T) {
	for i, c := range SeatColors {
		for _, felt := range []color.Color{Felt, FeltDark} {
			if r := cvd.Contrast(c, felt); r < 3 {
				t.Errorf("seat colour %d %v: %.2f:1 against the felt %v, want ≥ 3", i, c, r, felt)
			}
		}
		for j := i + 1; j < len(SeatColors); j++ {
			if d := cvd.DeltaE(c, SeatColors[j]); d < 12 {
				t.Errorf("seat colours %d and %d are ΔE %.1f apart, want ≥ 12", i, j, d)
			}
		}
	}
	if SeatColor(12) != SeatColor(2) || SeatColor(-1) != SeatColor(9) {
		t.Error("SeatColor does not wrap round the palette")
	}
	// The palette follows the online colours' names (hue ranges in degrees, grey unsaturated).
	hues := map[string][2]float64{"green": {80, 160}, "red": {340, 380}, "blue": {190, 235}, "yellow": {40, 60},
		"purple": {250, 290}, "orange": {15, 40}, "pink": {300, 345}, "cyan": {170, 195}, "brown": {15, 45}}
	if len(protocol.Colours) != len(SeatColors) {
		t.Fatalf("%d seat colours for %d online colours", len(SeatColors), len(protocol.Colours))
	}
	for i, name := range protocol.Colours {
		h, sat := hueSat(SeatColors[i])
		if name == "grey" {
			if sat > 0.05 {
				t.Errorf("grey (seat colour %d) has saturation %.2f", i, sat)
			}
			continue
		}
		r, ok := hues[name]
		if h < r[0] {
			h += 360
		}
		if !ok || h < r[0] || h > r[1] || sat < 0.3 {
			t.Errorf("seat colour %d %v (hue %.0f, saturation %.2f) is not %s", i, SeatColors[i], h, sat, name)
		}
	}
}

// hueSat returns c's HSV hue (degrees) and saturation.
func hueSat(c color.RGBA) (h, s float64) {
	r, g, b := float64(c.R)/255, float64(c.G)/255, float64(c.B)/255
	hi, lo := max(r, g, b), min(r, g, b)
	d := hi - lo
	if hi > 0 {
		s = d / hi
	}
	switch {
	case d == 0:
		return 0, s
	case hi == r:
		h = 60 * (g - b) / d
	case hi == g:
		h = 60 * (2 + (b-r)/d)
	default:
		h = 60 * (4 + (r-g)/d)
	}
	if h < 0 {
		h += 360
	}
	return h, s
}

// TestAvatars: an avatar is the same for the same name (pixel for pixel), its badge is in the
// seat's colour, and names give different bulls: over forty names every coat and every horn
// style appears, and no five names in a row share one look.
func TestAvatars(t *testing.T) {
	var p Painter
	const size = 48
	draw := func(name string, seat color.Color) []byte {
		dst := p.Scratch(size, size)
		p.DrawAvatar(dst, name, seat, size/2, size/2, size)
		return append([]byte(nil), dst.Pix...)
	}
	a, b := draw("Ada", SeatColor(3)), draw("Ada", SeatColor(3))
	if string(a) != string(b) {
		t.Error("the same name drew two different avatars")
	}
	if string(a) == string(draw("Bo", SeatColor(3))) {
		t.Error("Ada and Bo drew the same avatar")
	}
	dst := p.Scratch(size, size)
	p.DrawAvatar(dst, "Ada", SeatColor(3), size/2, size/2, size)
	if got := dst.RGBAAt(size/2-size*28/100, size/2+size*28/100); got != SeatColors[3] {
		t.Errorf("the badge beside the bull is %v, want the seat colour %v", got, SeatColors[3])
	}
	coats, horns := map[int]bool{}, map[int]bool{}
	run, prev := 0, avatarLook{}
	for i := range 40 {
		lk := lookOf(fmt.Sprintf("Player %d", i+1))
		coats[lk.coat], horns[lk.horns] = true, true
		if lk == prev {
			run++
		} else {
			run = 0
		}
		if run >= 4 {
			t.Errorf("Player %d: five names in a row with the look %+v", i+1, lk)
		}
		prev = lk
	}
	if len(coats) != len(avatarCoats) || len(horns) != hornStyles {
		t.Errorf("forty names gave %d of %d coats and %d of %d horn styles", len(coats), len(avatarCoats), len(horns), hornStyles)
	}
}

// TestAvatarsCache: the cache hands out the same image for the same seat without allocating,
// another for another colour, and new images after a resize.
func TestAvatarsCache(t *testing.T) {
	needLoop(t)
	av := NewAvatars(&Painter{})
	av.Resize(40)
	a := av.Get("Ada", SeatColor(0))
	if av.Get("Ada", SeatColor(0)) != a {
		t.Error("the same seat drew a new image")
	}
	if av.Get("Ada", SeatColor(1)) == a {
		t.Error("another colour gave the same image")
	}
	if n := testing.AllocsPerRun(20, func() { av.Get("Ada", SeatColor(0)) }); n != 0 {
		t.Errorf("a cached avatar costs %v allocations", n)
	}
	av.Resize(64)
	if b := av.Get("Ada", SeatColor(0)); b.Bounds().Dx() != 64 {
		t.Errorf("after Resize(64) the avatar is %d px", b.Bounds().Dx())
	}
}

// TestAvatarCoatOnBadge: whatever the name, the bull's coat differs from its badge: in every
// seat colour, the pixel in the middle of the forehead is at least ΔE 15 from the badge.
func TestAvatarCoatOnBadge(t *testing.T) {
	var p Painter
	const size = 60
	for i := range SeatColors {
		for n := range 12 {
			name := fmt.Sprintf("Seat %d", n)
			dst := p.Scratch(size, size)
			p.DrawAvatar(dst, name, SeatColor(i), size/2, size/2, size)
			// Beside the blaze, on the cheek under the eye: coat whatever the look.
			got := dst.RGBAAt(size/2-size*16/100, size/2+size*8/100)
			if d := cvd.DeltaE(got, SeatColors[i]); d < 15 {
				t.Errorf("%s on seat colour %d: coat %v only ΔE %.1f from the badge %v", name, i, got, d, SeatColors[i])
			}
		}
	}
}
