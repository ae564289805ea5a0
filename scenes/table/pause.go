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

// pauseSheet is the pause sheet a local game's Menu button and Esc open over the table:
// resume, the rules, the settings, or leave (the game is autosaved; Continue resumes it).
type pauseSheet struct {
	g *ui.Host // the table's
	// Paused is set while the sheet is up; the game waits (no bot plays) until it is closed.
	Paused bool
	focus  int
}

// pauseIDs are the sheet's buttons, top first.
var pauseIDs = [...]string{"pause-resume", "pause-rules", "pause-settings", "pause-leave"}

// pauseLabels name the sheet's buttons, in the order of pauseIDs.
var pauseLabels = [...]msg.ID{msg.PauseResume, msg.MenuRules, msg.MenuSettings, msg.PauseLeave}

// rects are the sheet's title and buttons, in the order of pauseIDs.
func (p *pauseSheet) rects() (title layout.Rect, buttons []layout.Rect) {
	rs := layout.Form(p.g.W, p.g.H, len(pauseIDs)+1)
	return rs[0], rs[1:]
}

// open puts the sheet up.
func (p *pauseSheet) open() {
	p.Paused, p.focus = true, -1
}

// update handles the sheet's input: a tap on a button, the arrows and Enter, Esc resumes. The
// rules, the settings and leave first save the game with save. It reports whether the screen
// changed.
func (p *pauseSheet) update(in *ui.Input, save func()) (changed bool) {
	_, rs := p.rects()
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
		p.focus = (p.focus + 1) % len(rs)
	case in.Key(ui.KeyUp):
		p.focus = (p.focus + len(rs) - 1) % len(rs)
	case in.Key(ui.KeyEnter) && p.focus >= 0:
		pick = p.focus
	}
	if pick < 0 {
		return false
	}
	g := p.g
	g.Cue(sounds.Click)
	p.Paused = false
	switch pauseIDs[pick] {
	case "pause-rules":
		save()
		g.Rules()
	case "pause-settings":
		save()
		m := menu.NewMenu(g)
		m.Page = "settings"
		g.Show(m)
	case "pause-leave":
		save()
		g.Menu()
	}
	return true
}

// draw draws the sheet over the dimmed table, while it is up.
func (p *pauseSheet) draw(dst *ebiten.Image) {
	if !p.Paused {
		return
	}
	g := p.g
	g.FillRect(dst, layout.Rect{W: g.W, H: g.H}, ui.Overlay)
	title, rs := p.rects()
	cx, cy := title.Center()
	g.Label(dst, msg.PauseTitle.Text(), cx, cy, ui.ClampF(title.H*0.45, 16, 40), sprites.Gold, text.Center, true)
	for i, r := range rs {
		w := ui.Widget{ID: pauseIDs[i], Label: pauseLabels[i].Text(), R: r, Enabled: true}
		g.DrawWidget(dst, &w, i == p.focus)
	}
}

// state is the test state while the sheet is up: the sheet's buttons and nothing of the
// table's controls.
func (p *pauseSheet) state(ts *ui.TestState) {
	_, rs := p.rects()
	for i, r := range rs {
		ts.Buttons = append(ts.Buttons, ui.Button{ID: pauseIDs[i], Rect: r, Enabled: true})
	}
}
