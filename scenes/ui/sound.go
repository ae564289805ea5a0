package ui

import (
	"nimmt/assets/sounds"
	"nimmt/sound"
)

// VolumeStep is the step of the settings' volume, in percent.
const VolumeStep = 10

// quiet is the Sink of a game made without a sound player (Options.Sound nil): it plays nothing.
type quiet struct{}

func (quiet) Play(sounds.Effect, float64) {}
func (quiet) SetPaused(bool)              {}

// InitSound takes the sound player from the options (or a silent one) and applies the settings.
func (e *Env) InitSound() {
	e.Snd = e.Opts.Sound
	if e.Snd == nil {
		e.Snd = sound.New(quiet{})
	}
	e.ApplySound()
}

// ApplySound gives the player the settings' volumes and mute.
func (e *Env) ApplySound() {
	e.Snd.SetVolume(float64(e.Settings.Volume) / 100)
	e.Snd.SetMusicVolume(float64(e.Settings.MusicVolume) / 100)
	e.Snd.SetMuted(e.Settings.Muted)
}

// Cue plays a screen's effect (a button's click).
func (e *Env) Cue(fx sounds.Effect) { e.Snd.Cue(fx) }

// Silence returns why the sound device plays nothing, or "" when it plays or may still start.
func (e *Env) Silence() string {
	if e.Opts.SoundStatus == nil {
		return ""
	}
	if ready, err := e.Opts.SoundStatus(); !ready && err != nil {
		return err.Error()
	}
	return ""
}
