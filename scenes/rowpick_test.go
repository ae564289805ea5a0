package scenes

import (
	"slices"
	"testing"

	"nimmt/engine"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// TestRowChoiceFeedback: at the person's row choice the row under the mouse is lit with the
// bullheads it would cost; on a touch screen the first tap on a row only lights it ("tap again"),
// another row's tap moves the light, and a second tap on the lit row takes it (issue 25: the
// rows gave no hover or touch feedback and one stray tap took a row).
func TestRowChoiceFeedback(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	tb, err := table.NewTable(g.host, 4)
	if err != nil {
		t.Fatal(err)
	}
	g.goTo(tb)
	// The person plays their lowest card, two taps, until a row choice comes.
	var tap *ui.Rect
	g.InjectInput(func(in *ui.Input) {
		if tap != nil {
			x, y := tap.Center()
			in.Tap, in.TapX, in.TapY, in.X, in.Y = true, x, y, x, y
			tap = nil
		}
	})
	for i := 0; ; i++ {
		ts := runUntil(t, g, 3000, func(ts ui.TestState) bool {
			return ts.Input && (ts.Decision == "row" || ts.Decision == "play" && ts.Chosen == 0)
		})
		if ts.Decision == "row" {
			break
		}
		if i > 40 {
			t.Fatal("no row choice in 40 plays")
		}
		r := ts.HandRects[0]
		tap = &r
		runUntil(t, g, 2, func(ui.TestState) bool { return tap == nil })
		tap = &r
		runUntil(t, g, 2, func(ui.TestState) bool { return tap == nil })
	}
	ts := g.TestState()
	if ts.RowPick != 0 {
		t.Errorf("a row lit before the pointer came: %d", ts.RowPick)
	}
	cost := func(r int) int {
		n := 0
		for _, c := range ts.Rows[r] {
			n += engine.Card(c).Bullheads()
		}
		return n
	}
	step := func(f func(in *ui.Input)) ui.TestState {
		t.Helper()
		g.InjectInput(f)
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		g.InjectInput(func(*ui.Input) {})
		return g.TestState()
	}
	at := func(r int) (float64, float64) { return ts.RowRects[r].Center() }
	// The mouse over row 2: lit, its cost shown, nothing taken.
	x, y := at(1)
	got := step(func(in *ui.Input) { in.Hover, in.X, in.Y = true, x, y })
	if got.RowPick != 2 || got.RowCost != cost(1) || got.RowArmed || got.Decision != "row" {
		t.Errorf("mouse over row 2: pick %d cost %d (want %d) armed %v decision %q", got.RowPick, got.RowCost, cost(1), got.RowArmed, got.Decision)
	}
	touch := func(r int) ui.TestState {
		x, y := at(r)
		return step(func(in *ui.Input) { in.Tap, in.TapX, in.TapY, in.X, in.Y, in.Touch = true, x, y, x, y, true })
	}
	// A first tap on row 3 lights it and takes nothing; a tap on row 1 moves the light.
	for _, r := range []int{2, 0} {
		got = touch(r)
		if got.RowPick != r+1 || !got.RowArmed || got.RowCost != cost(r) || got.Decision != "row" || !slices.EqualFunc(got.Rows[:], ts.Rows[:], slices.Equal[[]int]) {
			t.Errorf("first tap on row %d: pick %d armed %v cost %d (want %d) decision %q rows %v", r+1, got.RowPick, got.RowArmed, got.RowCost, cost(r), got.Decision, got.Rows)
		}
	}
	// The second tap on row 1 takes it.
	touch(0)
	eg := engineOf(tb)
	runUntil(t, g, 3000, func(ui.TestState) bool { return eg.EventCount() > 0 && tb.CaughtUp() })
	taken := false
	for _, e := range eg.EventsFor(0, 0) {
		if rt, ok := e.(engine.RowTaken); ok && rt.Seat == tb.Me && rt.Row == 0 {
			taken = true
		}
	}
	if !taken {
		t.Errorf("the second tap on row 1 did not take it")
	}
	if got := g.TestState(); got.RowPick != 0 {
		t.Errorf("row %d still lit after the choice", got.RowPick)
	}
}
