package scenes

import (
	"nimmt/anim"
	"nimmt/assets/sounds"
	"nimmt/engine"
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

// themeOf is the music a scene plays under it: the table's theme at a table (its score and game
// over included), the menus' theme on every other screen.
func themeOf(s scene) sounds.Theme {
	if _, ok := s.(*table); ok {
		return sounds.TableTheme
	}
	return sounds.MenuTheme
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

// soundStep is the animation step that plays event e's effect when the timeline shows it, heard
// by the person shown (none while the hand-over screen hides the table).
func (hd *hud) soundStep(e engine.Event) anim.Step {
	return &anim.Call{Fn: func() {
		seat := hd.me
		if hd.handover >= 0 || seat < 0 || seat >= len(hd.seats) || !hd.seats[seat].Here() {
			seat = -1
		}
		hd.g.snd.SetSeat(seat)
		hd.g.snd.Event(e)
	}}
}

// withSound puts event e's effect into its steps: a placement sounds as its card lands, every
// other event as its animation starts.
func (hd *hud) withSound(e engine.Event, steps []anim.Step) []anim.Step {
	if _, ok := e.(engine.CardPlaced); ok && len(steps) > 0 {
		return append([]anim.Step{steps[0], hd.soundStep(e)}, steps[1:]...)
	}
	if len(steps) == 0 { // shown at once (a score, a choice asked)
		hd.soundStep(e).Update()
		return nil
	}
	return append([]anim.Step{hd.soundStep(e)}, steps...)
}
