package scenes

import (
	"image/color"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
	"nimmt/msg"
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

// keyboardBG is the on-screen keyboard's backdrop: opaque, so no button shows through.
var keyboardBG color.Color = color.RGBA{0x0c, 0x2a, 0x1b, 0xff}

// onScreenKeys reports whether the form shows its own keyboard: a name is being typed on a
// touch screen and the platform has no text field of its own.
func (f *newGameForm) onScreenKeys() bool {
	return f.editing >= 0 && f.g.opts.TextField == nil && f.g.device == deviceTouch
}

// keyboardPanel is the on-screen keyboard's area at the bottom of the screen for rows of keys.
func keyboardPanel(w, h float64, rows int) (panel layout.Rect, keyH, gap float64) {
	keyH = clampF(h*0.065, layout.MinTap, 58)
	gap = clampF(keyH*0.12, 3, 6)
	ph := float64(rows)*(keyH+gap) + gap
	return layout.Rect{X: 0, Y: h - ph, W: w, H: ph}, keyH, gap
}

// keyRows returns the letter rows of the on-screen keyboard for a w×h screen: the
// language's own rows (msg.KeyboardLetters, QWERTY and its kin) where each key can be a tap
// target wide, else the same letters in alphabetical order (a to z, then the language's own
// letters as it lists them) in as few even rows as keep every key layout.MinTap wide.
func keyRows(w, h float64) []string {
	rows := strings.Fields(msg.KeyboardLetters.Text())
	_, _, gap := keyboardPanel(w, h, 1)
	fit := int((w - gap) / (layout.MinTap + gap)) // keys a row holds
	most := 0
	for _, r := range rows {
		most = max(most, utf8.RuneCountInString(r))
	}
	if most <= fit || fit < 1 {
		return rows
	}
	var ascii, own []rune
	for _, r := range strings.Join(rows, "") {
		if r >= 'a' && r <= 'z' {
			ascii = append(ascii, r)
		} else {
			own = append(own, r)
		}
	}
	slices.Sort(ascii)
	letters := append(ascii, own...)
	n := (len(letters) + fit - 1) / fit
	per := (len(letters) + n - 1) / n
	var out []string
	for len(letters) > 0 {
		k := min(per, len(letters))
		out = append(out, string(letters[:k]))
		letters = letters[k:]
	}
	return out
}

// buildKeys lays the on-screen keyboard out: the letter rows (keyRows), capitals at the start
// of a word or after Shift, then Shift, backspace, space and Done.
func (f *newGameForm) buildKeys() {
	f.keys = f.keys[:0]
	if !f.onScreenKeys() {
		return
	}
	g := f.g
	rows := keyRows(g.w, g.h)
	panel, keyH, gap := keyboardPanel(g.w, g.h, len(rows)+1)
	most := 0
	for _, r := range rows {
		most = max(most, utf8.RuneCountInString(r))
	}
	kw := math.Min((panel.W-gap)/float64(most)-gap, keyH*1.4)
	upper := (len(f.nameBuf) == 0 || f.nameBuf[len(f.nameBuf)-1] == ' ') != f.shift
	y := panel.Y + gap
	for _, row := range rows {
		rs := []rune(row)
		x := (panel.W - float64(len(rs))*(kw+gap) + gap) / 2
		for _, r := range rs {
			if upper {
				r = unicode.ToUpper(r)
			}
			f.keys = append(f.keys, widget{id: "key-" + string(r), label: string(r), r: layout.Rect{X: x, Y: y, W: kw, H: keyH}, enabled: true})
			x += kw + gap
		}
		y += keyH + gap
	}
	// The last row: Shift, backspace, space, Done.
	side := math.Max(kw*1.3, layout.MinTap*1.3)
	done := math.Max(kw*1.6, layout.MinTap*1.6)
	f.keys = append(f.keys,
		widget{id: "key-shift", label: shiftLabel, r: layout.Rect{X: gap, Y: y, W: side, H: keyH}, enabled: true, kind: 3, on: f.shift},
		widget{id: "key-back", label: "←", r: layout.Rect{X: 2*gap + side, Y: y, W: side, H: keyH}, enabled: true},
		widget{id: "key-space", label: msg.KeyboardSpace.Text(), r: layout.Rect{X: 3*gap + 2*side, Y: y, W: panel.W - 2*side - done - 5*gap, H: keyH}, enabled: true},
		widget{id: "key-done", label: msg.Done.Text(), r: layout.Rect{X: panel.W - done - gap, Y: y, W: done, H: keyH}, enabled: true, kind: kindPrimary})
}

// shiftLabel is the Shift key's label: an upward arrow.
const shiftLabel = "↑"

// keyPanel is the on-screen keyboard's area.
func (f *newGameForm) keyPanel() layout.Rect {
	p, _, _ := keyboardPanel(f.g.w, f.g.h, len(keyRows(f.g.w, f.g.h))+1)
	return p
}

// pressKey types the on-screen key id into the name; it reports whether id was a key.
func (f *newGameForm) pressKey(id string) bool {
	switch {
	case id == "key-back":
		if len(f.nameBuf) > 0 {
			f.nameBuf = f.nameBuf[:len(f.nameBuf)-1]
		}
	case id == "key-space":
		if len(f.nameBuf) > 0 && len(f.nameBuf) < maxName {
			f.nameBuf = append(f.nameBuf, ' ')
		}
	case id == "key-done":
		f.stopTyping()
	case id == "key-shift":
		f.shift = !f.shift
	case strings.HasPrefix(id, "key-"):
		if len(f.nameBuf) < maxName {
			f.nameBuf = append(f.nameBuf, []rune(id[4:])...)
		}
		f.shift = false
	default:
		return false
	}
	f.build()
	return true
}

// drawKeys draws the on-screen keyboard over the form.
func (f *newGameForm) drawKeys(dst *ebiten.Image) {
	if len(f.keys) == 0 {
		return
	}
	g := f.g
	g.fillRect(dst, f.keyPanel(), keyboardBG)
	for i := range f.keys {
		g.drawWidget(dst, &f.keys[i], false)
	}
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
