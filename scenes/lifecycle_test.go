package scenes

import (
	"testing"

	"nimmt/scenes/ui"
	"nimmt/storage"
)

// TestBackAndSuspend checks the mobile lifecycle hooks: Back leaves a game for the menu (saving
// it), goes back from a menu page, and lets the app leave from the main menu; Suspend autosaves.
func TestBackAndSuspend(t *testing.T) {
	mem := &storage.Memory{}
	g := newTestGame(t, mem, "instant")
	g.InjectInput(func(in *ui.Input) {})
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	if g.Back() {
		t.Fatal("Back on the main menu is used; the app should leave")
	}
	tapButton(t, g, "new-game")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "newgame" })
	if !g.Back() {
		t.Fatal("Back on the new game page is not used")
	}
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })

	tapButton(t, g, "new-game")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "newgame" })
	tapButton(t, g, "start")
	d := &driver{g: g}
	g.InjectInput(d.step)
	runUntil(t, g, 20000, func(ts ui.TestState) bool { return ts.Turn >= 2 && ts.Decision == "play" && ts.Input })
	if _, err := mem.Load(ui.SaveFile); err != nil {
		t.Logf("no autosave yet (%v)", err)
	}
	g.Suspend()
	if _, err := mem.Load(ui.SaveFile); err != nil {
		t.Fatalf("Suspend during a game does not autosave: %v", err)
	}
	g.InjectInput(func(in *ui.Input) {})
	if !g.Back() {
		t.Fatal("Back during a game is not used")
	}
	// A local game: Back puts up the pause sheet and takes it down again, as Esc does; the
	// sheet's Leave goes to the menu.
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "pause" })
	g.Back()
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene != "pause" })
	g.Back()
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "pause" })
	tapButton(t, g, "pause-leave")
	ts := runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	for _, b := range ts.Buttons {
		if b.ID == "continue" && !b.Enabled {
			t.Errorf("after Back from a game, Continue is disabled")
		}
	}
}
