//go:build !js && nimmtnoaudio

package sound

import (
	"errors"

	"nimmt/assets/sounds"
)

// Device is silent in a build with the tag nimmtnoaudio, which leaves Ebitengine's audio (and
// oto's native code) out: `make test-mobile` vets the Android packages with it, because oto's
// Android driver needs OpenSLES headers that these machines cannot install.
type Device struct{}

// Open returns the silent Device.
func Open() *Device { return &Device{} }

// Status reports that this build has no audio.
func (d *Device) Status() (ready bool, err error) {
	return false, errors.New("sound: built without audio (nimmtnoaudio)")
}

// Update does nothing.
func (d *Device) Update() {}

// Play implements Sink: it plays nothing.
func (d *Device) Play(sounds.Effect, float64) {}

// SetPaused implements Sink.
func (d *Device) SetPaused(bool) {}

// ProbeChild does nothing: there is no probe in a build without audio.
func ProbeChild() {}

// Music implements MusicSink: it plays nothing.
func (d *Device) Music(sounds.Theme, float64) {}

// Duck implements MusicSink.
func (d *Device) Duck() {}

// Active implements MusicSink.
func (d *Device) Active() {}
