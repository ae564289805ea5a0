// Package sound plays the game's sound effects and music (package nimmt/assets/sounds) for the
// events of a game and the cues of the screens, with a volume for each and a mute switch.
//
// A Player decides what to play; a Sink plays it. Open returns the real Sink: Ebitengine's audio
// on desktop and mobile (after a probe, so that a machine without a sound device runs silently
// instead of stopping the game), Web Audio in the browser (started by the first tap or key, as
// browsers require). Tests inject a Sink that records what was played.
//
// The table calls Player.Event when its timeline shows an event (so the sound matches the
// animation, not the engine's pace), Player.Cue for clicks and choices, and Player.SetPaused when
// the game is hidden or goes to the background. The screens choose the music with
// Player.PlayMusic; the big moments (a heap of bullheads taken, a round's or the game's end) duck
// it for a moment by themselves.
package sound

import (
	"nimmt/assets/sounds"
	"nimmt/engine"
)

// Sink plays effects. Its methods are called from the game's Update.
type Sink interface {
	// Play starts an effect at a volume in (0, 1].
	Play(e sounds.Effect, volume float64)
	// SetPaused stops every sound (true) while the game is hidden or in the background, and
	// allows sound again (false).
	SetPaused(paused bool)
}

// MusicSink is a Sink that also plays music. A Sink without it (a silent one) has no music.
type MusicSink interface {
	Sink
	// Music plays theme t, looping, at a volume in (0, 1], fading in, and fades out what played
	// before; the same theme again only changes the volume. NoTheme or a volume of 0 fades the
	// music out and stops it.
	Music(t sounds.Theme, volume float64)
	// Duck lowers the music for a moment under a big effect, then brings it back.
	Duck()
	// Active says the game is being played (an event, a cue): the music rests only after a
	// while without it, and comes back with it.
	Active()
}

// DefaultVolume is the volume of a new Player's effects.
const DefaultVolume = 0.8

// DefaultMusicVolume is the volume of a new Player's music.
const DefaultMusicVolume = 0.5

// musicGain is the music's level in the mix at full music volume: under the effects, never in
// the way of talk at the table.
const musicGain = 0.35

// big are the effects that duck the music.
var big = [sounds.NumEffects]bool{sounds.TakeHuge: true, sounds.Moo: true, sounds.RoundEnd: true, sounds.Win: true, sounds.Loss: true}

// gain is each effect's level in the mix at full volume: soft flicks for the cards, a thud for
// a row taken that grows with its weight, never louder than talk at a table (DESIGN.md "Sound").
var gain = [sounds.NumEffects]float64{
	sounds.Click:     0.3,
	sounds.Deal:      0.5,
	sounds.Choose:    0.45,
	sounds.Flip:      0.6,
	sounds.Place:     0.45,
	sounds.Place2:    0.47,
	sounds.Place3:    0.49,
	sounds.Place4:    0.51,
	sounds.Place5:    0.53,
	sounds.TakeLight: 0.6,
	sounds.TakeHeavy: 0.8,
	sounds.TakeHuge:  1.0,
	sounds.Moo:       0.6,
	sounds.RowChoice: 0.55,
	sounds.RoundEnd:  0.55,
	sounds.Win:       0.7,
	sounds.Loss:      0.6,
}

// Player maps a game's events and the screens' cues to effects, and plays the music.
type Player struct {
	// Not comparable: no equality code in the wasm (#25).
	_      [0]func()
	sink   Sink
	volume float64
	muted  bool
	paused bool
	seat   int
	// music is the theme asked for and musicVolume its volume.
	music       sounds.Theme
	musicVolume float64
	// turn is the number of cards the last reveal showed and placed how many of them have been
	// laid since: the placements' pitch rises through the turn.
	turn, placed int
}

// New returns a Player at DefaultVolume and DefaultMusicVolume, with no music yet, that plays
// into sink, for the person at seat 0.
func New(sink Sink) *Player {
	return &Player{sink: sink, volume: DefaultVolume, musicVolume: DefaultMusicVolume, music: sounds.NoTheme}
}

// clamp returns v within [0, 1]; NaN is 0.
func clamp(v float64) float64 {
	switch {
	case v < 0 || v != v:
		return 0
	case v > 1:
		return 1
	}
	return v
}

// Update lets the sink do the work of a frame (the desktop's Device starts its audio once the
// probe has found a device, and then the music asked for before). Call it every frame; it is cheap.
func (p *Player) Update() {
	if u, ok := p.sink.(interface{ Update() }); ok {
		u.Update()
	}
}

// PlayMusic plays theme t from now on (sounds.NoTheme: none), looping, at the music volume;
// asking for the theme that plays changes nothing.
func (p *Player) PlayMusic(t sounds.Theme) {
	if t < sounds.NoTheme || t >= sounds.NumThemes {
		t = sounds.NoTheme
	}
	if t == p.music {
		return
	}
	p.music = t
	p.applyMusic()
}

// Music returns the theme asked for (sounds.NoTheme: none).
func (p *Player) Music() sounds.Theme { return p.music }

// SetMusicVolume sets the music's volume, clamped to [0, 1]; 0 is no music. It is apart from the
// effects' volume; mute silences both.
func (p *Player) SetMusicVolume(v float64) {
	p.musicVolume = clamp(v)
	p.applyMusic()
}

