package scenes

import (
	"testing"
	"time"

	"nimmt/client/clienttest"
	"nimmt/scenes/online"
	"nimmt/scenes/session"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/server"
	"nimmt/server/leakcheck"
	"nimmt/server/servertest"
	"nimmt/storage"
)

// notePacer tells a channel of every wake: a test loop waits on it instead of spinning.
type notePacer struct{ ch chan struct{} }

func (notePacer) SetIdle(bool) {}
func (p notePacer) Wake() {
	select {
	case p.ch <- struct{}{}:
	default:
	}
}

// waitsForNews reports whether the game has nothing to do until news from the server wakes it:
// no scene queued (the room opens the table through the next tick: a room that is still with
// the table queued waits for nothing) and the current scene still.
func (og *onlineGame) waitsForNews() bool {
	s, ok := og.cur.(stiller)
	return og.next == nil && ok && s.Still() && !og.cur.Animating()
}

// TestSpectateFromLobby: joining a room whose game has started, from the lobby by its code, on a
// real in-process server, lands as a spectator: no seat is asked for, the room says so, and the
// table that opens shows the game with no hand and no decision of its own, its connection never
// carrying a hand.
func TestSpectateFromLobby(t *testing.T) {
	srv := servertest.New(t, server.Options{Grace: time.Hour}, server.HTTPOptions{Rate: 1e9})
	code, _, _ := clienttest.Table(t, srv, clienttest.Settings())
	g, err := NewGame(ui.Options{Storage: &storage.Memory{}, Speed: "fast", Server: srv.URL()})
	if err != nil {
		t.Fatal(err)
	}
	d := &clienttest.Dialer{To: srv.Dial}
	g.dial.Dialer = d.Dial
	p := notePacer{make(chan struct{}, 1)}
	g.Pacer = p
	g.Settings.Name = "Cy"
	g.LayoutF(390, 844)
	og := &onlineGame{Game: g}
	og.Tap(t, "online")
	og.Tap(t, "code")
	og.typeText(t, code)
	og.Tap(t, "join")
	r, ok := g.cur.(*online.Room)
	if !ok {
		t.Fatalf("scene %s after Join", g.cur.Name())
	}
	t.Cleanup(r.Link.Close)
	var ts ui.TestState
	for i := 0; ; i++ {
		if i > 1_000_000 {
			t.Fatalf("the spectator's table never showed the game: %+v", ts)
		}
		og.tickIdle(t)
		ts = g.TestState()
		if tb, ok := g.cur.(*table.Table); ok && tb.CaughtUp() && tb.Tl.Idle() {
			break
		}
		if og.waitsForNews() {
			select {
			case <-p.ch:
			case <-time.After(clienttest.Guard):
				t.Fatalf("nothing came from the server: scene %s", ts.Scene)
			}
		}
	}
	tb := g.cur.(*table.Table)
	if r.JoinSent || r.State().You != online.SpectatorSeat || tb.Sess.(*session.RemoteSession).Me != online.SpectatorSeat {
		t.Fatalf("joined as seat %d (join sent %v), want a spectator", r.State().You, r.JoinSent)
	}
	if m, _ := r.StatusLine(); m.String() != "You are watching: the game has started" {
		t.Errorf("the room says %q", m.String())
	}
	if len(ts.Hand) != 0 || len(ts.HandRects) != 0 || ts.Decision != "" || ts.Input && ts.Chosen != 0 {
		t.Errorf("the spectator's table shows hand %v (%d targets), decision %q", ts.Hand, len(ts.HandRects), ts.Decision)
	}
	t.Logf("spectator's table: scene %s, seat %d, scores %v, %d rows", ts.Scene, ts.Seat, ts.Scores, len(ts.RowRects))
	if len(ts.RowRects) == 0 {
		t.Error("the spectator's table shows no rows")
	}
	n, err := leakcheck.Frames(srv.Hub().Room(code).Record(), 1, -1, d.Frames())
	if err != nil || n == 0 {
		t.Errorf("%d events checked: %v", n, err)
	}
}
