package scenes

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
	"nimmt/sprites"
)

// TestShapeNineSlice draws large rounded rectangles (a fill, an outline) in nine pieces from
// their small cached image and compares them with the same shape rendered whole, as the cache
// did before: the picture must be the same, and the cached image must be small.
func TestShapeNineSlice(t *testing.T) {
	needDisplay(t)
	g := newTestGame(t, nil, "instant")
	const w, h = 420, 260
	col := color.RGBA{0xd0, 0x60, 0x20, 0xff}
	for _, tc := range []struct {
		name     string
		kind     uint8
		r        layout.Rect
		rad, lw  float64
		maxCache int
	}{
		{"fill", 0, layout.Rect{X: 12.4, Y: 9.6, W: 380.3, H: 211.7}, 14, 0, 2*(14+2) + 1 + 2*2},
		{"outline", 1, layout.Rect{X: 20, Y: 30.5, W: 300, H: 180}, 8, 3, 2*(8+2) + 1 + 2*5},
		{"narrow", 0, layout.Rect{X: 40, Y: 10, W: 30, H: 230}, 12, 0, 2*(12+2) + 1 + 2*2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sliced, whole := ebiten.NewImage(w, h), ebiten.NewImage(w, h)
			defer sliced.Deallocate()
			defer whole.Deallocate()
			var cached image.Rectangle
			frame(nil, func(*ebiten.Image) {
				g.DrawShape(sliced, tc.kind, tc.r, tc.rad, tc.lw, col)
				cached = g.Shape(tc.kind, tc.r.W, tc.r.H, tc.rad, tc.lw, col).Bounds()
				// The whole shape, rendered as the cache did before: the full size in white
				// at the padding, tinted when drawn.
				pad := int32(tc.lw + 2)
				kw, kh := int32(tc.r.W+0.5), int32(tc.r.H+0.5)
				iw, ih := int(kw+2*pad), int(kh+2*pad)
				img := g.Painter.Scratch(iw, ih)
				p := float32(pad)
				if tc.kind == 0 {
					g.Painter.FillRoundRect(img, p, p, float32(kw), float32(kh), float32(tc.rad), sprites.White)
				} else {
					g.Painter.StrokeRoundRect(img, p, p, float32(kw), float32(kh), float32(tc.rad), float32(tc.lw), sprites.White)
				}
				full := g.Painter.CopyScratch()
				var op ebiten.DrawImageOptions
				op.GeoM.Translate(float64(int(tc.r.X+0.5))-float64(pad), float64(int(tc.r.Y+0.5))-float64(pad))
				op.ColorScale.ScaleWithColor(col)
				whole.DrawImage(full, &op)
			})
			if cached.Dx() > tc.maxCache || cached.Dy() > max(tc.maxCache, int(tc.r.H+0.5)+2*int(tc.lw+2)) {
				t.Errorf("cached image %v, want at most %d pixels a side where the shape is cut", cached, tc.maxCache)
			}
			a, b := image.NewRGBA(image.Rect(0, 0, w, h)), image.NewRGBA(image.Rect(0, 0, w, h))
			frame(nil, func(*ebiten.Image) {
				sliced.ReadPixels(a.Pix)
				whole.ReadPixels(b.Pix)
			})
			diff, worst, covered := 0, 0, 0
			for i := range a.Pix {
				if b.Pix[i] != 0 {
					covered++
				}
				d := int(a.Pix[i]) - int(b.Pix[i])
				if d != 0 {
					diff++
					worst = max(worst, d, -d)
				}
			}
			t.Logf("%d of %d channel values differ, by at most %d", diff, covered, worst)
			if covered == 0 {
				t.Fatal("nothing drawn")
			}
			// The anti-aliased corners may round differently by a few levels; edges, sides and
			// the middle are the same pixels.
			if worst > 40 || diff > covered/100 {
				t.Errorf("sliced shape differs from the whole one: %d values, by up to %d", diff, worst)
			}
		})
	}
}
