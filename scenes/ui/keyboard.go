package ui

import (
	"image/color"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
	"nimmt/msg"
)

// Keyboard is the game's own on-screen keyboard, for a text field being typed into on a touch
// screen of a platform without a text field of its own (the ebitenmobile app; keyboardWanted):
// the new-game form's names and every field of the online screens (server, name, room code,
// chat). It lies across the bottom of the screen: the language's letter rows (keyRows) or, after
// its "?123" key, digits and signs, then Shift, "?123", backspace, space and Done, every key at
// least layout.MinTap high (and wide on phones). A field it would cover is drawn again just
// above it, so the text being typed stays in sight.
type Keyboard struct {
	Keys []Widget
	// Shift flips the case of the next letter; symbols shows digits and signs for letters.
	Shift, Symbols bool
	kcase          KeyCase
	// Field is the field being typed into and lifted where the keyboard shows it: the field
	// itself, or a copy moved above the keyboard when the keyboard covers the field.
	Field, Lifted layout.Rect
	// Caption says what the field takes ("Password"): drawn left of it while it is lifted above
	// the keyboard, where the page's own caption or placeholder is covered (CaptionAt).
	Caption msg.ID
}

// KeyCase says which letters the keyboard offers unless Shift flips them.
type KeyCase uint8

const (
	// CaseWords: a capital at the start of each word (names, chat).
	CaseWords KeyCase = iota
	// CaseLower: small letters (a server's address).
	CaseLower
	// CaseUpper: capitals (a room code).
	CaseUpper
)

// keyboardBG is the on-screen keyboard's backdrop: opaque, so no button shows through.
var keyboardBG color.Color = color.RGBA{0x0c, 0x2a, 0x1b, 0xff}

// symbolRows are the keyboard's digits and signs (an address, a room code, a chat line's
// slash commands and punctuation).
var symbolRows = []string{"1234567890", "-/:.,@?!'", "()&_#+=%*\""}

// KeyboardWanted reports whether g types with its own keyboard: on a touch screen, when the
// platform has no text field of its own.
func KeyboardWanted(g *Host) bool { return g.Opts.TextField == nil && g.Device == DeviceTouch }

// keyboardPanel is the on-screen keyboard's area at the bottom of the screen for rows of keys.
func keyboardPanel(w, h float64, rows int) (panel layout.Rect, keyH, gap float64) {
	keyH = ClampF(h*0.065, layout.MinTap, 58)
	gap = ClampF(keyH*0.12, 3, 6)
	ph := float64(rows)*(keyH+gap) + gap
	return layout.Rect{X: 0, Y: h - ph, W: w, H: ph}, keyH, gap
}

// keyRows returns the letter rows of the on-screen keyboard: the language's own
// (msg.KeyboardLetters: QWERTY, QWERTZ, AZERTY and their kin) on every screen. Where a row's
// keys cannot each be layout.MinTap wide (a phone upright), they narrow, as a phone's own
// keyboard's do, and each key's tap target reaches into the gaps to its neighbours (hit).
func keyRows() []string {
	return strings.Fields(msg.KeyboardLetters.Text())
}

// flowRows returns rows as they are when each key can be a tap target wide on a w×h screen,
// else their keys, in order, in as few even rows as keep every key layout.MinTap wide (the
// digits and signs).
func flowRows(rows []string, w, h float64) []string {
	_, _, gap := keyboardPanel(w, h, 1)
	fit := int((w - gap) / (layout.MinTap + gap)) // keys a row holds
	most := 0
	for _, r := range rows {
		most = max(most, utf8.RuneCountInString(r))
	}
	if most <= fit || fit < 1 {
		return rows
	}
	keys := []rune(strings.Join(rows, ""))
	n := (len(keys) + fit - 1) / fit
	per := (len(keys) + n - 1) / n
	var out []string
	for len(keys) > 0 {
		k := min(per, len(keys))
		out = append(out, string(keys[:k]))
		keys = keys[k:]
	}
	return out
}

// rows returns the rows of keys shown now on g's screen: letters or digits and signs.
func (k *Keyboard) rows(g *Host) []string {
	if k.Symbols {
		return flowRows(symbolRows, g.W, g.H)
	}
	return keyRows()
}

