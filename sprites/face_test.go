package sprites

import (
	"strconv"
	"testing"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/text"
)

// TestFaceIndex: on every card, at hand and row sizes from a small phone to a large desktop,
// every bullhead lies inside the face's Heads box and the corner number fits its Num box, so
// the strip a fanned hand leaves visible (layout.HandShow of the width, which holds the index:
// the layout tests check that) shows the number and all the bullheads; the big number fits
// its box too. Issue 12 saw a 22 in a fanned hand show 3 of its 5 bullheads.
func TestFaceIndex(t *testing.T) {
	tx, err := text.New()
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []float64{24, 40, 60, 90, 140, 200} {
		f := layout.FaceOf(layout.Rect{X: 3, Y: 5, W: w, H: w * 1.5})
		if idx := f.Index(); idx.X+idx.W > 3+w*layout.HandShow {
			t.Errorf("card %v wide: index %+v reaches past the visible strip (%v)", w, idx, w*layout.HandShow)
		}
		for c := 1; c <= MaxCard; c++ {
			bh := engine.Card(c).Bullheads()
			n := 0
			size := headGrid(bh, f.Heads, func(cx, cy float64) {
				n++
				// A head spans ±0.52 of its size across (horns) and -0.5..+0.46 down.
				s := size0(f.Heads, bh) * headScale
				r := layout.Rect{X: cx - 0.52*s, Y: cy - 0.5*s, W: 1.04 * s, H: 0.96 * s}
				if !r.Within(f.Heads) {
					t.Errorf("card %d at %v wide: bullhead %+v outside %+v", c, w, r, f.Heads)
				}
			})
			if n != bh {
				t.Errorf("card %d: %d bullheads drawn, want %d", c, n, bh)
			}
			if size < f.Heads.H*0.35 {
				t.Errorf("card %d at %v wide: bullheads %.1f in a box %.1f high", c, w, size, f.Heads.H)
			}
			num := strconv.Itoa(c)
			if nw, _ := tx.Measure(num, text.Style{Size: f.Num.H, Bold: true}); nw > f.Num.W {
				t.Errorf("card %d at %v wide: corner number %.1f wide in a box %.1f", c, w, nw, f.Num.W)
			}
			if nw, _ := tx.Measure(num, text.Style{Size: f.Foot.H, Bold: true}); nw > f.Foot.W {
				t.Errorf("card %d at %v wide: foot number %.1f wide in a box %.1f", c, w, nw, f.Foot.W)
			}
			if nw, _ := tx.Measure(num, text.Style{Size: HeroSize(f.Hero, len(num)), Bold: true}); nw > f.Hero.W {
				t.Errorf("card %d at %v wide: big number %.1f wide in a box %.1f", c, w, nw, f.Hero.W)
			}
		}
	}
}

// size0 is the cell size headGrid gives n heads in box.
func size0(box layout.Rect, n int) float64 { return headGrid(n, box, func(float64, float64) {}) }

// TestCountFits: on every card at sizes from a small phone to a large desktop, what draws the
// bullhead count (countOf: the heads, or one bull and the count as a figure) lies inside the
// face's Heads box, which the fanned hand keeps visible, and clear of the card's outline; the
// count is drawn as heads exactly when they are large enough to have a face.
func TestCountFits(t *testing.T) {
	tx, err := text.New()
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []float64{24, 28, 36, 48, 60, 90, 140, 200} {
		f := layout.FaceOf(layout.Rect{W: w, H: w * 1.5})
		for c := 1; c <= MaxCard; c++ {
			bh := engine.Card(c).Bullheads()
			k := countOf(bh, f.Heads, w)
			s := k.Size
			n := 0
			k.each(func(cx, cy float32) {
				n++
				r := layout.Rect{X: float64(cx) + float64(bullBox[0])*s, Y: float64(cy) + float64(bullBox[1])*s,
					W: float64(bullBox[2]-bullBox[0]) * s, H: float64(bullBox[3]-bullBox[1]) * s}
				if !r.Within(f.Heads) {
					t.Errorf("card %d at %v wide: bull %+v outside the Heads box %+v", c, w, r, f.Heads)
				}
				if r.X < outlineWidth(w)+2-1e-9 {
					t.Errorf("card %d at %v wide: bull starts at x = %.2f, on the outline", c, w, r.X)
				}
			})
			if k.Digit {
				if n != 1 {
					t.Errorf("card %d at %v wide: %d bulls beside the count, want 1", c, w, n)
				}
				// Across: the figure's advance; down: its size (its ink, under the line's
				// height, is checked on the rendered cards by TestCountContrast).
				dw, _ := tx.Measure(strconv.Itoa(bh), text.Style{Size: k.DigitSize, Bold: true})
				d := layout.Rect{X: k.DigitX, Y: k.Y - k.DigitSize/2, W: dw, H: k.DigitSize}
				if !d.Within(f.Heads) {
					t.Errorf("card %d at %v wide: the count %+v outside the Heads box %+v", c, w, d, f.Heads)
				}
				if full := headGrid(bh, f.Heads, func(float64, float64) {}) * headScale; full >= compactHead {
					t.Errorf("card %d at %v wide: a figure where %.1f px heads would do", c, w, full)
				}
			} else if n != bh || (bh > 1 && s < compactHead) {
				t.Errorf("card %d at %v wide: %d heads of %.1f px, want %d of at least %d", c, w, n, s, bh, compactHead)
			}
		}
	}
}

// BenchmarkFaceShapes times filling the shapes of all 104 card faces on the CPU at 90×135
// pixels, as the Cards cache does after a resize (an op is the whole deck; the numbers are text
// drawn on the GPU afterwards and not included). docs/PERFORMANCE.md has the figures (#25):
// go test -run '^$' -bench FaceShapes -benchtime 20x -count 5 ./sprites/
func BenchmarkFaceShapes(b *testing.B) {
	var p Painter
	const w, h = 90, 135
	f := layout.FaceOf(layout.Rect{W: w, H: h})
	for range b.N {
		for c := 1; c <= MaxCard; c++ {
			p.drawFaceShapes(p.Scratch(w, h), c, f, w, h)
		}
	}
}
