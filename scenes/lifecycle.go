package scenes

import (
	"nimmt/scenes/menu"
	"nimmt/scenes/online"
	"nimmt/scenes/session"
	"nimmt/scenes/table"
)

// Lifecycle hooks for the mobile apps and the browser (called by nimmt/mobile and the web build,
// never while Update or Draw runs).

// Suspend is called when the app goes to the background or the page is hidden or left (it may
// then be killed): the sound pauses, a game in progress is autosaved, and Suspend returns once
// every queued file is written, so Continue resumes it exactly.
func (g *Game) Suspend() {
	g.Snd.SetPaused(true)
	if t, ok := g.cur.(*table.Table); ok && t.Tutorial == nil {
		t.Save()
	}
	if g.Saver != nil {
		g.Saver.Flush()
	}
}

// Resume is called when the app comes back to the foreground (the page is shown again): the
// sound plays again, the screen is redrawn, and an online table or room connects again at once (its
// connection may have died in the background without a word; the link resumes where it was).
func (g *Game) Resume() {
	g.Snd.SetPaused(false)
	g.Dirty = true
	switch s := g.cur.(type) {
	case *table.Table:
		if r, ok := s.Sess.(*session.RemoteSession); ok {
			r.Reconnect()
		}
	case *online.Room:
		s.Link.Reconnect()
	}
	g.Wake() // the frames may be stopped (pace.go)
}

// Back handles the platform's back action (the Android back button). During a game it autosaves
// and does what the table's menu button and Esc do: a local game's pause sheet goes up (or a
// page it opened goes back to it, or the sheet down), an online table goes to its room, the
// walkthrough to the menu. On a menu page other than the main one it goes back to the main
// menu. It returns false on the main menu, where the app should do its default (leave).
func (g *Game) Back() bool {
	defer g.Wake() // not an input Ebitengine sees: the frames may be stopped (pace.go)
	s := g.cur
	if g.next != nil {
		s = g.next
	}
	switch s := s.(type) {
	case *table.Table:
		if s.Tutorial == nil {
			s.Save()
		}
		if s.Online == nil && s.Tutorial == nil { // a local game: its pause sheet, as Esc
			s.Pause.Back()
			g.Dirty = true
			return true
		}
		router{g}.Back() // as the table's menu button: an online table to its room, else the menu
		return true
	case *menu.Menu:
		if s.Page != "menu" {
			s.Activate("back")
			g.Dirty = true
			return true
		}
	}
	return false
}
