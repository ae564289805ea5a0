//go:build js

package sound

import (
	"syscall/js"

	"nimmt/assets/sounds"
)

// Device is the real Sink in the browser: the page's Web Audio, which decodes the WAV files
// itself, so the wasm carries no decoder. Browsers let a page start sound only after a tap, click
// or key, so the AudioContext is made by the first of those (no warning, no error before);
// effects asked for before that are dropped. The context is suspended while the tab is hidden.
type Device struct {
	ctx     js.Value
	buffers [sounds.NumEffects]js.Value // decoded once, when the context starts
	paused  bool
	err     error
	funcs   []js.Func
}

// Open prepares the Device: it waits for the first user gesture to start Web Audio.
func Open() *Device {
	d := &Device{}
	win := js.Global()
	ctor := win.Get("AudioContext")
	if ctor.IsUndefined() {
		ctor = win.Get("webkitAudioContext")
	}
	if ctor.IsUndefined() {
		d.err = errNoWebAudio
		return d
	}
	var start js.Func
	start = js.FuncOf(func(js.Value, []js.Value) any {
		if d.ctx.Truthy() {
			return nil
		}
		for _, ev := range gestures {
			win.Call("removeEventListener", ev, start, true)
		}
		d.ctx = ctor.New()
		d.decodeAll()
		return nil
	})
	for _, ev := range gestures {
		win.Call("addEventListener", ev, start, true)
	}
	visible := js.FuncOf(func(js.Value, []js.Value) any {
		d.apply()
		return nil
	})
	js.Global().Get("document").Call("addEventListener", "visibilitychange", visible)
	d.funcs = append(d.funcs, start, visible)
	return d
}

// gestures are the events browsers accept as a user's activation for sound.
var gestures = []string{"pointerdown", "keydown", "touchend"}

// decodeAll starts decoding every effect with decodeAudioData; each buffer is kept when ready.
func (d *Device) decodeAll() {
	for e := range sounds.NumEffects {
		wav := sounds.WAV(e)
		arr := js.Global().Get("Uint8Array").New(len(wav))
		js.CopyBytesToJS(arr, wav)
		var ok, fail js.Func
		ok = js.FuncOf(func(_ js.Value, args []js.Value) any {
			d.buffers[e] = args[0]
			ok.Release()
			fail.Release()
			return nil
		})
		fail = js.FuncOf(func(js.Value, []js.Value) any {
			ok.Release()
			fail.Release()
			return nil
		})
		d.ctx.Call("decodeAudioData", arr.Get("buffer"), ok, fail)
	}
}

// Status says whether the device plays: ready once a gesture started Web Audio; err when the
// browser has no Web Audio.
func (d *Device) Status() (ready bool, err error) { return d.ctx.Truthy(), d.err }

// Update does nothing in the browser (the context starts on a gesture); it is here for the
// same API as on desktop.
func (d *Device) Update() {}

// Play implements Sink.
func (d *Device) Play(e sounds.Effect, volume float64) {
	if !d.ctx.Truthy() || d.paused || e < 0 || e >= sounds.NumEffects || !d.buffers[e].Truthy() {
		return
	}
	src := d.ctx.Call("createBufferSource")
	src.Set("buffer", d.buffers[e])
	g := d.ctx.Call("createGain")
	g.Get("gain").Set("value", volume)
	src.Call("connect", g)
	g.Call("connect", d.ctx.Get("destination"))
	src.Call("start")
}

// SetPaused implements Sink: the AudioContext is suspended while paused or while the tab is hidden.
func (d *Device) SetPaused(paused bool) {
	d.paused = paused
	d.apply()
}

// apply suspends or resumes the context to match the pause and the tab's visibility.
func (d *Device) apply() {
	if !d.ctx.Truthy() {
		return
	}
	if d.paused || js.Global().Get("document").Get("hidden").Truthy() {
		d.ctx.Call("suspend")
	} else {
		d.ctx.Call("resume")
	}
}

type jsError string

func (e jsError) Error() string { return string(e) }

const errNoWebAudio = jsError("sound: this browser has no Web Audio: the game is silent")
