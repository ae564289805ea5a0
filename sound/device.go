//go:build !js && !nimmtnoaudio

package sound

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"sync"
	"sync/atomic"

	"github.com/hajimehoshi/ebiten/v2/audio"
	"github.com/hajimehoshi/ebiten/v2/audio/wav"

	"nimmt/assets/sounds"
)

// SampleRate is the rate of the audio context (and of the probe, which must ask the device for
// what the game will ask).
const SampleRate = 44100

// voices is how many copies of one effect may sound at once (ten placements overlap).
const voices = 4

// probe states.
const (
	probing int32 = iota
	probeOK
	probeFailed
)

// Device is the real Sink on desktop and mobile: Ebitengine's audio, created only after the
// probe found a working sound device. Until then, and for good if there is none, it is silent.
type Device struct {
	state    atomic.Int32
	probeErr atomic.Value // error: why the device is silent
	ctx      *audio.Context
	pcm      [sounds.NumEffects][]byte // decoded once: 32-bit float stereo at SampleRate
	players  [sounds.NumEffects][]*audio.Player
	next     [sounds.NumEffects]int
	err      error // decoding failed: silent
	paused   bool

	// The music: the theme asked for and its volume, the loop that plays (and the theme and
	// volume it plays at), and the players of themes fading out.
	want       sounds.Theme
	wantVolume float64
	playing    sounds.Theme
	volume     float64
	loop       *loop
	player     *audio.Player
	fading     []*audio.Player
	// The decoded themes (decoded once, off the game's thread), the loops waiting for them and
	// the first that would not decode; guarded by mu.
	mu       sync.Mutex
	themes   [sounds.NumThemes][]float32
	waiting  [sounds.NumThemes][]*loop
	musicErr error
}

// Open starts the probe for a sound device and returns the Device. Call it once, before or
// inside the game loop; its Play and SetPaused belong to the game's Update.
func Open() *Device {
	d := &Device{want: sounds.NoTheme, playing: sounds.NoTheme}
	go func() {
		if err := probe(); err != nil {
			d.probeErr.Store(err)
			d.state.Store(probeFailed)
			return
		}
		d.state.Store(probeOK)
	}()
	return d
}

// Status says whether the device plays: ready is false while the probe runs; err says why the
// device is silent for good (no sound device, or an effect that would not decode).
func (d *Device) Status() (ready bool, err error) {
	switch d.state.Load() {
	case probeOK:
		d.mu.Lock()
		defer d.mu.Unlock()
		if d.err == nil && d.musicErr != nil {
			return d.ctx != nil, d.musicErr
		}
		return d.ctx != nil && d.err == nil, d.err
	case probeFailed:
		e, _ := d.probeErr.Load().(error)
		return false, e
	}
	return false, nil
}

// Update creates the audio context once the probe has found a device, and then starts the music
// asked for. Play and Music call it; a game calls it every frame (Player.Update) to have the
// context ready before the first effect and the music playing as soon as the device is.
func (d *Device) Update() {
	if d.ctx != nil && d.err == nil {
		d.applyMusic()
		return
	}
	if d.ctx != nil || d.err != nil || d.state.Load() != probeOK {
		return
	}
	d.ctx = audio.CurrentContext()
	if d.ctx == nil {
		d.ctx = audio.NewContext(SampleRate)
	}
	for e := range sounds.NumEffects {
		pcm, err := decode(e, d.ctx.SampleRate())
		if err != nil {
			d.err = err
			return
		}
		d.pcm[e] = pcm
	}
	d.applyMusic()
}

// decode turns an effect's WAV file into 32-bit float stereo samples at the given rate.
func decode(e sounds.Effect, rate int) ([]byte, error) {
	s, err := wav.DecodeF32(bytes.NewReader(sounds.WAV(e)))
	if err != nil {
		return nil, fmt.Errorf("sound: %s: %w", e.File(), err)
	}
	pcm, err := io.ReadAll(audio.ResampleReaderF32(s, s.Length(), s.SampleRate(), rate))
	if err != nil {
		return nil, fmt.Errorf("sound: %s: %w", e.File(), err)
	}
	return pcm, nil
}

