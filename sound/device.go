//go:build !js && !nimmtnoaudio

package sound

import (
	"bytes"
	"fmt"
	"io"
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
}

// Open starts the probe for a sound device and returns the Device. Call it once, before or
// inside the game loop; its Play and SetPaused belong to the game's Update.
func Open() *Device {
	d := &Device{}
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
		return d.ctx != nil && d.err == nil, d.err
	case probeFailed:
		e, _ := d.probeErr.Load().(error)
		return false, e
	}
	return false, nil
}

// Update creates the audio context once the probe has found a device. Play calls it; a game
// may call it every frame to have the context ready before the first effect.
func (d *Device) Update() {
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

// SetPaused implements Sink: pausing stops every effect that sounds.
func (d *Device) SetPaused(paused bool) {
	if !paused {
		return
	}
	for _, ps := range d.players {
		for _, p := range ps {
			p.Pause()
		}
	}
}
