package scenes

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/scenes/ui"
	"nimmt/sprites"
)

// BenchmarkPainterShapes times filling shapes on the CPU as the shape cache does on a miss,
// each into a scratch image of its own size (no display needed): per op, four rounded
// rectangles filled and outlined, four circles, lines and bullheads. docs/PERFORMANCE.md has the
// figures (#13): go test -run '^$' -bench PainterShapes -benchtime 2000x ./scenes/
func BenchmarkPainterShapes(b *testing.B) {
	var p sprites.Painter
	for range b.N {
		paintShapes(&p)
	}
}

// paintShapes fills one op of BenchmarkPainterShapes.
func paintShapes(p *sprites.Painter) {
	for range 4 {
		p.FillRoundRect(p.Scratch(44, 34), 2, 2, 40, 30, 6, sprites.Paper)
		p.StrokeRoundRect(p.Scratch(46, 36), 3, 3, 40, 30, 6, 2, sprites.Ink)
		p.FillCircle(p.Scratch(28, 28), 14, 14, 12, sprites.Danger)
		p.Line(p.Scratch(44, 34), 2, 2, 42, 32, 2, sprites.Ink)
		p.Bullhead(p.Scratch(28, 28), 14, 14, 24, sprites.Ink, sprites.Paper)
	}
}

// BenchmarkShapeMiss times whole frames in which cached images are made anew, as after a
// resize or when the timer ring moves on a step (an op is a frame; "none" is an empty frame to
// subtract): "face" renders one card face (the game renders at most one a frame after a
// resize), "shapes" a ring's arc, a bullhead, a slot, a danger mark, a panel and its outline.
// It uses only what the cache had before #13 moved the fills to the CPU, so the same file
// measures both. Under Xvfb:
// xvfb-run -a go test -run '^$' -bench ShapeMiss -benchtime 100x ./scenes/
func BenchmarkShapeMiss(b *testing.B) {
	if loop == nil {
		b.Skip("no display (run under xvfb-run)")
	}
	g, err := NewGame(ui.Options{Speed: "instant", Seed: 7, InlineBots: true})
	if err != nil {
		b.Fatal(err)
	}
	g.Scale = 1
	cards := sprites.NewCards(&g.Painter, g.Txt)
	col := color.RGBA{0xd0, 0x60, 0x20, 0xff}
	dropShapes := func() {
		for _, img := range g.Shapes {
			img.Deallocate()
		}
		g.Shapes = nil
	}
	for _, bc := range []struct {
		name string
		draw func(i int)
	}{
		{"none", func(int) {}},
		{"face", func(i int) {
			cards.Resize(90+float64(i%2), 135)
			g.Painter.Budget = 1
			cards.Face(1 + i%104)
		}},
		{"shapes", func(i int) {
			dropShapes()
			g.Shape(ui.ShapeArc, 64, 64, float64(1+i%ui.RingSteps), 5, col)
			g.Shape(2, 28, 28, 0, 0, sprites.Ink)
			g.Shape(3, 90, 135, 0, 0, col)
			g.Shape(4, 90, 135, 0, 0, col)
			g.Shape(0, 300, 120, 14, 0, col)
			g.Shape(1, 300, 120, 14, 3, col)
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			frame(nil, func(*ebiten.Image) { bc.draw(0) })
			b.ResetTimer()
			for i := range b.N {
				frame(nil, func(*ebiten.Image) { bc.draw(i + 1) })
			}
		})
	}
	dropShapes()
}
