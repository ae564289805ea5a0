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

// keyboard is the game's own on-screen keyboard, for a text field being typed into on a touch
// screen of a platform without a text field of its own (the ebitenmobile app; keyboardWanted):
// the new-game form's names and every field of the online screens (server, name, room code,
// chat). It lies across the bottom of the screen: the language's letter rows (keyRows) or, after
// its "?123" key, digits and signs, then Shift, "?123", backspace, space and Done, every key at
// least layout.MinTap high (and wide on phones). A field it would cover is drawn again just
// above it, so the text being typed stays in sight.
type keyboard struct {
	keys []widget
	// shift flips the case of the next letter; symbols shows digits and signs for letters.
	shift, symbols bool
	kcase          keyCase
	// field is the field being typed into and lifted where the keyboard shows it: the field
	// itself, or a copy moved above the keyboard when the keyboard covers the field.
	field, lifted layout.Rect
}

// keyCase says which letters the keyboard offers unless Shift flips them.
type keyCase uint8

const (
	// caseWords: a capital at the start of each word (names, chat).
	caseWords keyCase = iota
	// caseLower: small letters (a server's address).
	caseLower
	// caseUpper: capitals (a room code).
	caseUpper
)

// keyboardBG is the on-screen keyboard's backdrop: opaque, so no button shows through.
var keyboardBG color.Color = color.RGBA{0x0c, 0x2a, 0x1b, 0xff}

// symbolRows are the keyboard's digits and signs (an address, a room code, a chat line's
// slash commands and punctuation).
var symbolRows = []string{"1234567890", "-/:.,@?!'", "()&_#+=%*\""}

// keyboardWanted reports whether g types with its own keyboard: on a touch screen, when the
// platform has no text field of its own.
func keyboardWanted(g *Host) bool { return g.opts.TextField == nil && g.device == deviceTouch }

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
	return flowRows(strings.Fields(msg.KeyboardLetters.Text()), w, h, true)
}

// flowRows returns rows as they are when each key can be a tap target wide on a w×h screen,
// else their keys in as few even rows as keep every key layout.MinTap wide: with sorted, a to
// z first, then the other keys in their order.
func flowRows(rows []string, w, h float64, sorted bool) []string {
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
		if sorted && r >= 'a' && r <= 'z' {
			ascii = append(ascii, r)
		} else {
			own = append(own, r)
		}
	}
	slices.Sort(ascii)
	keys := append(ascii, own...)
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
func (k *keyboard) rows(g *Host) []string {
	if k.symbols {
		return flowRows(symbolRows, g.w, g.h, false)
	}
	return keyRows(g.w, g.h)
}

// build lays the keyboard out on g's screen for typing buf into the field at field with the
// letters of kc, or takes it away when on is false.
func (k *keyboard) build(g *Host, on bool, buf []rune, field layout.Rect, kc keyCase) {
	k.keys = k.keys[:0]
	k.field, k.lifted, k.kcase = field, field, kc
	if !on {
		k.shift, k.symbols = false, false
		return
	}
	rows := k.rows(g)
	panel, keyH, gap := keyboardPanel(g.w, g.h, len(rows)+1)
	most := 0
	for _, r := range rows {
		most = max(most, utf8.RuneCountInString(r))
	}
	kw := math.Min((panel.W-gap)/float64(most)-gap, keyH*1.4)
	upper := k.shift
	switch kc {
	case caseWords:
		upper = (len(buf) == 0 || buf[len(buf)-1] == ' ') != k.shift
	case caseUpper:
		upper = !k.shift
	}
	y := panel.Y + gap
	for _, row := range rows {
		rs := []rune(row)
		x := (panel.W - float64(len(rs))*(kw+gap) + gap) / 2
		for _, r := range rs {
			if upper {
				r = unicode.ToUpper(r)
			}
			k.keys = append(k.keys, widget{id: "key-" + string(r), label: string(r), r: layout.Rect{X: x, Y: y, W: kw, H: keyH}, enabled: true})
			x += kw + gap
		}
		y += keyH + gap
	}
	// The last row: Shift, ?123 (or ABC), backspace, space, Done.
	avail := panel.W - 6*gap
	side := math.Max(layout.MinTap, math.Min(kw*1.3, avail*0.16))
	done := math.Max(layout.MinTap*1.4, math.Min(kw*1.6, avail*0.2))
	sym := msg.KeyboardSymbols.Text()
	if k.symbols {
		sym = msg.KeyboardABC.Text()
	}
	k.keys = append(k.keys,
		widget{id: "key-shift", label: shiftLabel, r: layout.Rect{X: gap, Y: y, W: side, H: keyH}, enabled: !k.symbols, kind: 3, on: k.shift},
		widget{id: "key-symbols", label: sym, r: layout.Rect{X: 2*gap + side, Y: y, W: side, H: keyH}, enabled: true, kind: 3, on: k.symbols},
		widget{id: "key-back", label: "←", r: layout.Rect{X: 3*gap + 2*side, Y: y, W: side, H: keyH}, enabled: true},
		widget{id: "key-space", label: msg.KeyboardSpace.Text(), r: layout.Rect{X: 4*gap + 3*side, Y: y, W: panel.W - 3*side - done - 6*gap, H: keyH}, enabled: true},
		widget{id: "key-done", label: msg.Done.Text(), r: layout.Rect{X: panel.W - done - gap, Y: y, W: done, H: keyH}, enabled: true, kind: kindPrimary})
	// A field the keyboard would cover shows just above it.
	if field.Y+field.H > panel.Y-gap {
		k.lifted.Y = panel.Y - gap - field.H
	}
}

