package scenes

import (
	"nimmt/layout"
)

// TextField is a platform's own text input shown over the canvas while a name is typed: in the
// browser a real <input>, so that a phone's keyboard appears. Options.TextField sets it. Without
// one, letters come from the keyboard's key events and, on a touch screen (the ebitenmobile
// app), from the game's on-screen keyboard.
type TextField interface {
	// Open shows the field over r (logical pixels) holding value, at most max letters, and
	// gives it the focus. It is called again with the same value when the screen changes size.
	Open(r layout.Rect, value string, max int)
	// Poll returns the field's text now, and done once the person finished (Enter, or the
	// field lost the focus).
	Poll() (value string, done bool)
	// Close hides the field.
	Close()
}

// TextFieldTargets is a TextField that also learns where the screen's text fields are, so that
// it can take the focus inside the tap's own event handler: iOS Safari shows its keyboard only
// for a focus given there, and the game sees a tap only at its next tick. The game calls
// Targets at every tick.
type TextFieldTargets interface {
	// Targets gives the rectangles (logical pixels) of the text fields a tap would start
	// typing into on the screen now; the caller reuses rs after the call.
	Targets(rs []layout.Rect)
}

// tellTargets gives the platform's text field, where it asks for them, the rectangles of the
// current scene's text fields.
func (g *Game) tellTargets() {
	tt, ok := g.opts.TextField.(TextFieldTargets)
	if !ok {
		return
	}
	g.targets = g.targets[:0]
	if s, ok := g.cur.(interface {
		fieldTargets([]layout.Rect) []layout.Rect
	}); ok {
		g.targets = s.fieldTargets(g.targets)
	}
	tt.Targets(g.targets)
}

// fieldTargets appends the rectangles of the page's name fields to rs.
func (f *newGameForm) fieldTargets(rs []layout.Rect) []layout.Rect {
	for _, w := range f.widgets {
		if w.id == "name" || w.id == "seat-name" {
			rs = append(rs, w.r)
		}
	}
	return rs
}

// fieldTargets appends the rectangles of the form's text fields to rs.
func (f *form) fieldTargets(rs []layout.Rect) []layout.Rect {
	for _, w := range f.widgets {
		if w.kind == kindField {
			rs = append(rs, w.r)
		}
	}
	return rs
}

// fieldTargets appends the new-game form's name fields while it shows.
func (m *menu) fieldTargets(rs []layout.Rect) []layout.Rect {
	if m.page == "newgame" && m.form != nil {
		return m.form.fieldTargets(rs)
	}
	return rs
}

// fieldTargets appends the lobby's text fields, or the room form's on the create page.
func (l *lobby) fieldTargets(rs []layout.Rect) []layout.Rect {
	if l.page == "create" && l.create != nil {
		return l.create.fieldTargets(rs)
	}
	return l.form.fieldTargets(rs)
}

// fieldRect returns the rectangle of the name field being typed into.
func (f *newGameForm) fieldRect() (layout.Rect, bool) {
	for _, w := range f.widgets {
		if w.id == "name" && f.editing == 0 || w.id == "seat-name" && f.editing == f.seat && f.page == pageSeat {
			return w.r, true
		}
	}
	return layout.Rect{}, false
}
