//go:build !js || nimmttest

package menu

import "nimmt/scenes/ui"

// The scenes' TestState: left out of the web release build (as the scene manager's, ../teststate.go).

func (m *Menu) TestState(ts *ui.TestState) {
	if m.Page == "newgame" {
		m.Form.TestState(ts)
		return
	}
	for _, w := range m.Widgets {
		if w.ID != "" {
			ts.Buttons = append(ts.Buttons, ui.Button{ID: w.ID, Rect: w.R, Enabled: w.Enabled, Label: w.Label})
		}
	}
}

// TestState reports the page's buttons.
func (f *NewGameForm) TestState(ts *ui.TestState) {
	for _, w := range f.Widgets {
		if w.ID != "" {
			ts.Buttons = append(ts.Buttons, ui.Button{ID: w.ID, Rect: w.R, Enabled: w.Enabled, Label: w.Label})
		}
	}
	f.KB.Buttons(ts)
}
