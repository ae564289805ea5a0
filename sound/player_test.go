package sound_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"nimmt/assets/sounds"
	"nimmt/engine"
	"nimmt/sound"
)

// played is one effect a recorder was asked to play.
type played struct {
	e      sounds.Effect
	volume float64
}

// recorder is a Sink without a device: it records what it is asked to do.
type recorder struct {
	played []played
	pauses []bool
}

func (r *recorder) Play(e sounds.Effect, v float64) { r.played = append(r.played, played{e, v}) }
func (r *recorder) SetPaused(p bool)                { r.pauses = append(r.pauses, p) }

func (r *recorder) count(e sounds.Effect) int {
	n := 0
	for _, p := range r.played {
		if p.e == e {
			n++
		}
	}
	return n
}

// playGame plays a whole game with random legal actions and returns every event (seat 0's
// stream, as the table at seat 0 sees it).
func playGame(t *testing.T, cfg engine.Config, seed uint64) []engine.Event {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	g, err := engine.NewGame(cfg, r)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over() {
		w := g.Waiting()
		if len(w) == 0 {
			t.Fatal("nobody to act and the game is not over")
		}
		v := g.View(w[0])
		if err := g.Act(w[0], engine.RandomAction(&v, r)); err != nil {
			t.Fatal(err)
		}
	}
	return g.EventsFor(0, 0)
}

// TestEventsOfAGame drives the player with every event of real games and checks each effect's
// count against the events, and the volumes against the settings.
func TestEventsOfAGame(t *testing.T) {
	for _, cfg := range []engine.Config{engine.DefaultConfig(4), engine.DefaultConfig(10), {Seats: 4, Variant: engine.Double, EndScore: 66}} {
		for seed := range uint64(3) {
			evs := playGame(t, cfg, seed)
			rec := &recorder{}
			p := sound.New(rec)
			for _, ev := range evs {
				p.Event(ev)
			}
			want := map[sounds.Effect]int{}
			var over engine.GameOver
			for _, ev := range evs {
				switch ev := ev.(type) {
				case engine.RoundDealt:
					want[sounds.Deal]++
				case engine.SeatChose:
					if ev.Seat == 0 {
						want[sounds.Choose]++
					}
				case engine.CardsRevealed:
					want[sounds.Flip]++
				case engine.CardPlaced:
					want[sounds.Place]++
				case engine.RowTaken:
					if !ev.Shared || len(ev.Cards) > 0 {
						want[sounds.Take(ev.Bullheads)]++
					}
				case engine.RowChoiceRequired:
					if ev.Seat == 0 {
						want[sounds.RowChoice]++
					}
				case engine.RoundScored:
					want[sounds.RoundEnd]++
				case engine.GameOver:
					over = ev
				}
			}
			if slices.Contains(over.Winners, 0) {
				want[sounds.Win] = 1
			} else {
				want[sounds.Loss] = 1
			}
			if want[sounds.Place] == 0 || want[sounds.Deal] == 0 {
				t.Fatalf("%v seed %d: a game without placements or deals", cfg, seed)
			}
			for e := range sounds.NumEffects {
				if got := rec.count(e); got != want[e] {
					t.Errorf("%v seed %d: %s played %d times, want %d", cfg.Variant, seed, e, got, want[e])
				}
			}
			if last := rec.played[len(rec.played)-1].e; last != sounds.Win && last != sounds.Loss {
				t.Errorf("%v seed %d: the last effect is %s, want win or loss", cfg.Variant, seed, last)
			}
			for _, pl := range rec.played {
				if pl.volume <= 0 || pl.volume > sound.DefaultVolume {
					t.Errorf("%s at volume %v, want (0, %v]", pl.e, pl.volume, sound.DefaultVolume)
				}
			}
		}
	}
}

