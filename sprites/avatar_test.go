package sprites

import (
	"fmt"
	"image/color"
	"testing"

	"nimmt/sprites/cvd"
)

// TestSeatColors: every seat colour stands out from the felt's base colour and its dark rim
// (at least 3:1, WCAG) and from
// every other seat colour (at least ΔE 12, CIE76); SeatColor wraps round the palette.
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