// Build lays the keyboard out on g's screen for typing buf into the field at field with the
// letters of kc, or takes it away when on is false.
func (k *Keyboard) Build(g *Host, on bool, buf []rune, field layout.Rect, kc KeyCase) {
	k.Keys = k.Keys[:0]
	k.Field, k.Lifted, k.kcase = field, field, kc
	if !on {
		k.Shift, k.Symbols = false, false
		return
	}
	rows := k.rows(g)
	panel, keyH, gap := keyboardPanel(g.W, g.H, len(rows)+1)
	most := 0
	for _, r := range rows {
		most = max(most, utf8.RuneCountInString(r))
	}
	hgap := gap // between keys in a row: narrower where the keys are narrow
	if (panel.W-gap)/float64(most)-gap < layout.MinTap {
		hgap = 3
	}
	kw := math.Min((panel.W-hgap)/float64(most)-hgap, keyH*1.4)
	upper := k.Shift
	switch kc {
	case CaseWords:
		upper = (len(buf) == 0 || buf[len(buf)-1] == ' ') != k.Shift
	case CaseUpper:
		upper = !k.Shift
	}
	y := panel.Y + gap
	for _, row := range rows {
		rs := []rune(row)
		x := (panel.W - float64(len(rs))*(kw+hgap) + hgap) / 2
		for _, r := range rs {
			if upper {
				r = unicode.ToUpper(r)
			}
			k.Keys = append(k.Keys, Widget{ID: "key-" + string(r), Label: string(r), R: layout.Rect{X: x, Y: y, W: kw, H: keyH}, Enabled: true})
			x += kw + hgap
		}
		y += keyH + gap
	}
	// The last row: Shift, ?123 (or ABC), backspace, space, Done.
	avail := panel.W - 6*gap
	side := math.Max(layout.MinTap, math.Min(kw*1.3, avail*0.16))
	done := math.Max(layout.MinTap*1.4, math.Min(kw*1.6, avail*0.2))
	sym := msg.KeyboardSymbols.Text()
	if k.Symbols {
		sym = msg.KeyboardABC.Text()
	}
	k.Keys = append(k.Keys,
		Widget{ID: "key-shift", Label: shiftLabel, R: layout.Rect{X: gap, Y: y, W: side, H: keyH}, Enabled: !k.Symbols, Kind: 3, On: k.Shift},
		Widget{ID: "key-symbols", Label: sym, R: layout.Rect{X: 2*gap + side, Y: y, W: side, H: keyH}, Enabled: true, Kind: 3, On: k.Symbols},
		Widget{ID: "key-back", Label: "←", R: layout.Rect{X: 3*gap + 2*side, Y: y, W: side, H: keyH}, Enabled: true},
		Widget{ID: "key-space", Label: msg.KeyboardSpace.Text(), R: layout.Rect{X: 4*gap + 3*side, Y: y, W: panel.W - 3*side - done - 6*gap, H: keyH}, Enabled: true},
		Widget{ID: "key-done", Label: msg.Done.Text(), R: layout.Rect{X: panel.W - done - gap, Y: y, W: done, H: keyH}, Enabled: true, Kind: KindPrimary})
	// A field the keyboard would cover shows just above it.
	if field.Y+field.H > panel.Y-gap {
		k.Lifted.Y = panel.Y - gap - field.H
	}
}

// CaptionAt is where the caption is drawn: left of the lifted field, or nowhere (an empty
// rectangle) when there is none, the field is not lifted, or it leaves too little room.
func (k *Keyboard) CaptionAt() layout.Rect {
	if k.Caption == msg.None || k.Lifted == k.Field || k.Lifted.X < 56 {
		return layout.Rect{}
	}
	return layout.Rect{X: 4, Y: k.Lifted.Y, W: k.Lifted.X - 8, H: k.Lifted.H}
}

// shiftLabel is the Shift key's label: an upward arrow.
const shiftLabel = "↑"

// Shown reports whether the keyboard is up.
func (k *Keyboard) Shown() bool { return len(k.Keys) > 0 }

