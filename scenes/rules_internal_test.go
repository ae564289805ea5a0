package scenes

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"nimmt/engine"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
	"nimmt/text"
)

// TestRulebookEvents: the walkthrough's steps are the engine's own events for the rulebook's
// example, so what it shows (rows, bullheads taken) is what the rules say.
func TestRulebookEvents(t *testing.T) {
	steps, err := table.RulebookEvents()
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != 4 || len(table.TutorialCaptions) != 5 {
		t.Fatalf("%d event steps, %d captions", len(steps), len(table.TutorialCaptions))
	}
	find := func(step int, pred func(engine.Event) bool) bool { return slices.ContainsFunc(steps[step], pred) }
	if !find(2, func(e engine.Event) bool {
		rt, ok := e.(engine.RowTaken)
		return ok && rt.Reason == engine.TakeFull && rt.Bullheads == 6 && slices.Equal(rt.Cards, []engine.Card{12, 14, 15, 21, 26})
	}) {
		t.Errorf("rule 3 step: no row of 12 14 15 21 26 taken for 6 bullheads: %v", steps[2])
	}
	if !find(3, func(e engine.Event) bool {
		rc, ok := e.(engine.RowChoiceRequired)
		return ok && rc.Seat == 3 && rc.Card == 3
	}) || !find(3, func(e engine.Event) bool {
		rt, ok := e.(engine.RowTaken)
		return ok && rt.Reason == engine.TakeTooLow && rt.Row == 1 && rt.Bullheads == 1
	}) {
		t.Errorf("rule 4 step: %v", steps[3])
	}
	for i, st := range steps {
		for _, e := range st {
			if d, ok := e.(engine.RoundDealt); ok && slices.ContainsFunc(d.Hands, func(h []engine.Card) bool { return h != nil }) {
				t.Errorf("step %d shows a hand", i)
			}
		}
	}
}

// TestCaptionClear: in How to play, at every size and step, the caption keeps clear of where
// the revealed cards wait (and their names), of the rows, the buttons and the person's plate
// and pile, and its text fits inside it; on phones the revealed cards wait in the table's reveal
// line (issue 25: the walkthrough kept the small side queue), and the panel is no taller than the
// longest step's text needs with its padding (issue 25: ~140 px of empty panel at 390x844).
func TestCaptionClear(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	sizes := [][2]float64{{360, 640}, {390, 844}, {844, 390}, {1024, 768}, {1280, 720}, {1920, 1080}, {2560, 1440}}
	for _, sz := range sizes {
		g.LayoutF(sz[0], sz[1])
		g.goTo(rulesScene(g.host))
		runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene != "menu" })
		tb := g.cur.(*table.Table)
		tu := tb.Tutorial
		var need, panel float64 // the most text any step needs, the tallest panel
		for step := 1; step <= len(table.TutorialCaptions); step++ {
			name := fmt.Sprintf("%gx%g step %d", sz[0], sz[1], step)
			if step > 1 {
				tu.Advance()
			}
			runUntil(t, g, 2000, func(ui.TestState) bool { return tb.Tl.Idle() && tb.Consumed == tu.Src.EventCount() })
			l := &tb.Lay
			r := tu.CaptionRect()
			if !r.Within(layout.Rect{W: g.W, H: g.H}) || r.H < 40 {
				t.Errorf("%s: caption %+v off the screen or too low", name, r)
			}
			if min(sz[0], sz[1]) < 600 && (l.RevealBack.Empty() || len(l.Queue) == 0 || l.Queue[0].W < layout.RevealCardMin) {
				t.Errorf("%s: no reveal line (%+v, %d places)", name, l.RevealBack, len(l.Queue))
			}
			var clear []layout.Rect
			for _, q := range l.Queue {
				clear = append(clear, layout.Rect{X: q.X, Y: q.Y, W: q.W, H: q.H + l.Unit*1.4})
			}
			for _, row := range l.Rows {
				clear = append(clear, row.Hit)
			}
			clear = append(clear, tu.NextRect(), l.Buttons[layout.BtnMenu], l.Seats[0].Plate, l.Seats[0].Pile)
			for _, c := range clear {
				if r.Overlaps(c) {
					t.Errorf("%s: caption %+v on %+v", name, r, c)
				}
			}
			title, lines, size := tu.CaptionText(r)
			h := title*2.6 + float64(len(lines))*size*1.3
			if h > r.H || size < 9 {
				t.Errorf("%s: caption text %.0f px high at %.1f px in %.0f", name, h, size, r.H)
			}
			need, panel = max(need, h), max(panel, r.H)
			for _, line := range lines {
				if w, _ := g.Txt.Measure(line, text.Style{Size: size}); w > r.W-24 {
					t.Errorf("%s: caption line %q %.0f px wide in %.0f", name, line, w, r.W-24)
				}
			}
		}
		if min(sz[0], sz[1]) < 600 && panel > need+24 {
			t.Errorf("%gx%g: caption panel %.0f px high for %.0f px of text", sz[0], sz[1], panel, need)
		}
	}
}

// TestRulesSpeakToTheDevice: the walkthrough's first step says how to go on in the words of the
// way the person plays (a mouse clicks, a finger taps, the keys press), and no step names a
// figure that is not there.
func TestRulesSpeakToTheDevice(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	g.LayoutF(1280, 720)
	g.goTo(rulesScene(g.host))
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene != "menu" })
	tu := g.cur.(*table.Table).Tutorial
	for _, c := range []struct {
		in   func(*ui.Input)
		want string
	}{
		{func(in *ui.Input) { in.Hover, in.X, in.Y = true, 5, 5 }, "Click Next."},
		{func(in *ui.Input) { in.Touch = true }, "Tap Next."},
		{func(in *ui.Input) { in.AddKey(ui.KeyLeft) }, "Press Enter for the next step."},
		{func(in *ui.Input) { in.Hover, in.X, in.Y = true, 9, 9 }, "Click Next."},
	} {
		g.InjectInput(c.in)
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		if cap := tu.Caption(); !strings.HasSuffix(cap, " "+c.want) || tu.Step != 1 {
			t.Errorf("step %d caption %q, want it to end %q", tu.Step, cap, c.want)
		}
	}
	for _, l := range msg.Langs() {
		for _, id := range table.TutorialCaptions {
			if s := msg.New(id).In(l.Code); strings.Contains(strings.ToLower(s), "fig") || strings.Contains(s, "Abb.") {
				t.Errorf("%s: %q names a figure", l.Code, s)
			}
		}
	}
}
