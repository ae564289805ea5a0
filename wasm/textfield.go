//go:build js && wasm

//lint:file-ignore SA1019 ebiten.ScheduleFrame, deprecated, is still the only way to draw a frame while FPSModeVsyncOffMinimum stops them (scenes' idle mode: 0 % CPU)

package main

import (
	"strconv"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
)

// htmlField is the page's own <input> over the canvas while a name is typed, so that a phone's
// keyboard appears (a canvas cannot call it up) and the browser's editing — autocorrect, paste,
// accents — works. It implements scenes.TextField and scenes.TextFieldTargets; the game
// positions it over its field.
//
// iOS Safari shows the keyboard only for a focus given inside the user's gesture, and the game
// sees a tap only at its next tick: so a touchend or pointerup on one of the screen's text
// fields (the rectangles of the last tick, from Targets) shows the input over that field and
// focuses it there and then. The game's Open follows at its next tick; if none follows within
// armTicks ticks (the tap did not start typing), the input hides again.
type htmlField struct {
	el   js.Value
	done bool
	// open is set between Open and Close; armed counts the ticks left for the game to open the
	// field a gesture focused.
	open  bool
	armed int
	// targets are the screen's text fields, from the last tick.
	targets []layout.Rect
	// funcs are the event listeners, kept so they are not collected.
	funcs []js.Func
}

// armTicks is how many ticks a gesture's focus waits for the game to open the field.
const armTicks = 3

// newHTMLField adds the hidden input to the page.
func newHTMLField() *htmlField {
	win := js.Global()
	doc := win.Get("document")
	f := &htmlField{el: doc.Call("createElement", "input")}
	el := f.el
	el.Set("id", "nimmt-text")
	el.Set("type", "text")
	el.Set("autocomplete", "off")
	el.Call("setAttribute", "enterkeyhint", "done")
	el.Call("setAttribute", "autocapitalize", "words")
	el.Call("setAttribute", "spellcheck", "false")
	// One declaration list, not a property per entry: a Go map literal here cost 1.7 KB of the
	// gzipped wasm.
	el.Get("style").Set("cssText", "position:fixed;display:none;z-index:5;box-sizing:border-box;margin:0;"+
		"padding:0 12px;border:3px solid #f4c430;border-radius:10px;outline:none;"+
		"background:#fbf7ee;color:#221e1c;font:bold 18px sans-serif")
	// The input's events reach the page, not the canvas: each asks the game for a frame, which
	// it would not draw by itself while its frames are stopped (scenes' idle mode).
	end := js.FuncOf(func(this js.Value, args []js.Value) any {
		f.done = true
		ebiten.ScheduleFrame()
		return nil
	})
	key := js.FuncOf(func(this js.Value, args []js.Value) any {
		if k := args[0].Get("key").String(); k == "Enter" || k == "Escape" {
			args[0].Call("preventDefault")
			f.done = true
			f.el.Call("blur")
		}
		ebiten.ScheduleFrame()
		return nil
	})
	typed := js.FuncOf(func(this js.Value, args []js.Value) any {
		ebiten.ScheduleFrame()
		return nil
	})
	tap := js.FuncOf(func(this js.Value, args []js.Value) any {
		f.gesture(args[0])
		return nil
	})
	f.funcs = append(f.funcs, end, key, typed, tap)
	el.Call("addEventListener", "blur", end)
	el.Call("addEventListener", "keydown", key)
	el.Call("addEventListener", "input", typed)
	capture := map[string]any{"capture": true}
	win.Call("addEventListener", "touchend", tap, capture)
	win.Call("addEventListener", "pointerup", tap, capture)
	doc.Get("body").Call("appendChild", el)
	return f
}

// gesture handles a touchend or pointerup: on one of the screen's text fields (and not on the
// input itself), the input shows over it and takes the focus inside the gesture.
func (f *htmlField) gesture(ev js.Value) {
	if ev.Get("target").Equal(f.el) {
		return
	}
	p := ev
	if ts := ev.Get("changedTouches"); !ts.IsUndefined() && !ts.IsNull() {
		if ts.Length() == 0 {
			return
		}
		p = ts.Index(0)
	}
	x, y := p.Get("clientX").Float(), p.Get("clientY").Float()
	for _, r := range f.targets {
		if r.Contains(x, y) {
			f.place(r)
			f.el.Call("focus")
			f.armed = armTicks
			return
		}
	}
}

// place shows the input over r (logical pixels are CSS pixels here: the canvas fills the page).
func (f *htmlField) place(r layout.Rect) {
	st := f.el.Get("style")
	px := func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) + "px" }
	st.Set("left", px(r.X))
	st.Set("top", px(r.Y))
	st.Set("width", px(r.W))
	st.Set("height", px(r.H))
	st.Set("display", "block")
}

// Open implements scenes.TextField: the input shows over r holding value, and takes the focus.
func (f *htmlField) Open(r layout.Rect, value string, max int) {
	f.place(r)
	f.el.Set("maxLength", max)
	if f.el.Get("value").String() != value {
		f.el.Set("value", value)
	}
	f.done, f.open, f.armed = false, true, 0
	f.el.Call("focus")
}

// Poll implements scenes.TextField.
func (f *htmlField) Poll() (string, bool) { return f.el.Get("value").String(), f.done }

// Close implements scenes.TextField: the input hides and the canvas has the keys again — unless
// a gesture has just focused it for another field, which the game opens next.
func (f *htmlField) Close() {
	f.open, f.done = false, false
	if f.armed > 0 {
		return
	}
	f.hide()
}

func (f *htmlField) hide() {
	f.el.Get("style").Set("display", "none")
	f.el.Call("blur")
	f.done = false
	if f.el.Get("type").String() == "password" {
		f.el.Set("value", "") // a password is not kept in the page
	}
}

// Mask implements ui.TextFieldMask: a password's input shows dots.
func (f *htmlField) Mask(on bool) {
	t := "text"
	if on {
		t = "password"
	}
	if f.el.Get("type").String() != t {
		f.el.Set("type", t)
	}
}

// Targets implements scenes.TextFieldTargets: it keeps the rectangles for the next gesture and
// hides the input a gesture focused when the game did not open it in time.
func (f *htmlField) Targets(rs []layout.Rect) {
	f.targets = append(f.targets[:0], rs...)
	if f.armed > 0 {
		if f.armed--; f.armed == 0 && !f.open {
			f.hide()
		}
	}
}
