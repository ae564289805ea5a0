package scenes

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/sprites"
)

// BenchmarkPainterShapes times queuing what widgets and chips draw each frame through
// Ebitengine's vector package: per op, four rounded rectangles filled and outlined, four circles,
// lines and bullheads, 16 ops a frame (the timer runs only around the calls). docs/PERFORMANCE.md
// compares it with vector compiled without inlining, as the web build has it (#13). Run under Xvfb:
// xvfb-run -a go test -run '^$' -bench PainterShapes -benchtime 3200x ./scenes/
func BenchmarkPainterShapes(b *testing.B) {
	if loop == nil {
		b.Skip("no display (run under xvfb-run)")
	}
	var p sprites.Painter
	dst := ebiten.NewImage(256, 256)
	b.StopTimer()
	for done := 0; done < b.N; {
		frame(nil, func(*ebiten.Image) {
			dst.Clear()
			n := min(16, b.N-done)
			b.StartTimer()
			for range n {
				paintShapes(&p, dst)
			}
			b.StopTimer()
			done += n
		})
	}
}

// paintShapes draws one op of BenchmarkPainterShapes.
func paintShapes(p *sprites.Painter, dst *ebiten.Image) {
	for k := range 4 {
		x := float32(10 + 60*k)
		p.FillRoundRect(dst, x, 10, 40, 30, 6, sprites.Paper)
		p.StrokeRoundRect(dst, x, 10, 40, 30, 6, 2, sprites.Ink)
		p.FillCircle(dst, x+20, 70, 12, sprites.Danger)
		p.Line(dst, x, 100, x+40, 130, 2, sprites.Ink)
		p.Bullhead(dst, x+20, 170, 24, sprites.Ink, sprites.Paper)
	}
}
