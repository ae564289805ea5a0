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

// recorder is a MusicSink without a device: it records what it is asked to do.
type recorder struct {
	played []played
	pauses []bool
	music  []music
	ducks  int
	active int
}

// music is one Music call.
type music struct {
	t      sounds.Theme
	volume float64
}

func (r *recorder) Play(e sounds.Effect, v float64) { r.played = append(r.played, played{e, v}) }
func (r *recorder) SetPaused(p bool)                { r.pauses = append(r.pauses, p) }
func (r *recorder) Music(t sounds.Theme, v float64) { r.music = append(r.music, music{t, v}) }
func (r *recorder) Duck()                           { r.ducks++ }
func (r *recorder) Active()                         { r.active++ }
func (r *recorder) effects() (out []sounds.Effect) {
	for _, p := range r.played {
		out = append(out, p.e)
	}
	return out
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

// TestEventsOfAGame drives the player with every event of recorded games (played by the engine
// from fixed seeds) and checks the effects it plays, in order: a placement's pitch rising through
// its turn, a row taken by its weight with a moo for a heap, the person's own choices, the result;
// the big moments duck the music; and the volumes follow the settings.
func TestEventsOfAGame(t *testing.T) {
	moos := 0
	for _, cfg := range []engine.Config{engine.DefaultConfig(4), engine.DefaultConfig(10), {Seats: 4, Variant: engine.Double, EndScore: 66}} {
		for seed := range uint64(3) {
			evs := playGame(t, cfg, seed)
			rec := &recorder{}
			p := sound.New(rec)
			p.PlayMusic(sounds.TableTheme)
			for _, ev := range evs {
				p.Event(ev)
			}
			var want []sounds.Effect
			turn, placed, ducks := 0, 0, 0
			for _, ev := range evs {
				switch ev := ev.(type) {
				case engine.RoundDealt:
					want = append(want, sounds.Deal)
				case engine.SeatChose:
					if ev.Seat == 0 {
						want = append(want, sounds.Choose)
					}
				case engine.CardsRevealed:
					want = append(want, sounds.Flip)
					turn, placed = len(ev.Plays), 0
				case engine.CardPlaced:
					want = append(want, sounds.Placement(placed, turn))
					placed++
				case engine.RowTaken:
					if !ev.Shared || len(ev.Cards) > 0 {
						want = append(want, sounds.Take(ev.Bullheads))
						if ev.Bullheads >= 11 {
							want = append(want, sounds.Moo)
							moos++
							ducks += 2 // the heap and the moo
						}
					}
				case engine.RowChoiceRequired:
					if ev.Seat == 0 {
						want = append(want, sounds.RowChoice)
					}
				case engine.RoundScored:
					want = append(want, sounds.RoundEnd)
					ducks++
				case engine.GameOver:
					if slices.Contains(ev.Winners, 0) {
						want = append(want, sounds.Win)
					} else {
						want = append(want, sounds.Loss)
					}
					ducks++
				}
			}
			if got := rec.effects(); !slices.Equal(got, want) {
				t.Errorf("%v seed %d: played\n%v\nwant\n%v", cfg.Variant, seed, got, want)
			}
			if rec.ducks != ducks {
				t.Errorf("%v seed %d: the music ducked %d times, want %d", cfg.Variant, seed, rec.ducks, ducks)
			}
			rising := false // some turn laid its cards from Place up to Place5
			for i, e := range rec.played {
				if e.e == sounds.Flip && i+2 < len(rec.played) {
					var turn []sounds.Effect
					for _, q := range rec.played[i+1:] {
						if q.e >= sounds.Place && q.e <= sounds.Place5 {
							turn = append(turn, q.e)
						} else if q.e == sounds.Flip {
							break
						}
					}
					rising = rising || (len(turn) >= 4 && slices.IsSorted(turn) && turn[0] == sounds.Place && turn[len(turn)-1] == sounds.Place5)
				}
			}
			if !rising {
				t.Errorf("%v seed %d: no turn's placements rise from the lowest to the highest", cfg.Variant, seed)
			}
			for _, pl := range rec.played {
				if pl.volume <= 0 || pl.volume > sound.DefaultVolume {
					t.Errorf("%s at volume %v, want (0, %v]", pl.e, pl.volume, sound.DefaultVolume)
				}
			}
		}
	}
	if moos == 0 {
		t.Error("no game took a heap of bullheads: the moo is not tested")
	}
}

// TestMusic: the music plays the theme asked for at its own volume, apart from the effects';
// mute and a volume of 0 stop it and bring it back; asking again for the same theme does nothing;
// a heap taken ducks it, a small row does not.
func TestMusic(t *testing.T) {
	rec := &recorder{}
	p := sound.New(rec)
	p.Duck() // no music: nothing to duck
	p.PlayMusic(sounds.MenuTheme)
	p.PlayMusic(sounds.MenuTheme)
	p.SetVolume(0.1) // the effects' volume: not the music's
	p.SetMusicVolume(0.5)
	p.SetMuted(true)
	p.SetMuted(false)
	p.PlayMusic(sounds.TableTheme)
	p.SetMusicVolume(0)
	p.SetMusicVolume(2)
	p.PlayMusic(sounds.NoTheme)
	p.PlayMusic(sounds.Theme(9))
	full := sound.New(&recorder{})
	full.SetMusicVolume(1)
	m := rec.music
	if len(m) != 8 {
		t.Fatalf("music calls %v, want 8", m)
	}
	v := m[0].volume
	want := []music{{sounds.MenuTheme, v}, {sounds.MenuTheme, v}, {sounds.NoTheme, 0}, {sounds.MenuTheme, v}, {sounds.TableTheme, v},
		{sounds.NoTheme, 0}, {sounds.TableTheme, 2 * v}, {sounds.NoTheme, 0}}
	if !slices.Equal(m, want) || v <= 0 || v >= 0.5 {
		t.Errorf("music calls\n%v\nwant\n%v (the music under the effects)", m, want)
	}
	if p.MusicVolume() != 1 || p.Music() != sounds.NoTheme || p.Volume() != 0.1 {
		t.Errorf("music volume %v, theme %v, effects' volume %v", p.MusicVolume(), p.Music(), p.Volume())
	}
	p.PlayMusic(sounds.TableTheme)
	p.Event(engine.RowTaken{Seat: 1, Cards: []engine.Card{55}, Bullheads: 7})
	if rec.ducks != 0 {
		t.Errorf("a row of 7 bullheads ducked the music")
	}
	p.Event(engine.RowTaken{Seat: 1, Cards: []engine.Card{55}, Bullheads: 12})
	if rec.ducks == 0 {
		t.Errorf("a row of 12 bullheads did not duck the music")
	}
	p.SetMuted(true)
	n := rec.ducks
	p.Event(engine.GameOver{Totals: []int{3, 9}, Winners: []int{0}})
	if rec.ducks != n {
		t.Errorf("muted, the music ducked")
	}

	// Activity keeps the music from resting: every event and cue while it plays, even with the
	// effects at volume 0; none without music.
	rec = &recorder{}
	p = sound.New(rec)
	p.SetVolume(0)
	p.Cue(sounds.Click)
	p.PlayMusic(sounds.MenuTheme)
	p.Cue(sounds.Click)
	p.Event(engine.SeatChose{Seat: 3})
	p.SetMusicVolume(0)
	p.Cue(sounds.Click)
	if rec.active != 2 || len(rec.played) != 0 {
		t.Errorf("active %d times, %d effects played; want 2 and none", rec.active, len(rec.played))
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
	if got := rec.effects(); !slices.Equal(got, []sounds.Effect{sounds.TakeLight, sounds.TakeHeavy, sounds.TakeHuge, sounds.Moo}) {
		t.Fatalf("rows of 1, 7, 15 bullheads played %v", got)
	}
	if !(rec.played[0].volume < rec.played[1].volume && rec.played[1].volume < rec.played[2].volume) {
		t.Errorf("heavier rows are not louder: %v", rec.played)
	}

	p.SetVolume(0.4)
	p.Cue(sounds.Click)
	p.SetVolume(0.8)
	p.Cue(sounds.Click)
	a, b := rec.played[4].volume, rec.played[5].volume
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
