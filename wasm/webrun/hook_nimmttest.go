//go:build js && wasm && nimmttest

package webrun

import (
	"encoding/json"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"
)

// The test hook, in builds with the nimmttest tag only:
//
//	window.nimmtFrames        frames drawn so far
//	window.nimmtFirstFrame    true once the first frames are drawn (the second Draw has run, so the
//	                          first frame is on the page)
//	window.nimmtFirstFrameMs  performance.now() at that moment: milliseconds since navigation began
//	window.nimmtTestState()   the game's TestState as JSON, as of the last drawn frame
//	window.nimmtUpdates       calls of the game's Update so far (it is not called while paused)
//	window.nimmtUpdateMs      milliseconds spent in the game's Update so far (nimmtDrawMs: in Draw)
//	window.nimmtLayout()      outside (CSS) size, logical screen size and device scale, as JSON
//	window.nimmtIdle          whether the game stopped its frames after the last one (Options.Idle)
//	window.nimmtHeld          whether the game's last Update saw the left mouse button or a finger
//	                          down: a test holds a press until the game has seen it, then waits
//	                          for the release to be seen, instead of holding for a time
//
// Every value is set after a Draw, together with the state it drew, so a test that sees a value
// change reads the state of that frame or a later one.
var (
	lastState  = "null"
	lastLayout = "null"
)

func init() {
	js.Global().Set("nimmtTestState", js.FuncOf(func(js.Value, []js.Value) any { return lastState }))
	js.Global().Set("nimmtLayout", js.FuncOf(func(js.Value, []js.Value) any { return lastLayout }))
}

func afterDraw(w *wrapper) {
	if w.opts.TestState != nil {
		if b, err := json.Marshal(w.opts.TestState()); err == nil {
			lastState = string(b)
		} else {
			lastState = `{"error":` + jsonString(err.Error()) + `}`
		}
	}
	if b, err := json.Marshal(w.layout); err == nil {
		lastLayout = string(b)
	}
	js.Global().Set("nimmtFrames", w.frames)
	js.Global().Set("nimmtUpdates", w.updates)
	js.Global().Set("nimmtHeld", w.held)
	if w.opts.Idle != nil {
		js.Global().Set("nimmtIdle", w.opts.Idle())
	}
	js.Global().Set("nimmtUpdateMs", float64(w.updateTime.Microseconds())/1000)
	js.Global().Set("nimmtDrawMs", float64(w.drawTime.Microseconds())/1000)
	if w.frames == 2 {
		js.Global().Set("nimmtFirstFrameMs", js.Global().Get("performance").Call("now"))
		js.Global().Set("nimmtFirstFrame", true)
	}
}

func afterUpdate(w *wrapper) {
	w.held = ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) || len(ebiten.AppendTouchIDs(nil)) > 0
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
