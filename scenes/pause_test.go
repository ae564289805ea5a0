package scenes

import (
	"slices"
	"testing"

	"nimmt/scenes/session"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// TestPauseSheet: the table's Menu button and Esc put the pause sheet up over a local game
// instead of leaving it; the game waits under it; Esc and Resume go back to the same hand,
// Settings opens the settings, Leave the menu with the game saved to continue.
func TestPauseSheet(t *testing.T) {
	mem := &storage.Memory{}
	g := newTestGame(t, mem, "instant")
	g.InjectInput(func(*ui.Input) {})
	open := func() ui.TestState {
		t.Helper()
		tb, err := table.NewTable(g.host, 5)
		if err != nil {
			t.Fatal(err)
		}
		g.goTo(tb)
		return runUntil(t, g, 3000, func(ts ui.TestState) bool { return ts.Decision == "play" && ts.Input })
	}
	press := func(k ui.Key) {
		t.Helper()
		g.InjectInput(func(in *ui.Input) { in.AddKey(k) })
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		g.InjectInput(func(*ui.Input) {})
	}
	paused := func(how string) {
		t.Helper()
		ts := g.TestState()
		if ts.Scene != "pause" || len(ts.Hand) != 0 {
			t.Fatalf("%s: scene %s hand %v, want the pause sheet", how, ts.Scene, ts.Hand)
		}
		for _, id := range []string{"pause-resume", "pause-rules", "pause-settings", "pause-leave"} {
			if !slices.ContainsFunc(ts.Buttons, func(b ui.Button) bool { return b.ID == id && b.Enabled }) {
				t.Errorf("%s: no %s on the sheet: %v", how, id, ts.Buttons)
			}
		}
	}
	before := open()
	tb := g.cur.(*table.Table)
	tapButton(t, g, "menu")
	paused("the Menu button")
	n := engineOf(tb).EventCount()
	for range 200 {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if engineOf(tb).EventCount() != n || g.cur != tb {
		t.Errorf("the game went on under the sheet: %d events, was %d", engineOf(tb).EventCount(), n)
	}
	press(ui.KeyEsc)
	if ts := g.TestState(); ts.Scene == "pause" || !slices.Equal(ts.Hand, before.Hand) {
		t.Errorf("Esc on the sheet: scene %s hand %v, want the table with %v", ts.Scene, ts.Hand, before.Hand)
	}
	press(ui.KeyEsc)
	paused("Esc")
	tapButton(t, g, "pause-resume")
	if ts := g.TestState(); ts.Scene == "pause" || ts.Decision != "play" {
		t.Errorf("Resume: scene %s decision %q", ts.Scene, ts.Decision)
	}
	press(ui.KeyEsc)
	tapButton(t, g, "pause-settings")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "settings" })
	open()
	press(ui.KeyEsc)
	paused("Esc again")
	tapButton(t, g, "pause-leave")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	if !session.HasSave(g.Env) {
		t.Error("Leave: no game to continue")
	}
}