// MusicVolume returns the music's volume, 0 to 1.
func (p *Player) MusicVolume() float64 { return p.musicVolume }

// Duck lowers the music for a moment (the big effects do it by themselves).
func (p *Player) Duck() {
	if ms, ok := p.sink.(MusicSink); ok && !p.muted && !p.paused && p.music != sounds.NoTheme {
		ms.Duck()
	}
}

// active tells the sink that the game is being played, while music plays.
func (p *Player) active() {
	if ms, ok := p.sink.(MusicSink); ok && !p.muted && !p.paused && p.music != sounds.NoTheme && p.musicVolume > 0 {
		ms.Active()
	}
}

// wanted returns the theme and volume a MusicSink plays for Music(t, volume): NoTheme at 0 for
// no theme, a value that names none, or no volume.
func wanted(t sounds.Theme, volume float64) (sounds.Theme, float64) {
	if t < 0 || t >= sounds.NumThemes || !(volume > 0) {
		return sounds.NoTheme, 0
	}
	return t, min(volume, 1)
}

// applyMusic tells the sink the theme and volume the settings make.
func (p *Player) applyMusic() {
	ms, ok := p.sink.(MusicSink)
	if !ok {
		return
	}
	if p.muted || p.musicVolume == 0 || p.music == sounds.NoTheme {
		ms.Music(sounds.NoTheme, 0)
		return
	}
	ms.Music(p.music, musicGain*p.musicVolume)
}

// SetSeat sets the seat of the person at this device: the choices asked of that seat and the
// game's result (win or loss) are theirs. A negative seat (a spectator) hears neither.
func (p *Player) SetSeat(seat int) { p.seat = seat }

// SetVolume sets the effects' volume, clamped to [0, 1]; 0 is silent.
func (p *Player) SetVolume(v float64) { p.volume = clamp(v) }

// Volume returns the effects' volume, 0 to 1.
func (p *Player) Volume() float64 { return p.volume }

// SetMuted turns every sound and the music off (true) or on again at the set volumes (false).
func (p *Player) SetMuted(m bool) {
	if m == p.muted {
		return
	}
	p.muted = m
	p.applyMusic()
}

// Muted reports whether the sound is muted.
func (p *Player) Muted() bool { return p.muted }

// SetPaused pauses the sound while the game is hidden or in the background (true): the effects
// that play stop, the music pauses, and nothing starts until SetPaused(false).
func (p *Player) SetPaused(paused bool) {
	if paused == p.paused {
		return
	}
	p.paused = paused
	p.sink.SetPaused(paused)
}

// Cue plays an effect the screens ask for directly, such as sounds.Click for a button or
// sounds.Choose when the person picks a card.
func (p *Player) Cue(e sounds.Effect) {
	p.active()
	if e < 0 || e >= sounds.NumEffects || p.muted || p.paused || p.volume == 0 {
		return
	}
	if big[e] {
		p.Duck()
	}
	p.sink.Play(e, gain[e]*p.volume)
}

// Event plays the effects of one of the game's events, if it has any.
func (p *Player) Event(ev engine.Event) {
	p.active()
	switch ev := ev.(type) {
	case engine.CardsRevealed:
		p.turn, p.placed = len(ev.Plays), 0
	case engine.CardPlaced:
		p.placed++
	}
	e, ok := p.effect(ev)
	if !ok {
		return
	}
	p.Cue(e)
	if t, ok := ev.(engine.RowTaken); ok && t.Bullheads >= mooFrom {
		p.Cue(sounds.Moo)
	}
}

// mooFrom is the number of bullheads from which a row taken draws a bull's moo.
const mooFrom = 11

// effect returns the effect of an event, seen from the person's seat.
func (p *Player) effect(ev engine.Event) (sounds.Effect, bool) {
	switch ev := ev.(type) {
	case engine.RoundDealt:
		return sounds.Deal, true
	case engine.SeatChose:
		return sounds.Choose, p.mine(ev.Seat)
	case engine.CardDrafted:
		return sounds.Choose, p.mine(ev.Seat)
	case engine.CardsRevealed:
		return sounds.Flip, true
	case engine.CardPlaced:
		// the cards of a turn are laid lowest first: each a step higher (Event counted this one)
		return sounds.Placement(p.placed-1, p.turn), true
	case engine.RowTaken:
		// A row shared by twins (Double) comes as two events; only the first carries the cards.
		return sounds.Take(ev.Bullheads), !ev.Shared || len(ev.Cards) > 0
	case engine.RowChoiceRequired:
		return sounds.RowChoice, p.mine(ev.Seat)
	case engine.OrderChoiceRequired:
		return sounds.RowChoice, p.mine(ev.Seat)
	case engine.KeepChoiceRequired:
		return sounds.RowChoice, p.mine(ev.Seat)
	case engine.RoundScored:
		return sounds.RoundEnd, true
	case engine.GameOver:
		if p.seat < 0 {
			return 0, false
		}
		for _, w := range ev.Winners {
			if w == p.seat {
				return sounds.Win, true
			}
		}
		return sounds.Loss, true
	}
	return 0, false
}

// mine reports whether seat is the person's.
func (p *Player) mine(seat int) bool { return p.seat >= 0 && seat == p.seat }
