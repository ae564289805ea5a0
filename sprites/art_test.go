package sprites

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/sprites/cvd"
	"nimmt/text"
)

// readImage returns img's pixels (premultiplied, as drawn).
func readImage(img *ebiten.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	img.ReadPixels(out.Pix)
	return out
}

// countMask renders card c's bullhead count alone (the bulls' silhouettes and a compact
// count's figure) in white on a clear w×h image: its alpha says where the count's figures are.
func countMask(p *Painter, tx *text.Renderer, c, w, h int) (*image.RGBA, count) {
	f := layout.FaceOf(layout.Rect{W: float64(w), H: float64(h)})
	k := countOf(engine.Card(c).Bullheads(), f.Heads, float64(w))
	dst := p.Scratch(w, h)
	p.begin(dst)
	s := float32(k.Size)
	k.each(func(cx, cy float32) { Bull(p.r, cx, cy, s) })
	p.fill(dst, White)
	img := p.CopyScratch()
	drawCountDigit(tx, img, k, White)
	defer img.Deallocate()
	return readImage(img), k
}

// countContrast measures, on a rendered face, the WCAG contrast between the bullhead count's
// figures and the card around them: the figures' colour is the median luminance of the
// face's pixels the count covers fully (mask); around them is every opaque pixel of bg (the
// face's shapes without its numbers: the card's numbers are figures, not background) 2 pixels
// (Chebyshev) from the nearest figure pixel, the first clear of the anti-aliased edge.
// It returns the contrast that 95 % of the surrounding pixels reach or beat.
func countContrast(face, bg, mask *image.RGBA) float64 {
	b := mask.Bounds()
	var glyph []float64
	lum := func(x, y int) float64 {
		c := face.RGBAAt(x, y)
		return cvd.Luminance(color.RGBA{c.R, c.G, c.B, 0xff})
	}
	for y := range b.Dy() {
		for x := range b.Dx() {
			if mask.RGBAAt(x, y).A == 0xff {
				glyph = append(glyph, lum(x, y))
			}
		}
	}
	if len(glyph) == 0 {
		return 0
	}
	slices.Sort(glyph)
	gl := glyph[len(glyph)/2]
	var ring []float64
	for y := range b.Dy() {
		for x := range b.Dx() {
			if mask.RGBAAt(x, y).A != 0 || bg.RGBAAt(x, y).A != 0xff {
				continue
			}
			d := 3
			for dy := -2; dy <= 2; dy++ {
				for dx := -2; dx <= 2; dx++ {
					if mask.RGBAAt(x+dx, y+dy).A != 0 {
						d = min(d, max(abs(dx), abs(dy)))
					}
				}
			}
			if d == 2 {
				c := bg.RGBAAt(x, y)
				ring = append(ring, cvd.ContrastL(gl, cvd.Luminance(color.RGBA{c.R, c.G, c.B, 0xff})))
			}
		}
	}
	if len(ring) == 0 {
		return 0
	}
	slices.Sort(ring)
	return ring[len(ring)*5/100]
}

func abs(v int) int { return max(v, -v) }

// TestCountContrast: on every card, 1–104, rendered small (24 px wide: the revealed cards on
// an upright phone are about 25, a row card on a phone on its side about 35; only the Logic
// draft's pool with ten seats on a phone, 18 px, is smaller, and is to be enlarged) and at a
// large desktop size, the bullhead count's figures stand out from what surrounds them by at
// least 3:1 (WCAG contrast ratio, the minimum for graphical objects). Issue 25 found card
// 55's seven white bullheads drawn over white hatching.
func TestCountContrast(t *testing.T) {
	needLoop(t)
	tx, err := text.New()
	if err != nil {
		t.Fatal(err)
	}
	p := &Painter{}
	for _, w := range []int{24, 150} {
		h := w * 3 / 2
		for c := 1; c <= MaxCard; c++ {
			mask, _ := countMask(p, tx, c, w, h)
			img := p.Face(tx, c, w, h)
			face := readImage(img)
			img.Deallocate()
			bg := p.Scratch(w, h)
			p.drawFaceShapes(bg, c, layout.FaceOf(layout.Rect{W: float64(w), H: float64(h)}), float32(w), float32(h))
			if got := countContrast(face, bg, mask); got < 3 {
				t.Errorf("card %d at %d×%d: bullheads at %.2f:1 against their surroundings, want ≥ 3:1", c, w, h, got)
			}
		}
	}
}

