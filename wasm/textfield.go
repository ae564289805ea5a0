//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"

	"nimmt/layout"
)

// htmlField is the page's own <input> over the canvas while a name is typed, so that a phone's
// keyboard appears (a canvas cannot call it up) and the browser's editing — autocorrect, paste,
// accents — works. It implements scenes.TextField; the game positions it over its field.
type htmlField struct {
	el   js.Value
	done bool
	// funcs are the event listeners, kept so they are not collected.
	funcs []js.Func
}

// newHTMLField adds the hidden input to the page.
func newHTMLField() *htmlField {
	doc := js.Global().Get("document")
	f := &htmlField{el: doc.Call("createElement", "input")}
	el := f.el
	el.Set("id", "nimmt-text")
	el.Set("type", "text")
	el.Set("autocomplete", "off")
	el.Call("setAttribute", "enterkeyhint", "done")
	el.Call("setAttribute", "autocapitalize", "words")
	el.Call("setAttribute", "spellcheck", "false")
	st := el.Get("style")
	for k, v := range map[string]string{
		"position": "fixed", "display": "none", "zIndex": "5", "boxSizing": "border-box", "margin": "0",
		"padding": "0 12px", "border": "3px solid #f4c430", "borderRadius": "10px", "outline": "none",
		"background": "#fbf7ee", "color": "#221e1c", "font": "bold 18px sans-serif",
	} {
		st.Set(k, v)
	}
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
	f.funcs = append(f.funcs, end, key, typed)
	el.Call("addEventListener", "blur", end)
	el.Call("addEventListener", "keydown", key)
	el.Call("addEventListener", "input", typed)
	doc.Get("body").Call("appendChild", el)
	return f
}

// Open implements scenes.TextField: the input shows over r (logical pixels are CSS pixels
// here: the canvas fills the page), holding value, and takes the focus.
func (f *htmlField) Open(r layout.Rect, value string, max int) {
	st := f.el.Get("style")
	px := func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) + "px" }
	st.Set("left", px(r.X))
	st.Set("top", px(r.Y))
	st.Set("width", px(r.W))
	st.Set("height", px(r.H))
	st.Set("display", "block")
	f.el.Set("maxLength", max)
	if f.el.Get("value").String() != value {
		f.el.Set("value", value)
	}
	f.done = false
	f.el.Call("focus")
}

// Poll implements scenes.TextField.
func (f *htmlField) Poll() (string, bool) { return f.el.Get("value").String(), f.done }

// Close implements scenes.TextField: the input hides and the canvas has the keys again.
func (f *htmlField) Close() {
	f.el.Get("style").Set("display", "none")
	f.el.Call("blur")
	f.done = false
}