// shiftLabel is the Shift key's label: an upward arrow.
const shiftLabel = "↑"

// shown reports whether the keyboard is up.
func (k *keyboard) shown() bool { return len(k.keys) > 0 }

// panel is the keyboard's area on g's screen.
func (k *keyboard) panel(g *Host) layout.Rect {
	p, _, _ := keyboardPanel(g.w, g.h, len(k.rows(g))+1)
	return p
}

// area is what the keyboard takes of the screen: its panel and the strip of the field lifted
// above it.
func (k *keyboard) area(g *Host) layout.Rect {
	p := k.panel(g)
	if k.lifted != k.field {
		_, _, gap := keyboardPanel(g.w, g.h, 1)
		top := k.lifted.Y - gap
		p.H += p.Y - top
		p.Y = top
	}
	return p
}

// tap takes this tick's tap when it is on the keyboard (or the field lifted above it): it
// returns the key tapped ("" between the keys) and true; false for a tap elsewhere or none.
func (k *keyboard) tap(g *Host, in *Input) (id string, on bool) {
	if !k.shown() || !in.Tap {
		return "", false
	}
	for i := range k.keys {
		if k.keys[i].enabled && in.TapIn(k.keys[i].r) {
			return k.keys[i].id, true
		}
	}
	if a := k.area(g); a.Contains(in.TapX, in.TapY) {
		in.TakeTap()
		return "", true
	}
	return "", false
}

// press types key id into buf, at most max letters, and returns the text; done reports the
// Done key; ok is false when id is no key of the keyboard. The caller builds it again after.
func (k *keyboard) press(id string, buf []rune, max int) (out []rune, done, ok bool) {
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
		k.shift = !k.shift
	case id == "key-symbols":
		k.symbols, k.shift = !k.symbols, false
	case strings.HasPrefix(id, "key-"):
		if len(buf) < max {
			buf = append(buf, []rune(id[4:])...)
		}
		k.shift = false
	default:
		return buf, false, false
	}
	return buf, false, true
}

// draw draws the keyboard over the screen and, where it would cover the field being typed
// into, the field w again above it.
func (k *keyboard) draw(g *Host, dst *ebiten.Image, w *widget) {
	if !k.shown() {
		return
	}
	g.fillRect(dst, k.area(g), keyboardBG)
	if w != nil && k.lifted != k.field {
		lifted := *w
		lifted.r = k.lifted
		g.drawWidget(dst, &lifted, false)
	}
	for i := range k.keys {
		g.drawWidget(dst, &k.keys[i], false)
	}
}

// buttons reports the keys to the test hook.
func (k *keyboard) buttons(ts *TestState) {
	for _, w := range k.keys {
		ts.Buttons = append(ts.Buttons, Button{ID: w.id, Rect: w.r, Enabled: w.enabled, Label: w.label})
	}
}
