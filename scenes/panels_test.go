package scenes

import (
	"testing"

	"nimmt/layout"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// TestResultPanelTakesItsTaps: on a phone on its side (844×390) the round's score panel lies
// over table buttons; a tap on the panel where a button lies under it presses no button (no
// tracker, no log, no advisor, no menu): the panel takes it (issue 25, item 3).
func TestResultPanelTakesItsTaps(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	g.Settings.Seats = 4
	g.LayoutF(844, 390)
	tb, err := table.NewTable(g.host, 4)
	if err != nil {
		t.Fatal(err)
	}
	g.cur = tb
	tb.Relayout()
	for i := 0; tb.Phase != table.PhaseScore || !tb.Tl.Idle(); i++ {
		if i == 2000 {
			t.Fatal("no round score in 2000 ticks")
		}
		autopilot(tb, false)
		if err := tb.Update(&ui.Input{}); err != nil {
			t.Fatal(err)
		}
	}
	p, ok := tb.ResultPanel()
	if !ok {
		t.Fatal("no result panel at the round's score")
	}
	under := 0
	for b, r := range tb.Lay.Buttons {
		if b == layout.BtnConfirm || !r.Overlaps(p) {
			continue
		}
		under++
		x, y := max(r.X, p.X)+1, max(r.Y, p.Y)+1
		advisor := g.Settings.Advisor
		if err := tb.Update(&ui.Input{Tap: true, TapX: x, TapY: y}); err != nil {
			t.Fatal(err)
		}
		if tb.ShowPanel != 0 || g.Settings.Advisor != advisor || g.cur != tb || tb.Phase != table.PhaseScore {
			t.Errorf("a tap on the score panel at (%.0f, %.0f) pressed the %s button under it", x, y, layout.ButtonIDs[b])
		}
	}
	if under == 0 {
		t.Errorf("no button under the score panel %+v at 844x390: the test tests nothing", p)
	}
}