// Play implements Sink. Until the probe has found a device it plays nothing.
func (d *Device) Play(e sounds.Effect, volume float64) {
	d.Update()
	if d.ctx == nil || d.err != nil || e < 0 || e >= sounds.NumEffects {
		return
	}

	ps := d.players[e]
	var p *audio.Player
	for _, q := range ps {
		if !q.IsPlaying() {
			p = q
			break
		}
	}
	if p == nil && len(ps) < voices {
		p = d.ctx.NewPlayerF32FromBytes(d.pcm[e])
		d.players[e] = append(ps, p)
	}
	if p == nil { // every voice busy: restart the one started longest ago
		p = ps[d.next[e]%len(ps)]
		d.next[e]++
	}
	p.SetVolume(volume)
	if err := p.Rewind(); err != nil {
		return
	}
	p.Play()
}

// SetPaused implements Sink: pausing stops every effect that sounds and pauses the music, which
// goes on where it was when the pause ends.
func (d *Device) SetPaused(paused bool) {
	d.paused = paused
	for _, p := range append(d.fading, d.player) {
		switch {
		case p == nil:
		case paused:
			p.Pause()
		default:
			p.Play()
		}
	}
	if !paused {
		return
	}
	for _, ps := range d.players {
		for _, p := range ps {
			p.Pause()
		}
	}
}

// Music implements MusicSink.
func (d *Device) Music(t sounds.Theme, volume float64) {
	d.want, d.wantVolume = wanted(t, volume)
	d.Update()
}

// Active implements MusicSink: the music's rest starts again, and music that rested comes back.
func (d *Device) Active() {
	if d.loop != nil && !d.loop.touch() {
		d.fading = append(d.fading, d.player)
		d.loop, d.player, d.playing = nil, nil, sounds.NoTheme
		d.applyMusic()
	}
}

// Duck implements MusicSink.
func (d *Device) Duck() {
	if d.loop != nil {
		d.loop.duck()
	}
}

// applyMusic makes the music what was asked for: the same theme at a new volume, or the theme
// that played fading out and the new one fading in.
func (d *Device) applyMusic() {
	live := d.fading[:0]
	for _, p := range d.fading {
		if p.IsPlaying() || d.paused {
			live = append(live, p)
		} else {
			p.PauseAndStopReading() // faded out: the stream is read no more
		}
	}
	d.fading = live
	if d.want == d.playing {
		if d.player != nil && d.volume != d.wantVolume {
			d.volume = d.wantVolume
			d.player.SetVolume(d.volume)
		}
		return
	}
	if d.loop != nil {
		d.loop.stop()
		d.fading = append(d.fading, d.player)
		d.loop, d.player = nil, nil
	}
	d.playing, d.volume = d.want, d.wantVolume
	if d.want == sounds.NoTheme {
		return
	}
	l := newLoop(d.ctx.SampleRate())
	p, err := d.ctx.NewPlayerF32(l)
	if err != nil {
		d.mu.Lock()
		d.musicErr = fmt.Errorf("sound: %s: %w", d.want.File(), err)
		d.mu.Unlock()
		return
	}
	d.loop, d.player = l, p
	p.SetVolume(d.volume)
	if !d.paused {
		p.Play()
	}
	t, rate := d.want, d.ctx.SampleRate()
	d.mu.Lock()
	defer d.mu.Unlock()
	if pcm := d.themes[t]; pcm != nil {
		l.set(pcm)
		return
	}
	d.waiting[t] = append(d.waiting[t], l)
	if len(d.waiting[t]) > 1 {
		return // being decoded
	}
	go func() { // a theme takes a moment to decode and resample: not on the game's thread
		pcm, err := decodeMusic(t, rate)
		d.mu.Lock()
		defer d.mu.Unlock()
		if err != nil {
			if d.musicErr == nil {
				d.musicErr = err
			}
		} else {
			d.themes[t] = pcm
			for _, l := range d.waiting[t] {
				l.set(pcm)
			}
		}
		d.waiting[t] = nil
	}()
}

// decodeMusic turns a theme's WAV file into 32-bit float stereo samples at the given rate.
func decodeMusic(t sounds.Theme, rate int) ([]float32, error) {
	s, err := wav.DecodeF32(bytes.NewReader(sounds.Music(t)))
	if err != nil {
		return nil, fmt.Errorf("sound: %s: %w", t.File(), err)
	}
	b, err := io.ReadAll(audio.ResampleReaderF32(s, s.Length(), s.SampleRate(), rate))
	if err != nil {
		return nil, fmt.Errorf("sound: %s: %w", t.File(), err)
	}
	pcm := make([]float32, len(b)/4)
	for i := range pcm {
		pcm[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return pcm, nil
}
