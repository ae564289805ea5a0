//go:build js

package sound

import (
	"syscall/js"

	"nimmt/assets/sounds"
)

// Device is the real Sink in the browser: the page's Web Audio, driven through the object
// window.nimmtAudio that the page's sound.js makes (wasm/sound.js; it is in the page, not in the
// wasm, and so are the sounds: it fetches the effects' and themes' files from the site, URL
// beside the page, and decodes them itself). Browsers let a page start sound only after a tap,
// click or key: sound.js makes the AudioContext on the first of those, drops the effects asked
// for before, and suspends the context while the tab is hidden, while paused and while quiet.
type Device struct {
	a   js.Value // window.nimmtAudio
	err error    // no sound.js in the page: silent for good
}

// Open prepares the Device: sound.js starts fetching the effects' files and waits for the first
// user gesture to start Web Audio.
func Open() *Device {
	a := js.Global().Get("nimmtAudio")
	if a.IsUndefined() {
		return &Device{err: errNoScript}
	}
	effects := make([]any, sounds.NumEffects)
	for e := range sounds.NumEffects {
		effects[e] = e.URL()
	}
	themes := make([]any, sounds.NumThemes)
	for t := range sounds.NumThemes {
		themes[t] = t.URL()
	}
	a.Call("open", effects, themes)
	return &Device{a: a}
}

// Status says whether the device plays: ready once a gesture started Web Audio; err when the
// page or the browser has no Web Audio, or else the first file that could not be fetched or
// decoded.
func (d *Device) Status() (ready bool, err error) {
	if d.err != nil {
		return false, d.err
	}
	if e := d.a.Get("error").String(); e != "" {
		return false, jsError(e)
	}
	ready = d.a.Get("ready").Bool()
	if e := d.a.Get("loadError").String(); e != "" {
		return ready, jsError(e)
	}
	return ready, nil
}

// Update does nothing in the browser (the context starts on a gesture); it is here for the
// same API as on desktop.
func (d *Device) Update() {}

// Play implements Sink.
func (d *Device) Play(e sounds.Effect, volume float64) {
	if d.err == nil && e >= 0 && e < sounds.NumEffects {
		d.a.Call("play", int(e), volume)
	}
}

// SetPaused implements Sink: the AudioContext is suspended while paused or while the tab is hidden.
func (d *Device) SetPaused(paused bool) {
	if d.err == nil {
		d.a.Call("pause", paused)
	}
}

// Music implements MusicSink: sound.js fetches a theme's file when it is first asked for after
// the first gesture, and plays it once decoded if it is still the one asked for.
func (d *Device) Music(t sounds.Theme, volume float64) {
	if d.err == nil {
		t, volume = wanted(t, volume)
		d.a.Call("music", int(t), volume)
	}
}

// Active implements MusicSink.
func (d *Device) Active() {
	if d.err == nil {
		d.a.Call("active")
	}
}

// Duck implements MusicSink.
func (d *Device) Duck() {
	if d.err == nil {
		d.a.Call("duck")
	}
}

type jsError string

func (e jsError) Error() string { return string(e) }

const errNoScript = jsError("sound: the page has no sound.js (window.nimmtAudio): the game is silent")
