package scenes

import (
	"slices"
	"testing"

	"nimmt/engine"
	"nimmt/msg"
	"nimmt/scenes/menu"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
	"nimmt/tutorial"
)

// TestGuidedGame plays the guided game from the menu's offer through the real table, by mouse,
// touch and keyboard: each lesson's line is shown, a move the lesson does not want is refused
// with the hint (the card stays in the hand, the row choice stays open), and the game ends free.
func TestGuidedGame(t *testing.T) {
	l, err := tutorial.Learn()
	if err != nil {
		t.Fatal(err)
	}
	steps := tutorial.Steps(l)
	g := newTestGame(t, &storage.Memory{}, "instant")
	g.InjectInput(func(in *ui.Input) {})
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	if !slices.ContainsFunc(g.cur.(*menu.Menu).Widgets, func(w ui.Widget) bool { return w.Label == msg.TutorialOffer.Text() }) {
		t.Error("a first run's menu does not offer the guided game")
	}
	tapButton(t, g, "tutorial")
	press := func(in func(*ui.Input)) {
		t.Helper()
		g.InjectInput(in)
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		g.InjectInput(func(*ui.Input) {})
	}
	tap := func(r ui.Rect, touch bool) {
		x, y := r.Center()
		press(func(in *ui.Input) { in.Tap, in.TapX, in.TapY, in.X, in.Y, in.Touch = true, x, y, x, y, touch })
	}
	decision := func(kind string) (ui.TestState, *table.Table) {
		t.Helper()
		ts := runUntil(t, g, 3000, func(ts ui.TestState) bool { return ts.Decision == kind && ts.Input && ts.Chosen == 0 })
		return ts, g.cur.(*table.Table)
	}
	line := func(tb *table.Table, want msg.Message, what string) {
		t.Helper()
		if got := tb.CoachLine(); got != want.String() {
			t.Errorf("%s: line %q, want %q", what, got, want.String())
		}
	}
	// refuseCard plays a card the lesson does not want (select, then play: two taps).
	refuseCard := func(want engine.Card, touch bool) {
		t.Helper()
		ts, tb := decision("play")
		i := slices.IndexFunc(ts.Hand, func(c int) bool { return c != int(want) })
		tap(ts.HandRects[i], touch)
		tap(g.TestState().HandRects[i], touch)
		after := g.TestState()
		if after.Chosen != 0 || !slices.Equal(after.Hand, ts.Hand) || after.Decision != "play" || tb.Sel != i {
			t.Errorf("card %d (not %d) was not refused: chosen %d hand %v decision %q selected %d", ts.Hand[i], want, after.Chosen, after.Hand, after.Decision, tb.Sel)
		}
		line(tb, msg.New(msg.TutorialHintCard, want), "a refused card")
	}
	// Lesson 1 (rules 1 and 2), by mouse, then the right card by the keyboard.
	_, tb := decision("play")
	line(tb, steps[0].Line, "lesson 1")
	refuseCard(l.First, false)
	ts, _ := decision("play")
	press(func(in *ui.Input) { in.AddKey(ui.KeyDigit); in.Digit = slices.Index(ts.Hand, int(l.First)) + 1 })
	press(func(in *ui.Input) { in.AddKey(ui.KeyEnter) })
	// Lesson 2 (rule 3), by touch.
	ts, tb = decision("play")
	if ts.Turn != 2 || slices.Contains(ts.Hand, int(l.First)) {
		t.Fatalf("the %d was not played by the keyboard: turn %d hand %v", l.First, ts.Turn, ts.Hand)
	}
	line(tb, steps[1].Line, "lesson 2")
	refuseCard(l.Sixth, true)
	ts, _ = decision("play")
	i := slices.Index(ts.Hand, int(l.Sixth))
	tap(ts.HandRects[i], true)
	tap(g.TestState().HandRects[i], true)
	// Lesson 3 (rule 4): the too-low card, by mouse; then the row.
	ts, tb = decision("play")
	line(tb, steps[2].Line, "lesson 3")
	i = slices.Index(ts.Hand, int(l.Low))
	tap(ts.HandRects[i], false)
	tap(g.TestState().HandRects[i], false)
	ts, tb = decision("row")
	line(tb, steps[3].Line, "the row choice")
	wrong := (l.Cheapest + 1) % engine.NumRows
	v := tb.Disp
	tap(ts.RowRects[wrong], false)
	if after := g.TestState(); after.Decision != "row" || !slices.EqualFunc(after.Rows[:], ts.Rows[:], slices.Equal[[]int]) {
		t.Errorf("row %d (not the cheapest %d) was taken: decision %q rows %v", wrong+1, l.Cheapest+1, after.Decision, after.Rows)
	}
	line(tb, msg.New(msg.TutorialHintRow, wrong+1, engine.SumBullheads(v.Rows[wrong]), l.Cheapest+1, l.Least), "a refused row")
	press(func(in *ui.Input) { in.AddKey(ui.KeyDigit); in.Digit = l.Cheapest + 1 })
	// The lesson's end: its line until the next card, then free.
	ts, tb = decision("play")
	line(tb, steps[4].Line, "the lesson's end")
	tap(ts.HandRects[0], false)
	tap(g.TestState().HandRects[0], false)
	runUntil(t, g, 3000, func(ts ui.TestState) bool { return ts.Turn == 5 && ts.Decision == "play" && ts.Input })
	if !tb.Coach.Free() || tb.CoachLine() != "" {
		t.Errorf("after the lessons: free %v, line %q", tb.Coach.Free(), tb.CoachLine())
	}
}

// TestGuidedGameContinues: a guided game left in its second lesson and continued from the menu
// is coached again where it stopped.
func TestGuidedGameContinues(t *testing.T) {
	l, err := tutorial.Learn()
	if err != nil {
		t.Fatal(err)
	}
	g := newTestGame(t, &storage.Memory{}, "instant")
	g.InjectInput(func(*ui.Input) {})
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	tapButton(t, g, "tutorial")
	ts := runUntil(t, g, 3000, func(ts ui.TestState) bool { return ts.Decision == "play" && ts.Input })
	g.cur.(*table.Table).Play(l.First)
	runUntil(t, g, 3000, func(ts ui.TestState) bool { return ts.Turn == 2 && ts.Decision == "play" && ts.Input })
	tapButton(t, g, "menu")
	tapButton(t, g, "pause-leave")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	tapButton(t, g, "continue")
	ts = runUntil(t, g, 3000, func(ts ui.TestState) bool { return ts.Decision == "play" && ts.Input })
	tb := g.cur.(*table.Table)
	if want := tutorial.Steps(l)[1].Line.String(); ts.Turn != 2 || tb.CoachLine() != want {
		t.Errorf("continued at turn %d with the line %q, want turn 2 and %q", ts.Turn, tb.CoachLine(), want)
	}
}
