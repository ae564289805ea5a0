package table

import (
	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/assets/sounds"
	"nimmt/layout"
	"nimmt/msg"
	"nimmt/scenes/menu"
	"nimmt/scenes/ui"
	"nimmt/sprites"
	"nimmt/text"
)

// pause is the pause sheet a local game's Menu button and Esc open over the table: resume,
// the rules, the settings, or leave (the game is autosaved; Continue resumes it).
type pause struct {
	// Paused is set while the sheet is up; the game waits (no bot plays) until it is closed.
	Paused     bool
	pauseFocus int
}

// pauseIDs are the sheet's buttons, top first.
var pauseIDs = [...]string{"pause-resume", "pause-rules", "pause-settings", "pause-leave"}

// pauseLabels name the sheet's buttons, in the order of pauseIDs.
var pauseLabels = [...]msg.ID{msg.PauseResume, msg.MenuRules, msg.MenuSettings, msg.PauseLeave}

// pauseRects are the sheet's title and buttons, in the order of pauseIDs.
func (t *Table) pauseRects() (title layout.Rect, buttons []layout.Rect) {
	rs := layout.Form(t.G.W, t.G.H, len(pauseIDs)+1)
	return rs[0], rs[1:]
}

// openPause puts the sheet up; it reports false at a table without one (online, the
// walkthrough), whose Menu button goes where it always went.
func (t *Table) openPause() bool {
	if t.Online != nil || t.Tutorial != nil {
		return false
	}
	t.Paused, t.pauseFocus = true, -1
	t.redraw = true
	return true
}

// updatePause handles the sheet's input: a tap on a button, the arrows and Enter, Esc resumes.
func (t *Table) updatePause(in *ui.Input) {
	_, rs := t.pauseRects()
	pick := -1
	for i, r := range rs {
		if in.TapIn(r) {
			pick = i
		}
	}
	switch {
	case in.Key(ui.KeyEsc):
		pick = 0
	case in.Key(ui.KeyDown):
		t.pauseFocus = (t.pauseFocus + 1) % len(rs)
	case in.Key(ui.KeyUp):
		t.pauseFocus = (t.pauseFocus + len(rs) - 1) % len(rs)
	case in.Key(ui.KeyEnter) && t.pauseFocus >= 0:
		pick = t.pauseFocus
	}
	if pick < 0 {
		return
	}
	g := t.G
	g.Cue(sounds.Click)
	t.Paused = false
	t.redraw = true
	switch pauseIDs[pick] {
	case "pause-rules":
		t.Save()
		g.Rules()
	case "pause-settings":
		t.Save()
		m := menu.NewMenu(g)
		m.Page = "settings"
		g.Show(m)
	case "pause-leave":
		t.Save()
		g.Menu()
	}
}

// drawPause draws the sheet over the dimmed table.
func (t *Table) drawPause(dst *ebiten.Image) {
	if !t.Paused {
		return
	}
	g := t.G
	g.FillRect(dst, layout.Rect{W: g.W, H: g.H}, ui.Overlay)
	title, rs := t.pauseRects()
	cx, cy := title.Center()
	g.Label(dst, msg.PauseTitle.Text(), cx, cy, ui.ClampF(title.H*0.45, 16, 40), sprites.Gold, text.Center, true)
	for i, r := range rs {
		w := ui.Widget{ID: pauseIDs[i], Label: pauseLabels[i].Text(), R: r, Enabled: true}
		g.DrawWidget(dst, &w, i == t.pauseFocus)
	}
}

// pauseState is the test state while the sheet is up: the sheet's buttons and nothing of the
// table's controls.
func (t *Table) pauseState(ts *ui.TestState) {
	_, rs := t.pauseRects()
	for i, r := range rs {
		ts.Buttons = append(ts.Buttons, ui.Button{ID: pauseIDs[i], Rect: r, Enabled: true})
	}
}
