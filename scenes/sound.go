package scenes

import (
	"nimmt/assets/sounds"
	"nimmt/sound"
)

// volumeStep is the step of the settings' volume, in percent.
const volumeStep = 10

// quiet is the Sink of a game made without a sound player (Options.Sound nil): it plays nothing.
type quiet struct{}

func (quiet) Play(sounds.Effect, float64) {}
func (quiet) SetPaused(bool)              {}

// initSound takes the sound player from the options (or a silent one) and applies the settings.
func (e *Env) initSound() {
	e.snd = e.opts.Sound
	if e.snd == nil {
		e.snd = sound.New(quiet{})
	}
	e.applySound()
}

// applySound gives the player the settings' volumes and mute.
func (e *Env) applySound() {
	e.snd.SetVolume(float64(e.settings.Volume) / 100)
	e.snd.SetMusicVolume(float64(e.settings.MusicVolume) / 100)
	e.snd.SetMuted(e.settings.Muted)
}

// cue plays a screen's effect (a button's click).
func (e *Env) cue(fx sounds.Effect) { e.snd.Cue(fx) }

// silence returns why the sound device plays nothing, or "" when it plays or may still start.
func (e *Env) silence() string {
	if e.opts.SoundStatus == nil {
		return ""
	}
	if ready, err := e.opts.SoundStatus(); !ready && err != nil {
		return err.Error()
	}
	return ""
}
