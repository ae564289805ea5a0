package scenes

import (
	"bytes"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// TestPodiumRises: at game over the podium rises in over the injected ticks (the table animates
// and is not still), ends by itself within 1.5 s at normal speed, and then stands still with the
// same pixels as a podium whose entrance a tap ended at once (the still podium); the tap is taken
// by the entrance, not by the buttons under it (issue 25: the podium had no entrance).
func TestPodiumRises(t *testing.T) {
	needDisplay(t)
	const w, h = 390, 844
	var screen *ebiten.Image
	frame(func() { screen = ebiten.NewImage(w, h) }, nil)
	defer frame(func() { screen.Deallocate() }, nil)
	pixels := func(g *Game, tb *table.Table) []byte {
		buf := make([]byte, 4*w*h)
		for i := 0; i < 30 && (i == 0 || tb.FacesPending); i++ {
			frame(nil, func(*ebiten.Image) { screen.Clear(); g.Draw(screen); screen.ReadPixels(buf) })
		}
		return buf
	}
	// over plays a one-round game at the fast speed up to its game over.
	over := func() (*Game, *table.Table) {
		g := newTestGame(t, &storage.Memory{}, "fast")
		g.Settings.EndMode, g.Settings.Rounds = "rounds", 1
		g.LayoutF(w, h)
		tb, err := table.NewTable(g.host, 4)
		if err != nil {
			t.Fatal(err)
		}
		g.goTo(tb)
		for i := 0; !(tb.Phase == table.PhaseOver && tb.Tl.Idle()); i++ {
			if i > 20000 {
				t.Fatal("no game over")
			}
			autopilot(tb, false)
			if err := g.Update(); err != nil {
				t.Fatal(err)
			}
		}
		return g, tb
	}
	g, tb := over()
	if !tb.Animating() || tb.Still() {
		t.Fatal("the podium stands at once at game over: no entrance")
	}
	var mid []byte
	ticks := 0
	for ; !tb.Still(); ticks++ {
		if ticks == 12 {
			mid = pixels(g, tb)
		}
		if ticks > 90 {
			t.Fatal("the podium still rises after 90 ticks")
		}
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if ticks < 20 {
		t.Fatalf("the podium rose in %d ticks", ticks)
	}
	risen := pixels(g, tb)
	if tb.Animating() {
		t.Fatal("the risen podium keeps the frames going")
	}

	g2, tb2 := over()
	g2.InjectInput(func(in *ui.Input) { in.Tap, in.TapX, in.TapY = true, w/2, h/2 })
	if err := g2.Update(); err != nil {
		t.Fatal(err)
	}
	g2.InjectInput(nil)
	if !tb2.Still() || g2.cur != tb2 || tb2.Phase != table.PhaseOver {
		t.Fatalf("a tap did not end the entrance alone: still %v, scene %s", tb2.Still(), tb2.Phase)
	}
	still := pixels(g2, tb2)
	// The same pixels; a level of rounding on the GPU allowed (two drawings of the table at
	// the screen's left edge differ so, podium or not).
	if d, at := maxDiff(risen, still); d > 1 {
		t.Errorf("the risen podium differs from the still one by %d at %d,%d", d, at/4%w, at/4/w)
	}
	if mid == nil || bytes.Equal(mid, risen) {
		t.Error("the podium mid-entrance looks as the risen one")
	}
	t.Logf("the podium rose in %d ticks at the fast speed", ticks)
}

// maxDiff returns the largest difference between two pictures' bytes and where it is.
func maxDiff(a, b []byte) (d, at int) {
	for i := range a {
		if v := max(int(a[i])-int(b[i]), int(b[i])-int(a[i])); v > d {
			d, at = v, i
		}
	}
	return d, at
}