// levelCards holds one card of each penalty level: 1, 2, 3, 5 and 7 bullheads.
var levelCards = [5]int{1, 5, 10, 11, 55}

// TestLevelsWithoutColour renders one card of each penalty level and checks that they stay
// apart for people without red or green cones: on the rendered images as protanopia and
// deuteranopia show them (cvd.Simulate), each pair of bands differs by at least ΔE 20 (CIE76)
// and at least 10 in lightness (L*), and each level has its own pattern, measured on the image
// (the stripes under the band, the bold border, the hatching), so that colour is never the
// only cue.
func TestLevelsWithoutColour(t *testing.T) {
	needLoop(t)
	tx, err := text.New()
	if err != nil {
		t.Fatal(err)
	}
	p := &Painter{}
	const w, h = 90, 135
	type look struct {
		stripes       int
		border, hatch bool
		band          [3]color.RGBA
		bandL         [3]float64
	}
	var looks [5]look
	f := layout.FaceOf(layout.Rect{W: w, H: h})
	for i, c := range levelCards {
		img := p.Face(tx, c, w, h)
		face := readImage(img)
		img.Deallocate()
		lk := &looks[i]
		// The band's colour: the mean over its right half, clear of the corner number.
		views := [3]*image.RGBA{face, cvd.Simulate(face, cvd.Protanopia), cvd.Simulate(face, cvd.Deuteranopia)}
		for v, im := range views {
			var sum [3]int
			n := 0
			for y := int(f.Band.H * 0.15); y < int(f.Band.H*0.85); y++ {
				for x := w * 60 / 100; x < w*90/100; x++ {
					c := im.RGBAAt(x, y)
					sum[0], sum[1], sum[2] = sum[0]+int(c.R), sum[1]+int(c.G), sum[2]+int(c.B)
					n++
				}
			}
			lk.band[v] = color.RGBA{uint8(sum[0] / n), uint8(sum[1] / n), uint8(sum[2] / n), 0xff}
			lk.bandL[v], _, _ = cvd.Lab(lk.band[v])
		}
		// Stripes: runs of non-paper pixels in a column just under the band, right of the big
		// number.
		paper := Paper.(color.RGBA)
		on := false
		for y := int(f.Band.H) + 1; y < int(f.Band.H+h*0.1); y++ {
			now := cvd.DeltaE(face.RGBAAt(w*88/100, y), paper) > 15
			if now && !on {
				lk.stripes++
			}
			on = now
		}
		// Border: the paper's edge, halfway down, is not paper.
		lk.border = cvd.DeltaE(face.RGBAAt(w*4/100, h*3/4), paper) > 15
		// Hatching: the band's right half spans at least 8 in lightness (L*) between its 10th
		// and 90th percentiles.
		var ls []float64
		for y := int(f.Band.H * 0.15); y < int(f.Band.H*0.85); y++ {
			for x := w * 60 / 100; x < w*90/100; x++ {
				l, _, _ := cvd.Lab(face.RGBAAt(x, y))
				ls = append(ls, l)
			}
		}
		slices.Sort(ls)
		lk.hatch = ls[len(ls)*9/10]-ls[len(ls)/10] >= 8
	}
	names := [3]string{"normal vision", "protanopia", "deuteranopia"}
	for i := range looks {
		for j := i + 1; j < len(looks); j++ {
			a, b := looks[i], looks[j]
			for v := range names {
				if d := cvd.DeltaE(a.band[v], b.band[v]); d < 20 {
					t.Errorf("%s: bands of card %d and card %d are ΔE %.1f apart (%v, %v), want ≥ 20", names[v], levelCards[i], levelCards[j], d, a.band[v], b.band[v])
				}
				if d := a.bandL[v] - b.bandL[v]; d < 10 && d > -10 {
					t.Errorf("%s: bands of card %d and card %d differ by %.1f in lightness, want ≥ 10", names[v], levelCards[i], levelCards[j], d)
				}
			}
			if a.stripes == b.stripes && a.border == b.border && a.hatch == b.hatch {
				t.Errorf("cards %d and %d have the same pattern (%d stripes, border %v, hatching %v)", levelCards[i], levelCards[j], a.stripes, a.border, a.hatch)
			}
		}
	}
	want := [5][3]int{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {0, 1, 1}}
	for i, lk := range looks {
		got := [3]int{lk.stripes, b2i(lk.border), b2i(lk.hatch)}
		if got != want[i] {
			t.Errorf("card %d: stripes, border, hatching = %v, want %v", levelCards[i], got, want[i])
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestArtSheets draws the card art and the avatars for a person to look at, and writes them as
// PNG files into $ART_DIR when it is set: every penalty level, Double's twins stacked as on a
// row, the back, at phone and desktop sizes, on the felt; normal and as protanopia and
// deuteranopia show them; and the avatars of a table of names in the seat colours.
func TestArtSheets(t *testing.T) {
	needLoop(t)
	tx, err := text.New()
	if err != nil {
		t.Fatal(err)
	}
	p := &Painter{Budget: 1 << 20}
	dir := os.Getenv("ART_DIR")
	save := func(name string, img *image.RGBA) {
		if dir == "" {
			return
		}
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
	}
	for _, sz := range []struct {
		name string
		w    int
	}{{"phone", 36}, {"phone-hand", 60}, {"desktop", 100}, {"large", 160}} {
		w, h := sz.w, sz.w*3/2
		gap := max(4, w/10)
		cards := NewCards(p, tx)
		cards.Resize(float64(w), float64(h))
		nums := []int{1, 5, 10, 11, 55, 104, 0, 33, 33}
		sw, sh := len(nums)*(w+gap)+gap+w/5, h+2*gap+h/8
		sheet := ebiten.NewImage(sw, sh)
		p.DrawFelt(sheet, float32(sw), float32(sh))
		for i, n := range nums {
			img := cards.Face(n)
			if n == 0 {
				img = cards.Back()
			}
			op := &ebiten.DrawImageOptions{}
			x, y := float64(gap+i*(w+gap)), float64(gap)
			if i == len(nums)-1 {
				// Double's twin, stacked on its twin as on a row (scenes' stackOffset).
				x, y = float64(gap+(i-1)*(w+gap))+float64(w)*0.16, y+float64(h)*0.11
			}
			op.GeoM.Translate(x, y)
			sheet.DrawImage(img, op)
		}
		pix := readImage(sheet)
		save("cards-"+sz.name+".png", pix)
		if w < 60 {
			save("cards-"+sz.name+"-x4.png", upscale(pix, 4))
		}
		save("cards-"+sz.name+"-protanopia.png", cvd.Simulate(pix, cvd.Protanopia))
		save("cards-"+sz.name+"-deuteranopia.png", cvd.Simulate(pix, cvd.Deuteranopia))
		if c := pix.RGBAAt(gap+w/8, gap+h*3/4); cvd.DeltaE(c, Paper) > 10 {
			t.Errorf("%s: card 1's face below its band is %v, want paper", sz.name, c)
		}
	}
	// One bull, large, in the cards' colours, to judge the drawing itself.
	bull := p.Scratch(5*170, 170)
	for i, b := range []int{1, 2, 3, 5, 7} {
		lv := LevelOf(b)
		p.FillRect(bull, float32(i*170), 0, 170, 170, lv.Band)
		p.Bullhead(bull, float32(i*170+85), 85, 150, lv.Text, lv.Band)
	}
	save("bull.png", bull)
	names := []string{"You", "Ada", "Bo", "Charlie", "Dana", "Emil", "Fatima", "Grete", "Hiro", "Ines", "Player 10", "Jean-Baptiste"}
	for _, size := range []int{28, 64} {
		gap := size / 4
		sw := len(names)*(size+gap) + gap
		sheet := ebiten.NewImage(sw, size+2*gap)
		p.DrawFelt(sheet, float32(sw), float32(size+2*gap))
		for i, n := range names {
			img := p.AvatarImage(n, SeatColor(i), size)
			op := &ebiten.DrawImageOptions{}
			op.GeoM.Translate(float64(gap+i*(size+gap)), float64(gap))
			sheet.DrawImage(img, op)
		}
		save(fmt.Sprintf("avatars-%d.png", size), readImage(sheet))
		save(fmt.Sprintf("avatars-%d-x3.png", size), upscale(readImage(sheet), 3))
	}
}

// upscale returns img k times larger, each pixel a k×k block, for looking at small sizes.
func upscale(img *image.RGBA, k int) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx()*k, b.Dy()*k))
	for y := range out.Bounds().Dy() {
		for x := range out.Bounds().Dx() {
			out.SetRGBA(x, y, img.RGBAAt(x/k, y/k))
		}
	}
	return out
}
