package scenes

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"nimmt/assets/sounds"
	"nimmt/engine"
	"nimmt/scenes/menu"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/sound"
	"nimmt/storage"
)

// heard is one effect the recording sink played, with what the table showed at that moment.
type heard struct {
	e        sounds.Effect
	shown    engine.Event // the last event the table folded in
	consumed int          // events folded in
	emitted  int          // events the session had emitted for the seat
	moving   bool         // a placed card's sprite was still on its way
}

// recorder is a sound.Sink that records what it is asked to play.
type recorder struct {
	g      *Game
	played []heard
	paused bool
}

func (r *recorder) Play(e sounds.Effect, _ float64) {
	h := heard{e: e}
	if tb, ok := r.cur(); ok && tb.Consumed > 0 {
		evs := tb.Sess.EventsFor(tb.Me, tb.Consumed-1)
		if len(evs) > 0 {
			h.shown = evs[0]
		}
		h.consumed, h.emitted = tb.Consumed, tb.Sess.EventCount()
		if p, ok := h.shown.(engine.CardPlaced); ok {
			sp := &tb.Cards[2*int(p.Card)]
			h.moving = sp.Tween != nil && sp.Tween.Progress() < 1
		}
	}
	r.played = append(r.played, h)
}

func (r *recorder) SetPaused(p bool) { r.paused = p }

// effectsOf returns the effects a player at seat plays for a stream of events (the reference
// mapping, package sound: a placement's pitch depends on its place in the turn), each with the
// event it plays for.
func effectsOf(seat int, evs []engine.Event) (effects []sounds.Effect, of []engine.Event) {
	rec := &recorder{}
	p := sound.New(rec)
	p.SetSeat(seat)
	for _, ev := range evs {
		n := len(rec.played)
		p.Event(ev)
		for _, h := range rec.played[n:] {
			effects, of = append(effects, h.e), append(of, ev)
		}
	}
	return effects, of
}

// TestSoundFollowsTheTable plays a round at normal speed with a recording sink: every effect of
// the game sounds when the table shows its event (the flip with the reveal, each placement as its
// card lands — never while the engine is ahead and the reveal still animates), in the order of
// the person's event stream, once each; buttons click.
func TestSoundFollowsTheTable(t *testing.T) {
	rec := &recorder{}
	g, err := NewGame(ui.Options{Storage: &storage.Memory{}, Speed: "normal", Seed: 7, InlineBots: true, Sound: sound.New(rec)})
	if err != nil {
		t.Fatal(err)
	}
	rec.g = g
	g.LayoutF(1280, 720)
	g.InjectInput(func(in *ui.Input) {})
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	tapButton(t, g, "new-game")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "newgame" })
	tapButton(t, g, "start")
	if len(rec.played) != 2 || rec.played[0].e != sounds.Click || rec.played[1].e != sounds.Click {
		t.Fatalf("two button taps played %v, want two clicks", rec.played)
	}
	rec.played = nil
	d := &driver{g: g}
	g.InjectInput(d.step)
	ahead := 0
	runUntil(t, g, 40000, func(ts ui.TestState) bool {
		if tb, ok := g.cur.(*table.Table); ok && tb.Sess.EventCount() > tb.Consumed && tb.Phase == table.PhaseReveal {
			ahead++
		}
		return ts.Scene == "score"
	})
	tb := g.cur.(*table.Table)
	if ahead == 0 {
		t.Fatal("the engine never ran ahead of the reveal animation: the test shows nothing")
	}
	// What the person's stream, as far as shown, should sound like.
	want, of := effectsOf(tb.Me, tb.Sess.EventsFor(tb.Me, 0)[:tb.Consumed])
	var got []sounds.Effect
	places := 0
	for _, h := range rec.played {
		if h.e == sounds.Click {
			continue
		}
		if i := len(got); i < len(of) && !reflect.DeepEqual(h.shown, of[i]) {
			t.Errorf("%v played while the table showed %T, not %T", h.e, h.shown, of[i])
		}
		got = append(got, h.e)
		if h.e >= sounds.Place && h.e <= sounds.Place5 {
			places++
			if h.moving {
				t.Errorf("a placement sounded while card %d still flew to its row", h.shown.(engine.CardPlaced).Card)
			}
		}
	}
	if places < 10 {
		t.Errorf("%d placement sounds in a round, want at least 10", places)
	}
	if strings.Join(effectNames(got), " ") != strings.Join(effectNames(want), " ") {
		t.Errorf("effects played:\n%v\nwant, from the events shown:\n%v", effectNames(got), effectNames(want))
	}
}

func effectNames(es []sounds.Effect) []string {
	var s []string
	for _, e := range es {
		s = append(s, e.File())
	}
	return s
}

