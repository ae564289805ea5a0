package table

import (
	"image/color"

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
// resume, the rules, the settings, or leave (the game is autosaved; Continue resumes it). The
// rules and the settings open over the paused game and come back to the sheet.
type pauseSheet struct {
	_ ui.NoCompare
	g *ui.Host // the table's
	// Paused is set while the sheet (or what it opened) is up; the game waits (no bot plays)
	// until it is closed.
	Paused bool
	focus  int
	// over is the rules walkthrough or the settings page opened from the sheet, or nil; it
	// moves on with host, whose Menu and Back set closed (back to the sheet).
	over   ui.Scene
	host   ui.Host
	closed bool
}

// sheetRouter is the Router of a scene the sheet opened: its way back (Menu, Back) leads to the
// sheet; the rest is the game's.
type sheetRouter struct {
	_ ui.NoCompare
	ui.Router
	closed *bool
}

func (r sheetRouter) Menu()         { *r.closed = true }
func (r sheetRouter) Back()         { *r.closed = true }
func (r sheetRouter) Leaving() bool { return *r.closed || r.Router.Leaving() }

// show opens s, built on the sheet's host, over the paused game.
func (p *pauseSheet) show(s ui.Scene) {
	p.over, p.closed = s, false
	s.Resize()
}

// openOver builds the rules walkthrough or the settings page (id) on a host whose way back is
// the sheet, and shows it.
func (p *pauseSheet) openOver(id string) {
	p.host = *p.g
	p.host.Router = sheetRouter{Router: p.g.Router, closed: &p.closed}
	if id == "pause-settings" {
		m := menu.NewMenu(&p.host)
		m.Page = "settings"
		p.show(m)
		return
	}
	t, err := NewRules(&p.host)
	if err != nil {
		return // the fixed example failed: a bug; the sheet stays
	}
	p.show(t)
}

// updateOver runs the scene opened over the game and closes it when it goes back: its Menu or
// Back, or the settings page left for the menu's main page. It reports whether it closed (the
// scene's own changes it draws by itself: its Animating, the input's redraw).
func (p *pauseSheet) updateOver(in *ui.Input) (closed bool, err error) {
	if err := p.over.Update(in); err != nil {
		return false, err
	}
	if m, ok := p.over.(*menu.Menu); ok && m.Page != "settings" {
		p.closed = true
	}
	if closed = p.closed; closed {
		p.over, p.closed, p.focus = nil, false, -1
	}
	return closed, nil
}

// pauseIDs are the sheet's buttons, top first.
var pauseIDs = [...]string{"pause-resume", "pause-rules", "pause-settings", "pause-leave"}

// pauseLabels name the sheet's buttons, in the order of pauseIDs.
var pauseLabels = [...]msg.ID{msg.PauseResume, msg.MenuRules, msg.MenuSettings, msg.PauseLeave}

// sheetBG is the sheet's card: opaque, so nothing of the table (its status line, a row) shows
// under its title; sheetEdge is its rim.
var (
	sheetBG   color.Color = color.RGBA{0x0c, 0x2a, 0x1b, 0xff}
	sheetEdge color.Color = color.RGBA{0x3a, 0x6b, 0x4f, 0xff}
)

// rects are the sheet's card in the middle of the screen, its title and its buttons (in the
// order of pauseIDs): a column at most 480 wide, every button at least layout.MinTap high.
func (p *pauseSheet) rects() (card, title layout.Rect, buttons []layout.Rect) {
	w, h := p.g.W, p.g.H
	m := ui.ClampF(min(w, h)*0.03, 8, 24)
	th := ui.ClampF(h*0.08, 36, 64)
	gap := 8.0
	n := float64(len(pauseIDs))
	bh := ui.ClampF((h-4*m-th-n*gap)/n, layout.MinTap, ui.ClampF(h*0.075, layout.MinTap, 64))
	cw := min(w-2*m, 480)
	ch := m + th + n*(bh+gap) - gap + m
	card = layout.Rect{X: (w - cw) / 2, Y: max(0, (h-ch)/2), W: cw, H: ch}
	title = layout.Rect{X: card.X + m, Y: card.Y + m, W: cw - 2*m, H: th}
	y := title.Y + th
	for range pauseIDs {
		buttons = append(buttons, layout.Rect{X: title.X, Y: y, W: title.W, H: bh})
		y += bh + gap
	}
	return card, title, buttons
}

// open puts the sheet up.
func (p *pauseSheet) open() {
	p.Paused, p.focus = true, -1
}

// OpenOver puts the sheet up and opens the rules walkthrough ("pause-rules") or the settings
// page ("pause-settings") over the paused game, as the sheet's buttons do (for screenshots).
func (p *pauseSheet) OpenOver(id string) {
	p.open()
	p.openOver(id)
}

// Over reports whether the sheet has the rules or the settings open and it does not animate.
func (p *pauseSheet) Over() bool { return p.over != nil && !p.animating() }

// Back is the device's back button (Android) at a local game, as Esc: it puts the sheet up,
// brings a page the sheet opened back to the sheet, or resumes the game from the sheet.
func (p *pauseSheet) Back() {
	switch {
	case p.over != nil:
		p.over, p.closed, p.focus = nil, false, -1
	case p.Paused:
		p.Paused = false
	default:
		p.open()
	}
}

// update handles the sheet's input: a tap on a button, the arrows and Enter, Esc resumes. The
// rules, the settings and leave first save the game with save. It reports whether the screen
// changed.
func (p *pauseSheet) update(in *ui.Input, save func()) (changed bool, err error) {
	if p.over != nil {
		return p.updateOver(in)
	}
	_, _, rs := p.rects()
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
		return false, nil
	}
	g := p.g
	g.Cue(sounds.Click)
	switch id := pauseIDs[pick]; id {
	case "pause-resume":
		p.Paused = false
	case "pause-rules", "pause-settings":
		save()
		p.openOver(id)
	case "pause-leave":
		p.Paused = false
		save()
		g.Menu()
	}
	return true, nil
}

