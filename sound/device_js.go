//go:build js

package sound

import (
	"fmt"
	"syscall/js"

	"nimmt/assets/sounds"
)

// Device is the real Sink in the browser: the page's Web Audio, which decodes the WAV files
// itself, so the wasm carries no decoder; the files are not in the wasm either: Open fetches
// them from the site (sounds.Effect.URL, beside the page). Browsers let a page start sound only
// after a tap, click or key, so the AudioContext is made by the first of those (no warning, no
// error before); effects asked for before that are dropped. The context is suspended while the
// tab is hidden, and while it is quiet: a running context renders silence on the browser's audio
// threads (~4 % of a core in Chromium), so it is suspended quietAfter the last effect ended and
// resumed by the next one.
type Device struct {
	ctx     js.Value
	raw     [sounds.NumEffects]js.Value // fetched files (ArrayBuffer) waiting for the context
	buffers [sounds.NumEffects]js.Value // decoded once the context has started
	paused  bool
	playing int  // effects started and not yet ended
	quiet   bool // nothing played for quietAfter: the context is suspended
	plays   int  // effects started so far: a quiet check sees whether one started since
	// quietCheck runs quietAfter after the last effect ended (setTimeout); ended counts it down.
	quietCheck, ended js.Func
	err               error // no Web Audio: silent for good
	loadErr           error // the first effect that could not be fetched or decoded (it stays silent)
	funcs             []js.Func

	// The music: the theme asked for and its volume; the theme that plays, its source and gain;
	// each theme's file, fetched when first asked for after the context started, and decoded.
	want       sounds.Theme
	wantVolume float64
	theme      sounds.Theme
	volume     float64
	src, gain  js.Value
	fetched    [sounds.NumThemes]bool
	music      [sounds.NumThemes]js.Value // decoded AudioBuffers
}

// Open prepares the Device: it starts fetching the effects' files and waits for the first user
// gesture to start Web Audio.
func Open() *Device {
	d := &Device{want: sounds.NoTheme, theme: sounds.NoTheme}
	win := js.Global()
	ctor := win.Get("AudioContext")
	if ctor.IsUndefined() {
		ctor = win.Get("webkitAudioContext")
	}
	if ctor.IsUndefined() {
		d.err = errNoWebAudio
		return d
	}
	d.fetchAll()
	var start js.Func
	start = js.FuncOf(func(js.Value, []js.Value) any {
		if d.ctx.Truthy() {
			return nil
		}
		for _, ev := range gestures {
			win.Call("removeEventListener", ev, start, true)
		}
		d.ctx = ctor.New()
		for e := range sounds.NumEffects {
			d.decode(e)
		}
		d.applyMusic()
		d.quietSoon()
		return nil
	})
	d.quietCheck = js.FuncOf(func(_ js.Value, args []js.Value) any {
		if d.playing == 0 && d.src.IsUndefined() && args[0].Int() == d.plays {
			d.quiet = true
			d.apply()
		}
		return nil
	})
	d.ended = js.FuncOf(func(js.Value, []js.Value) any {
		d.playing--
		if d.playing == 0 {
			d.quietSoon()
		}
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
	d.funcs = append(d.funcs, start, visible, d.quietCheck, d.ended)
	return d
}

// quietAfter is how long after the last effect the context is suspended: long enough that the
// sounds of one move do not each wait for a resume.
const quietAfter = 3000 // ms

// quietSoon suspends the context quietAfter from now unless an effect plays by then.
func (d *Device) quietSoon() {
	js.Global().Call("setTimeout", d.quietCheck, quietAfter, d.plays)
}

// gestures are the events browsers accept as a user's activation for sound.
var gestures = []string{"pointerdown", "keydown", "touchend"}

// fetchAll fetches every effect's file; each is decoded once it has arrived and the context runs.
func (d *Device) fetchAll() {
	for e := range sounds.NumEffects {
		fetch(e.URL(), func(buf js.Value) {
			d.raw[e] = buf
			d.decode(e)
		}, func(err error) { d.failed(e.URL(), err) })
	}
}

// fetch fetches a file of the site and hands its ArrayBuffer to ok, or why not to fail.
func fetch(url string, ok func(js.Value), fail func(error)) {
	var onResp, onBuf, onFail js.Func
	release := func() {
		onResp.Release()
		onBuf.Release()
		onFail.Release()
	}
	onResp = js.FuncOf(func(_ js.Value, args []js.Value) any {
		if r := args[0]; !r.Get("ok").Bool() {
			fail(fmt.Errorf("HTTP %d", r.Get("status").Int()))
			return nil
		}
		return args[0].Call("arrayBuffer")
	})
	onBuf = js.FuncOf(func(_ js.Value, args []js.Value) any {
		defer release()
		if len(args) > 0 && args[0].Truthy() {
			ok(args[0])
		}
		return nil
	})
	onFail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		defer release()
		fail(jsReason(args))
		return nil
	})
	js.Global().Call("fetch", url).Call("then", onResp).Call("then", onBuf).Call("catch", onFail)
}

// decode starts decoding an effect's fetched file with decodeAudioData once the context runs;
// the buffer is kept when ready.
func (d *Device) decode(e sounds.Effect) {
	if !d.ctx.Truthy() || !d.raw[e].Truthy() {
		return
	}
	raw := d.raw[e]
	d.raw[e] = js.Undefined() // decodeAudioData takes the ArrayBuffer over
	d.decodeData(raw, func(b js.Value) { d.buffers[e] = b }, func(err error) { d.failed(e.URL(), err) })
}