// TestSoundSettings sets the volume and mute on the settings page, checks the player follows
// them and that a new game on the same storage remembers them; a silent device's reason shows.
func TestSoundSettings(t *testing.T) {
	mem := &storage.Memory{}
	rec := &recorder{}
	silent := errors.New("no sound card")
	g, err := NewGame(ui.Options{Storage: mem, Speed: "instant", Seed: 7, InlineBots: true, Sound: sound.New(rec),
		SoundStatus: func() (bool, error) { return false, silent }})
	if err != nil {
		t.Fatal(err)
	}
	g.LayoutF(390, 844)
	g.InjectInput(func(in *ui.Input) {})
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	tapButton(t, g, "settings")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "settings" })
	tapButton(t, g, "volume-minus")
	tapButton(t, g, "volume-minus")
	if g.Settings.Volume != 60 || g.Snd.Volume() != 0.6 {
		t.Fatalf("after two volume steps down: setting %d, player %v; want 60, 0.6", g.Settings.Volume, g.Snd.Volume())
	}
	found := false
	for _, w := range g.cur.(*menu.Menu).Widgets {
		found = found || strings.Contains(w.Label, silent.Error())
	}
	if !found {
		t.Error("the settings page does not say why the game is silent")
	}
	tapButton(t, g, "mute")
	if !g.Snd.Muted() {
		t.Fatal("the sound switch does not mute the player")
	}
	n := len(rec.played)
	tapButton(t, g, "back")
	if len(rec.played) != n {
		t.Error("a click sounded while muted")
	}
	g.FlushSaves()

	g2, err := NewGame(ui.Options{Storage: mem, Sound: sound.New(&recorder{})})
	if err != nil {
		t.Fatal(err)
	}
	if g2.Settings.Volume != 60 || !g2.Settings.Muted || g2.Snd.Volume() != 0.6 || !g2.Snd.Muted() {
		t.Errorf("a new game has volume %d (player %v) muted %v (player %v); want 60, muted",
			g2.Settings.Volume, g2.Snd.Volume(), g2.Settings.Muted, g2.Snd.Muted())
	}
	g2.Suspend()
	g2.Resume()
}

// cur returns the table shown, if any.
func (r *recorder) cur() (*table.Table, bool) {
	if r.g == nil {
		return nil, false
	}
	tb, ok := r.g.cur.(*table.Table)
	return tb, ok
}

// TestMusicFollowsTheScreens: the menus play the menu theme and a table the table's; the music's
// volume has its own row on the settings page, is given to the player and kept; an older
// settings file without it gets the default, not silence.
func TestMusicFollowsTheScreens(t *testing.T) {
	mem := &storage.Memory{}
	g, err := NewGame(ui.Options{Storage: mem, Speed: "instant", Seed: 7, InlineBots: true, Sound: sound.New(&recorder{})})
	if err != nil {
		t.Fatal(err)
	}
	g.LayoutF(390, 844)
	g.InjectInput(func(in *ui.Input) {})
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	if g.Snd.Music() != sounds.MenuTheme {
		t.Errorf("the menu plays theme %v, want the menu theme", g.Snd.Music())
	}
	if want := sound.DefaultMusicVolume; g.Snd.MusicVolume() != want {
		t.Errorf("music volume %v at first, want the default %v", g.Snd.MusicVolume(), want)
	}
	tapButton(t, g, "settings")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "settings" })
	tapButton(t, g, "music-minus")
	if g.Settings.MusicVolume != 40 || g.Snd.MusicVolume() != 0.4 || g.Settings.Volume != int(sound.DefaultVolume*100) {
		t.Fatalf("after a music step down: music %d (player %v), effects %d; want 40, 0.4, unchanged",
			g.Settings.MusicVolume, g.Snd.MusicVolume(), g.Settings.Volume)
	}
	tapButton(t, g, "back")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "menu" })
	tapButton(t, g, "new-game")
	runUntil(t, g, 5, func(ts ui.TestState) bool { return ts.Scene == "newgame" })
	if g.Snd.Music() != sounds.MenuTheme {
		t.Errorf("the new-game form plays theme %v, want the menu theme", g.Snd.Music())
	}
	tapButton(t, g, "start")
	runUntil(t, g, 50, func(ts ui.TestState) bool { return ts.Scene == "choose" })
	if g.Snd.Music() != sounds.TableTheme {
		t.Errorf("the table plays theme %v, want the table theme", g.Snd.Music())
	}
	g.FlushSaves()
	g2, err := NewGame(ui.Options{Storage: mem, Sound: sound.New(&recorder{})})
	if err != nil {
		t.Fatal(err)
	}
	if g2.Settings.MusicVolume != 40 || g2.Snd.MusicVolume() != 0.4 {
		t.Errorf("a new game has music %d (player %v), want 40 kept", g2.Settings.MusicVolume, g2.Snd.MusicVolume())
	}
	old := &storage.Memory{}
	if err := old.Save(ui.SettingsFile, []byte(`{"name":"Ann","volume":70}`)); err != nil {
		t.Fatal(err)
	}
	g3, err := NewGame(ui.Options{Storage: old, Sound: sound.New(&recorder{})})
	if err != nil {
		t.Fatal(err)
	}
	if want := int(sound.DefaultMusicVolume * 100); g3.Settings.MusicVolume != want || g3.Settings.Volume != 70 {
		t.Errorf("settings without music: music %d, volume %d; want %d, 70", g3.Settings.MusicVolume, g3.Settings.Volume, want)
	}
}
