package scenes

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/sprites"
)

// TestPlateAvatars: every plate shows its seat's avatar in the seat's colour (a local game: seat
// i in SeatColor(i)) in the layout's avatar square; an online seat takes the colour it chose.
func TestPlateAvatars(t *testing.T) {
	needDisplay(t)
	_, tb, screen := stillChooseStep(t)
	img := image.NewRGBA(screen.Bounds())
	frame(nil, func(*ebiten.Image) { screen.ReadPixels(img.Pix) })
	sc := tb.G.Scale
	for s := range tb.Seats {
		a := tb.SeatLay(s).Avatar
		if a.W < 16 {
			t.Fatalf("seat %d: avatar %+v", s, a)
		}
		// The badge beside the bull's cheek is the seat's colour (sprites.TestAvatars).
		x, y := (a.X+a.W/2-a.W*0.28)*sc, (a.Y+a.H/2+a.W*0.28)*sc
		got, want := img.RGBAAt(int(x), int(y)), sprites.SeatColors[s]
		if !nearColour(got, want, 40) {
			t.Errorf("seat %d: the avatar's badge at (%.0f, %.0f) is %v, want the seat colour %v", s, x, y, got, want)
		}
	}
	tb.Seats[1].Colour = "cyan"
	if got := tb.SeatColour(1); got != sprites.SeatColor(7) {
		t.Errorf("an online seat that chose cyan has colour %v, want %v", got, sprites.SeatColor(7))
	}
}

// nearColour reports whether a and b differ by at most d summed over the colour channels.
func nearColour(a, b color.RGBA, d int) bool {
	abs := func(x, y uint8) int { return max(int(x), int(y)) - min(int(x), int(y)) }
	return abs(a.R, b.R)+abs(a.G, b.G)+abs(a.B, b.B) <= d
}
