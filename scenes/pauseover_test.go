package scenes

import (
	"slices"
	"testing"

	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// TestPauseSheetOpensOver: the pause sheet's How to play and Settings open over the paused game
// and come back to the sheet (issue 26): the table stays the scene, the game does not move
// under them, the walkthrough's Done, Menu and Esc and the settings' Back and Esc return to the
// sheet, and Resume then gives the same hand in the language chosen meanwhile.
func TestPauseSheetOpensOver(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	g.InjectInput(func(*ui.Input) {})
	tb, err := table.NewTable(g.host, 5)
	if err != nil {
		t.Fatal(err)
	}
	g.goTo(tb)
	before := runUntil(t, g, 3000, func(ts ui.TestState) bool { return ts.Decision == "play" && ts.Input })
	n := engineOf(tb).EventCount()
	press := func(k ui.Key) {
		t.Helper()
		g.InjectInput(func(in *ui.Input) { in.AddKey(k) })
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		g.InjectInput(func(*ui.Input) {})
	}
	back := func(how string) {
		t.Helper()
		ts := runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "pause" || ts.Scene == "menu" })
		if ts.Scene != "pause" || g.cur != tb {
			t.Fatalf("%s: scene %s (%T), want the pause sheet over the same table", how, ts.Scene, g.cur)
		}
	}
	over := func(id, scene string) {
		t.Helper()
		tapButton(t, g, id)
		runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == scene })
		if g.cur != tb {
			t.Fatalf("%s: the table was left for %T", id, g.cur)
		}
	}
	press(ui.KeyEsc)
	back("Esc at the table")

	over("pause-rules", "rules")
	tapButton(t, g, "menu")
	back("the walkthrough's Menu")
	over("pause-rules", "rules")
	press(ui.KeyEsc)
	back("Esc in the walkthrough")
	over("pause-rules", "rules")
	for range 5 { // the walkthrough to its end, and Done
		runUntil(t, g, 3000, func(ts ui.TestState) bool {
			return slices.ContainsFunc(ts.Buttons, func(b ui.Button) bool { return b.ID == "rules-next" && b.Enabled })
		})
		tapButton(t, g, "rules-next")
	}
	back("the walkthrough's Done")

	over("pause-settings", "settings")
	tapButton(t, g, "lang")
	lang := g.TestState().Lang
	tapButton(t, g, "back")
	back("the settings' Back")
	over("pause-settings", "settings")
	press(ui.KeyEsc)
	back("Esc in the settings")

	if got := engineOf(tb).EventCount(); got != n {
		t.Errorf("the game went on under the sheet: %d events, was %d", got, n)
	}
	tapButton(t, g, "pause-resume")
	ts := g.TestState()
	if ts.Scene == "pause" || !slices.Equal(ts.Hand, before.Hand) {
		t.Errorf("Resume: scene %s hand %v, want the table with %v", ts.Scene, ts.Hand, before.Hand)
	}
	if ts.Lang != lang || lang == before.Lang {
		t.Errorf("the language chosen under the sheet: %s, then %s at the table, was %s", lang, ts.Lang, before.Lang)
	}
}

// TestPauseSheetIdles: the pause sheet and the settings it opens over the game stop the frames
// as the table waiting for the person does (idle CPU 0 %), and a frame without input does not
// draw them again.
func TestPauseSheetIdles(t *testing.T) {
	g, p, tick := pacedGame(t, ui.Options{Storage: &storage.Memory{}, Speed: "instant"})
	var key ui.Key
	var tap *ui.Rect
	g.InjectInput(func(in *ui.Input) {
		if key != ui.KeyNone {
			in.AddKey(key)
		}
		if tap != nil {
			in.Tap, in.TapX, in.TapY = true, tap.X+tap.W/2, tap.Y+tap.H/2
		}
		key, tap = ui.KeyNone, nil
	})
	tb, err := table.NewTable(g.host, 5)
	if err != nil {
		t.Fatal(err)
	}
	g.goTo(tb)
	idles := func(what string) {
		t.Helper()
		for i := 0; !p.idle.Load(); i++ {
			if i > 3000 {
				t.Fatalf("%s never stopped the frames (scene %s)", what, g.TestState().Scene)
			}
			tick()
		}
	}
	idles("the table")
	key = ui.KeyEsc
	tick()
	idles("the pause sheet")
	for _, b := range g.TestState().Buttons {
		if b.ID == "pause-settings" {
			tap = &b.Rect
		}
	}
	tick()
	if s := g.TestState().Scene; s != "settings" {
		t.Fatalf("Settings from the sheet: scene %s", s)
	}
	idles("the settings over the game")
	n := g.TestState().Redraws
	for range 3 {
		tick() // a frame without input: nothing to draw again
	}
	if d := g.TestState().Redraws - n; d != 0 {
		t.Errorf("the settings over the game drawn again %d times in 3 frames without input", d)
	}
}