// TestVolumeMutePause checks that volume scales every effect, that mute and pause silence
// them, and that a heavier row sounds louder.
func TestVolumeMutePause(t *testing.T) {
	rec := &recorder{}
	p := sound.New(rec)
	take := func(bh int) engine.RowTaken { return engine.RowTaken{Seat: 2, Cards: []engine.Card{55}, Bullheads: bh} }

	p.Event(take(1))
	p.Event(take(7))
	p.Event(take(15))
	if got := []sounds.Effect{rec.played[0].e, rec.played[1].e, rec.played[2].e}; !slices.Equal(got, []sounds.Effect{sounds.TakeLight, sounds.TakeHeavy, sounds.TakeHuge}) {
		t.Fatalf("rows of 1, 7, 15 bullheads played %v", got)
	}
	if !(rec.played[0].volume < rec.played[1].volume && rec.played[1].volume < rec.played[2].volume) {
		t.Errorf("heavier rows are not louder: %v", rec.played)
	}

	p.SetVolume(0.4)
	p.Cue(sounds.Click)
	p.SetVolume(0.8)
	p.Cue(sounds.Click)
	a, b := rec.played[3].volume, rec.played[4].volume
	if a <= 0 || b != 2*a {
		t.Errorf("click at volume 0.4 = %v, at 0.8 = %v: want twice as loud", a, b)
	}
	p.SetVolume(7)
	if p.Volume() != 1 {
		t.Errorf("SetVolume(7): volume %v, want 1", p.Volume())
	}
	p.SetVolume(-1)
	if p.Volume() != 0 {
		t.Errorf("SetVolume(-1): volume %v, want 0", p.Volume())
	}
	n := len(rec.played)
	p.Cue(sounds.Click) // volume 0: silent
	p.SetVolume(1)
	p.SetMuted(true)
	p.Event(engine.CardPlaced{Seat: 1, Card: 12, Row: 0, Pos: 1})
	if !p.Muted() || len(rec.played) != n {
		t.Errorf("muted or at volume 0, %d effects played", len(rec.played)-n)
	}
	p.SetMuted(false)
	p.SetPaused(true)
	p.SetPaused(true)
	p.Event(engine.CardPlaced{Seat: 1, Card: 12, Row: 0, Pos: 1})
	if len(rec.played) != n {
		t.Errorf("paused, %d effects played", len(rec.played)-n)
	}
	p.SetPaused(false)
	p.Event(engine.CardPlaced{Seat: 1, Card: 12, Row: 0, Pos: 1})
	if len(rec.played) != n+1 || rec.played[n].e != sounds.Place {
		t.Errorf("after the pause: %v", rec.played[n:])
	}
	if !slices.Equal(rec.pauses, []bool{true, false}) {
		t.Errorf("sink paused %v, want [true false]", rec.pauses)
	}
}

// TestSeat checks that choices and the result belong to the person's seat.
func TestSeat(t *testing.T) {
	rec := &recorder{}
	p := sound.New(rec)
	p.SetSeat(2)
	p.Event(engine.RowChoiceRequired{Seat: 1, Card: 3})
	p.Event(engine.SeatChose{Seat: 1})
	p.Event(engine.RowChoiceRequired{Seat: 2, Card: 3})
	p.Event(engine.SeatChose{Seat: 2, Card: 40})
	p.Event(engine.GameOver{Totals: []int{70, 12, 12}, Winners: []int{1, 2}})
	p.SetSeat(0)
	p.Event(engine.GameOver{Totals: []int{70, 12, 12}, Winners: []int{1, 2}})
	p.SetSeat(-1)
	p.Event(engine.GameOver{Totals: []int{70, 12, 12}, Winners: []int{1, 2}})
	p.Event(engine.RowChoiceRequired{Seat: -1, Card: 3})
	var got []sounds.Effect
	for _, pl := range rec.played {
		got = append(got, pl.e)
	}
	want := []sounds.Effect{sounds.RowChoice, sounds.Choose, sounds.Win, sounds.Loss}
	if !slices.Equal(got, want) {
		t.Errorf("played %v, want %v", got, want)
	}
}
