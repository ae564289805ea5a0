package scenes

import (
	"testing"

	"nimmt/msg"
	"nimmt/storage"
)

// TestSettingsSwitches: the settings that are on or off are switches showing their state (the
// word and the switch's side follow a tap), not buttons whose word reads as an action; the
// choices among several (speed, language) stay value buttons.
func TestSettingsSwitches(t *testing.T) {
	g := newTestGame(t, &storage.Memory{}, "instant")
	g.LayoutF(390, 844)
	g.InjectInput(func(in *Input) {})
	runUntil(t, g, 5, func(ts TestState) bool { return ts.Scene == "menu" })
	tapButton(t, g, "settings")
	m := g.cur.(*menu)
	find := func(id string) widget {
		for _, w := range m.widgets {
			if w.id == id {
				return w
			}
		}
		t.Fatalf("no %s on the settings page", id)
		return widget{}
	}
	for id, on := range map[string]bool{"tracker": g.settings.Tracker, "advisor": g.settings.Advisor, "mute": !g.settings.Muted} {
		if w := find(id); w.kind != kindSwitch || w.on != on || w.label != onOff(on) {
			t.Errorf("%s: kind %d on %v label %q, want a switch showing %v", id, w.kind, w.on, w.label, on)
		}
	}
	tapButton(t, g, "tracker")
	if w := find("tracker"); !g.settings.Tracker || !w.on || w.label != msg.On.Text() {
		t.Errorf("after a tap the tracker %v shows on %v %q", g.settings.Tracker, w.on, w.label)
	}
	for _, id := range []string{"speed", "lang"} {
		if w := find(id); w.kind == kindSwitch {
			t.Errorf("%s is a switch", id)
		}
	}
}