// draw draws the sheet over the dimmed table while it is up, or what it opened.
func (p *pauseSheet) draw(dst *ebiten.Image) {
	if !p.Paused {
		return
	}
	if p.over != nil {
		p.over.Draw(dst)
		return
	}
	g := p.g
	g.FillRect(dst, layout.Rect{W: g.W, H: g.H}, ui.Overlay)
	card, title, rs := p.rects()
	g.RoundRect(dst, card, 12, sheetBG)
	g.StrokeRect(dst, card, 12, 2, sheetEdge)
	cx, cy := title.Center()
	g.Label(dst, msg.PauseTitle.Text(), cx, cy, ui.ClampF(title.H*0.5, 16, 32), sprites.Gold, text.Center, true)
	for i, r := range rs {
		w := ui.Widget{ID: pauseIDs[i], Label: pauseLabels[i].Text(), R: r, Enabled: true}
		g.DrawWidget(dst, &w, i == p.focus)
	}
}

// name is the scene's name while the sheet is up: pause, or the name of what it opened.
func (p *pauseSheet) name() string {
	if p.over != nil {
		return p.over.Name()
	}
	return "pause"
}

// animating reports whether what the sheet opened animates.
func (p *pauseSheet) animating() bool { return p.over != nil && p.over.Animating() }

// still reports whether the screen is still under the sheet (what it opened is, when it says).
func (p *pauseSheet) still() bool {
	s, ok := p.over.(interface{ Still() bool })
	return !ok || s.Still()
}

// resize lays what the sheet opened out again.
func (p *pauseSheet) resize() {
	if p.over != nil {
		p.over.Resize()
	}
}

// overState is the test state of what the sheet opened; it reports false when nothing is.
func (p *pauseSheet) overState(ts *ui.TestState) bool {
	t, ok := p.over.(ui.Tested)
	if ok {
		t.TestState(ts)
	}
	return ok
}

// state is the test state while the sheet is up: the sheet's buttons and nothing of the
// table's controls.
func (p *pauseSheet) state(ts *ui.TestState) {
	_, _, rs := p.rects()
	for i, r := range rs {
		ts.Buttons = append(ts.Buttons, ui.Button{ID: pauseIDs[i], Rect: r, Enabled: true})
	}
}
