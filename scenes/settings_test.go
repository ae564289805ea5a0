package scenes

import (
	"testing"

	"nimmt/msg"
	"nimmt/scenes/menu"
	"nimmt/scenes/ui"
	"nimmt/storage"
)

// TestSettingsSwitches: the settings that are on or off are switches showing their state (the
// word and the switch's side follow a tap), not buttons whose word reads as an action; the
// choices among several (speed, language) stay value buttons.
func TestSettingsSwitches(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	g.LayoutF(390, 844)
	g.InjectInput(func(in *ui.Input) {})
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	tapButton(t, g, "settings")
	m := g.cur.(*menu.Menu)
	find := func(id string) ui.Widget {
		for _, w := range m.Widgets {
			if w.ID == id {
				return w
			}
		}
		t.Fatalf("no %s on the settings page", id)
		return ui.Widget{}
	}
	for id, on := range map[string]bool{"tracker": g.Settings.Tracker, "advisor": g.Settings.Advisor, "mute": !g.Settings.Muted} {
		if w := find(id); w.Kind != ui.KindSwitch || w.On != on || w.Label != menu.OnOff(on) {
			t.Errorf("%s: kind %d on %v label %q, want a switch showing %v", id, w.Kind, w.On, w.Label, on)
		}
	}
	tapButton(t, g, "tracker")
	if w := find("tracker"); !g.Settings.Tracker || !w.On || w.Label != msg.On.Text() {
		t.Errorf("after a tap the tracker %v shows on %v %q", g.Settings.Tracker, w.On, w.Label)
	}
	for _, id := range []string{"speed", "lang"} {
		if w := find(id); w.Kind == ui.KindSwitch {
			t.Errorf("%s is a switch", id)
		}
	}
}