// decodeData decodes a fetched file with the context's decodeAudioData and hands the AudioBuffer
// to ok, or why not to fail.
func (d *Device) decodeData(raw js.Value, ok func(js.Value), fail func(error)) {
	var onOK, onFail js.Func
	onOK = js.FuncOf(func(_ js.Value, args []js.Value) any {
		ok(args[0])
		onOK.Release()
		onFail.Release()
		return nil
	})
	onFail = js.FuncOf(func(_ js.Value, args []js.Value) any {
		fail(jsReason(args))
		onOK.Release()
		onFail.Release()
		return nil
	})
	d.ctx.Call("decodeAudioData", raw, onOK, onFail)
}

// failed records the first file that could not be loaded.
func (d *Device) failed(url string, err error) {
	if d.loadErr == nil {
		d.loadErr = fmt.Errorf("sound: %s: %w", url, err)
	}
}

// jsReason turns a rejected promise's reason into an error.
func jsReason(args []js.Value) error {
	if len(args) == 0 || !args[0].Truthy() {
		return jsError("failed")
	}
	return jsError(args[0].Call("toString").String())
}

// Status says whether the device plays: ready once a gesture started Web Audio; err when the
// browser has no Web Audio, or else the first effect that could not be fetched or decoded.
func (d *Device) Status() (ready bool, err error) {
	if d.err != nil {
		return false, d.err
	}
	return d.ctx.Truthy(), d.loadErr
}

// Update does nothing in the browser (the context starts on a gesture); it is here for the
// same API as on desktop.
func (d *Device) Update() {}

// Play implements Sink.
func (d *Device) Play(e sounds.Effect, volume float64) {
	if !d.ctx.Truthy() || d.paused || e < 0 || e >= sounds.NumEffects || !d.buffers[e].Truthy() {
		return
	}
	if d.quiet {
		d.quiet = false
		d.apply() // resume: the effect starts when the context runs
	}
	d.playing++
	d.plays++
	src := d.ctx.Call("createBufferSource")
	src.Set("buffer", d.buffers[e])
	src.Call("addEventListener", "ended", d.ended)
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

// apply suspends or resumes the context to match the pause, the quiet and the tab's visibility.
func (d *Device) apply() {
	if !d.ctx.Truthy() {
		return
	}
	if d.paused || d.quiet || js.Global().Get("document").Get("hidden").Truthy() {
		d.ctx.Call("suspend")
	} else {
		d.ctx.Call("resume")
	}
}

type jsError string

func (e jsError) Error() string { return string(e) }

const errNoWebAudio = jsError("sound: this browser has no Web Audio: the game is silent")

// The music's envelope, in seconds: a theme fades in (time constant fadeIn) and out (fadeOut);
// a duck lowers it to duckDepth (time constant duckAttack), holds it duckHold and brings it back
// (time constant duckRelease). The GainNode's automation runs them on the audio thread.
const (
	fadeIn      = 0.4
	fadeOut     = 0.2
	duckDepth   = 0.3
	duckAttack  = 0.04
	duckHold    = 1.4
	duckRelease = 0.5
)

// Music implements MusicSink. Before the first gesture it only remembers the theme: its file is
// fetched once the context has started (not before: a page nobody taps fetches no music), and it
// plays once decoded, if it is still the one asked for.
func (d *Device) Music(t sounds.Theme, volume float64) {
	d.want, d.wantVolume = wanted(t, volume)
	d.applyMusic()
}

// Duck implements MusicSink.
func (d *Device) Duck() {
	if d.gain.IsUndefined() {
		return
	}
	now := d.ctx.Get("currentTime").Float()
	g := d.gain.Get("gain")
	g.Call("cancelScheduledValues", now)
	g.Call("setTargetAtTime", d.volume*duckDepth, now, duckAttack)
	g.Call("setTargetAtTime", d.volume, now+duckHold, duckRelease)
}

// applyMusic makes the music what was asked for: the same theme at a new volume, or the theme
// that played fading out and the new one fading in (fetched and decoded first).
func (d *Device) applyMusic() {
	if !d.ctx.Truthy() {
		return
	}
	now := d.ctx.Get("currentTime").Float()
	if d.want == d.theme {
		if !d.gain.IsUndefined() && d.volume != d.wantVolume {
			d.volume = d.wantVolume
			g := d.gain.Get("gain")
			g.Call("cancelScheduledValues", now)
			g.Call("setTargetAtTime", d.volume, now, 0.1)
		}
		return
	}
	if !d.src.IsUndefined() {
		d.gain.Get("gain").Call("cancelScheduledValues", now)
		d.gain.Get("gain").Call("setTargetAtTime", 0, now, fadeOut)
		d.src.Call("stop", now+6*fadeOut)
		d.src, d.gain = js.Undefined(), js.Undefined()
		d.theme = sounds.NoTheme
	}
	t := d.want
	if t == sounds.NoTheme {
		d.quietSoon()
		return
	}
	if !d.music[t].Truthy() {
		if !d.fetched[t] {
			d.fetched[t] = true
			fetch(t.URL(), func(buf js.Value) {
				d.decodeData(buf, func(b js.Value) {
					d.music[t] = b
					d.applyMusic()
				}, func(err error) { d.failed(t.URL(), err) })
			}, func(err error) { d.failed(t.URL(), err) })
		}
		return
	}
	if d.quiet {
		d.quiet = false
		d.apply()
	}
	d.theme, d.volume = t, d.wantVolume
	d.src = d.ctx.Call("createBufferSource")
	d.src.Set("buffer", d.music[t])
	d.src.Set("loop", true)
	d.gain = d.ctx.Call("createGain")
	d.gain.Get("gain").Call("setValueAtTime", 0, now)
	d.gain.Get("gain").Call("setTargetAtTime", d.volume, now, fadeIn)
	d.src.Call("connect", d.gain)
	d.gain.Call("connect", d.ctx.Get("destination"))
	d.src.Call("start")
}
