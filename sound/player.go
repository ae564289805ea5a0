// Package sound plays the game's sound effects (package nimmt/assets/sounds) for the events of
// a game and the cues of the screens, with a volume and a mute switch.
//
// A Player decides what to play; a Sink plays it. Open returns the real Sink: Ebitengine's audio
// on desktop and mobile (after a probe, so that a machine without a sound device runs silently
// instead of stopping the game), Web Audio in the browser (started by the first tap or key, as
// browsers require). Tests inject a Sink that records what was played.
//
// The table calls Player.Event when its timeline shows an event (so the sound matches the
// animation, not the engine's pace), Player.Cue for clicks and choices, and Player.SetPaused when
// the game is hidden or goes to the background.
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

// DefaultVolume is the volume of a new Player.
const DefaultVolume = 0.8

// gain is each effect's level in the mix at full volume: soft flicks for the cards, a thud for
// a row taken that grows with its weight, never louder than talk at a table (DESIGN.md "Sound").
var gain = [sounds.NumEffects]float64{
	sounds.Click:     0.3,
	sounds.Deal:      0.5,
	sounds.Choose:    0.45,
	sounds.Flip:      0.6,
	sounds.Place:     0.5,
	sounds.TakeLight: 0.6,
	sounds.TakeHeavy: 0.8,
	sounds.TakeHuge:  1.0,
	sounds.RowChoice: 0.55,
	sounds.RoundEnd:  0.55,
	sounds.Win:       0.7,
	sounds.Loss:      0.6,
}

// Player maps a game's events and the screens' cues to effects.
type Player struct {
	sink   Sink
	volume float64
	muted  bool
	paused bool
	seat   int
}

// New returns a Player at DefaultVolume that plays into sink, for the person at seat 0.
func New(sink Sink) *Player {
	return &Player{sink: sink, volume: DefaultVolume}
}

// SetSeat sets the seat of the person at this device: the choices asked of that seat and the
// game's result (win or loss) are theirs. A negative seat (a spectator) hears neither.
func (p *Player) SetSeat(seat int) { p.seat = seat }

// SetVolume sets the volume, clamped to [0, 1]; 0 is silent.
func (p *Player) SetVolume(v float64) {
	switch {
	case v < 0 || v != v:
		v = 0
	case v > 1:
		v = 1
	}
	p.volume = v
}

// Volume returns the volume, 0 to 1.
func (p *Player) Volume() float64 { return p.volume }

// SetMuted turns every sound off (true) or on again at the set volume (false).
func (p *Player) SetMuted(m bool) { p.muted = m }

// Muted reports whether the sound is muted.
func (p *Player) Muted() bool { return p.muted }

// SetPaused pauses the sound while the game is hidden or in the background (true): what plays
// stops and nothing starts until SetPaused(false).
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
	if e < 0 || e >= sounds.NumEffects || p.muted || p.paused || p.volume == 0 {
		return
	}
	p.sink.Play(e, gain[e]*p.volume)
}

// Event plays the effect of one of the game's events, if it has one.
func (p *Player) Event(ev engine.Event) {
	if e, ok := p.effect(ev); ok {
		p.Cue(e)
	}
}

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
		return sounds.Place, true
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
