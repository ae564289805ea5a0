package ui

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

// TextFieldMask is a TextField that can hide what is typed (a password): Mask is called before
// each Open, true for a password, false for any other field.
type TextFieldMask interface {
	Mask(on bool)
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
