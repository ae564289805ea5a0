package scenes

import (
	"testing"

	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/scenes/online"
	"nimmt/scenes/session"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
)

// TestBackFromTable: the room asks the Router for its game's table and keeps no table of its
// own making; the table's menu goes back (Router.Back) to that same room, also after the room's
// next game opened while the last one's table showed; a local game's table goes back to the menu.
func TestBackFromTable(t *testing.T) {
	needDisplay(t)
	og := newOnlineGame(t, ui.Options{Speed: "instant", Seed: 5, InlineBots: true})
	g := og.Game
	g.Settings.Seats = 3
	var opened []session.Session
	g.dial.SessionFor = func(online.RoomLink) session.Session {
		l, err := session.NewLocalSession(g.host, ui.VariantConfig(&g.Settings), session.SeatsFromSettings(&g.Settings), uint64(len(opened)+1))
		if err != nil {
			t.Fatal(err)
		}
		opened = append(opened, l)
		return l
	}
	l := sampleRoom()
	r := online.NewRoom(g.host, &g.dial, l, "ws://example.org", false)
	g.cur = r
	start := func(game int) {
		t.Helper()
		rm := l.st.Room
		rm.State, rm.Game = protocol.StatePlaying, game
		if err := l.push(rm); err != nil {
			t.Fatal(err)
		}
		l.st.Game, l.st.Events = game, []engine.Event{engine.RoundDealt{}}
	}
	onTable := func(what string) *table.Table {
		t.Helper()
		og.tickIdle(t)
		tb, ok := g.cur.(*table.Table)
		if !ok || len(opened) == 0 || tb.Sess != opened[len(opened)-1] {
			t.Fatalf("%s: scene %s, %d sessions opened", what, g.cur.Name(), len(opened))
		}
		return tb
	}
	backTo := func(what string, want ui.Scene, name string) {
		t.Helper()
		og.Tap(t, "menu")
		if g.cur.Name() != name || want != nil && g.cur != want {
			t.Fatalf("%s: the table's menu went to %s (%T), want %s", what, g.cur.Name(), g.cur, name)
		}
	}
	start(1)
	og.tickIdle(t) // the room polls its link and asks the Router for the table
	first := onTable("game 1")
	if r.Table != ui.Scene(first) || r.TableGame != 1 {
		t.Fatalf("the room keeps table %p of game %d, want the Router's %p", r.Table, r.TableGame, first)
	}
	backTo("game 1", r, "room")
	og.Tap(t, "to-table")
	if g.cur != ui.Scene(first) {
		t.Fatalf("to-table showed %s", g.cur.Name())
	}
	start(2) // the host played again: the room follows while its table shows
	og.tickIdle(t)
	second := onTable("game 2")
	if second == first || r.TableGame != 2 {
		t.Fatalf("the room's next game did not open a new table (game %d)", r.TableGame)
	}
	backTo("game 2", r, "room")

	og.Tap(t, "leave")
	if err := g.host.Play(7); err != nil {
		t.Fatal(err)
	}
	og.tickIdle(t)
	if _, ok := g.cur.(*table.Table); !ok {
		t.Fatalf("Play opened %s", g.cur.Name())
	}
	og.Tap(t, "menu") // a local game pauses under its sheet first
	if !g.cur.(*table.Table).Pause.Paused {
		t.Fatal("the local table's Menu did not put up the pause sheet")
	}
	og.Tap(t, "pause-leave")
	if g.cur.Name() != "menu" {
		t.Fatalf("the pause sheet's Leave went to %s, want the menu", g.cur.Name())
	}
}