// Panel is the keyboard's area on g's screen.
func (k *Keyboard) Panel(g *Host) layout.Rect {
	p, _, _ := keyboardPanel(g.W, g.H, len(k.rows(g))+1)
	return p
}

// area is what the keyboard takes of the screen: its panel and the strip of the field lifted
// above it.
func (k *Keyboard) area(g *Host) layout.Rect {
	p := k.Panel(g)
	if k.Lifted != k.Field {
		_, _, gap := keyboardPanel(g.W, g.H, 1)
		top := k.Lifted.Y - gap
		p.H += p.Y - top
		p.Y = top
	}
	return p
}

// Tap takes this tick's tap when it is on the keyboard (or the field lifted above it): it
// returns the key tapped ("" between the keys) and true; false for a tap elsewhere or none.
func (k *Keyboard) Tap(g *Host, in *Input) (id string, on bool) {
	if !k.Shown() || !in.Tap {
		return "", false
	}
	_, _, gap := keyboardPanel(g.W, g.H, 1)
	best, far := -1, math.Inf(1)
	for i := range k.Keys {
		r := k.Keys[i].R
		if !k.Keys[i].Enabled || !hit(r, gap).Contains(in.TapX, in.TapY) {
			continue
		}
		if cx, cy := r.Center(); math.Hypot(in.TapX-cx, in.TapY-cy) < far {
			best, far = i, math.Hypot(in.TapX-cx, in.TapY-cy)
		}
	}
	if best >= 0 {
		in.TakeTap()
		return k.Keys[best].ID, true
	}
	if a := k.area(g); a.Contains(in.TapX, in.TapY) {
		in.TakeTap()
		return "", true
	}
	return "", false
}

// hit is the tap target of a key at r on a keyboard whose rows are gap apart: the key and half
// of the gaps around it (Tap gives a tap where two meet to the nearer key), so that a tap
// between two narrow keys is not lost.
func hit(r layout.Rect, gap float64) layout.Rect {
	return layout.Rect{X: r.X - gap/2, Y: r.Y - gap/2, W: r.W + gap, H: r.H + gap}
}

// Press types key id into buf, at most max letters, and returns the text; done reports the
// Done key; ok is false when id is no key of the keyboard. The caller builds it again after.
func (k *Keyboard) Press(id string, buf []rune, max int) (out []rune, done, ok bool) {
	switch {
	case id == "key-back":
		if len(buf) > 0 {
			buf = buf[:len(buf)-1]
		}
	case id == "key-space":
		if len(buf) > 0 && len(buf) < max {
			buf = append(buf, ' ')
		}
	case id == "key-done":
		return buf, true, true
	case id == "key-shift":
		k.Shift = !k.Shift
	case id == "key-symbols":
		k.Symbols, k.Shift = !k.Symbols, false
	case strings.HasPrefix(id, "key-"):
		if len(buf) < max {
			buf = append(buf, []rune(id[4:])...)
		}
		k.Shift = false
	default:
		return buf, false, false
	}
	return buf, false, true
}

// Draw draws the keyboard over the screen and, where it would cover the field being typed
// into, the field w again above it.
func (k *Keyboard) Draw(g *Host, dst *ebiten.Image, w *Widget) {
	if !k.Shown() {
		return
	}
	g.FillRect(dst, k.area(g), keyboardBG)
	if w != nil && k.Lifted != k.Field {
		lifted := *w
		lifted.R = k.Lifted
		g.DrawWidget(dst, &lifted, false)
		if r := k.CaptionAt(); r.W > 0 {
			g.DrawWidget(dst, &Widget{Label: k.Caption.Text(), R: r, Kind: 1, Enabled: true}, false)
		}
	}
	for i := range k.Keys {
		g.DrawWidget(dst, &k.Keys[i], false)
	}
}

// Buttons reports the keys to the test hook.
func (k *Keyboard) Buttons(ts *TestState) {
	for _, w := range k.Keys {
		ts.Buttons = append(ts.Buttons, Button{ID: w.ID, Rect: w.R, Enabled: w.Enabled, Label: w.Label})
	}
}
