package scenes

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"nimmt/client"
	"nimmt/client/clienttest"
	"nimmt/engine"
	"nimmt/msg"
	"nimmt/protocol"
	"nimmt/scenes/session"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/server"
	"nimmt/server/leakcheck"
	"nimmt/server/servertest"
	"nimmt/sprites"
	"nimmt/storage"
)

// onlineTable starts a room on a real in-process server (SQLite file, WebSocket): Ann, whose seat
// this device's table plays on a remote session, Bo, a second Go client playing random moves in
// his own goroutine, and a beginner bot the server runs inline. It returns once Ann's table is
// open on the first events.
func onlineTable(t *testing.T, st ui.Storage) (srv *servertest.Server, g *Game, tb *table.Table, sess *session.RemoteSession, ann, bo *clienttest.Player) {
	srv = servertest.New(t, server.Options{Grace: time.Hour}, server.HTTPOptions{Rate: 1e9})
	_, ann, bo = clienttest.Room(t, srv, clienttest.Settings())
	ann.L.Send(protocol.Start{})
	ann.Must("the first event", func() bool { return ann.L.State().Next > 0 })
	g = newTestGame(t, st, "fast")
	sess = session.NewRemoteSession(ann.L)
	tb = table.NewTableOn(g.host, sess, sess.Me)
	g.goTo(tb)
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := bo.Play(); err != nil {
			t.Error(err)
		}
	}()
	t.Cleanup(func() { <-done })
	return srv, g, tb, sess, ann, bo
}

// runOnline ticks the game until cond holds. When the table has been quiet for a while — it shows
// every event, nothing moves and it waits for no input of the person — the loop waits for the
// link's next message instead of spinning (a guard against hanging, never a quota); every tick
// hook runs first.
func runOnline(t *testing.T, g *Game, tb *table.Table, ann *clienttest.Player, hook func(), cond func(ts ui.TestState) bool) ui.TestState {
	t.Helper()
	quiet, last := 0, ""
	for range 2_000_000 {
		if hook != nil {
			hook()
		}
		if err := g.Update(); err != nil {
			t.Fatalf("Update: %v", err)
		}
		ts := g.TestState()
		if cond(ts) {
			return ts
		}
		key := fmt.Sprint(ts.Scene, ts.Decision, tb.Consumed, len(tb.Log), tb.InFlight)
		waiting := tb.Tl.Idle() && !tb.Animating() && len(tb.Events) == 0 && tb.Consumed >= tb.Sess.EventCount() &&
			(tb.InFlight || tb.Disp.Decision == nil) && tb.Phase != table.PhaseScore && tb.Phase != table.PhaseOver
		if !waiting || key != last {
			quiet, last = 0, key
			continue
		}
		if quiet++; quiet < 60 {
			continue
		}
		select {
		case <-ann.Note:
			quiet = 0
		case <-time.After(clienttest.Guard):
			t.Fatalf("the table waits for the server, which sent nothing: %+v", ts)
		}
	}
	t.Fatal("the game did not end")
	return ui.TestState{}
}

// A table on a remote session plays a whole game to game over through the real server while a
// second client plays another seat; the table never knows the seats are remote. Its scores are
// the server's result; every frame Ann's connection received is checked for another hand's cards
// before the rules reveal them; and a local game's autosave is left as it was.
func TestRemoteTableWholeGame(t *testing.T) {
	st := &storage.Memory{}
	// A local game in progress, autosaved.
	lg := newTestGame(t, st, "fast")
	lt, err := table.NewTable(lg.host, 5)
	if err != nil {
		t.Fatal(err)
	}
	lg.goTo(lt)
	runUntil(t, lg, 10000, func(ts ui.TestState) bool { return ts.Scene == "choose" && ts.Input })
	lt.Save()
	lg.FlushSaves()
	autosave, err := st.Load(ui.SaveFile)
	if err != nil {
		t.Fatal(err)
	}

	srv, g, tb, sess, ann, _ := onlineTable(t, st)
	if sess.SeatList[0].Kind != session.SeatPerson || sess.SeatList[1].Kind != session.SeatRemote || sess.SeatList[2].Kind != session.SeatRemote || sess.SeatList[1].Name != "Bo" {
		t.Fatalf("seats %+v", sess.SeatList)
	}
	// Each plate takes the colour its seat has in the room (its avatar's badge).
	for i, x := range ann.L.State().Room.Seats {
		k := slices.Index(protocol.Colours, x.Colour)
		if sess.SeatList[i].Colour != x.Colour || k < 0 || tb.SeatColour(i) != sprites.SeatColor(k) {
			t.Errorf("seat %d in the room's colour %q has %q, drawn in %v", i, x.Colour, sess.SeatList[i].Colour, tb.SeatColour(i))
		}
	}
	d := &driver{g: g}
	g.InjectInput(d.step)
	ts := runOnline(t, g, tb, ann, nil, func(ts ui.TestState) bool { return ts.Scene == "gameover" && ts.Input })
	res := ann.L.State().Room.Result
	if res == nil || !slices.Equal(ts.Scores, res.Totals) {
		t.Fatalf("table shows %v, the server's result %+v", ts.Scores, res)
	}
	if sess.Sent == 0 {
		t.Fatal("the table sent no action")
	}
	code := ann.L.State().Code
	rec := srv.Hub().Room(code).Record()
	n, err := leakcheck.Frames(rec, 1, 0, ann.D.Frames())
	if err != nil {
		t.Error(err)
	}
	if n != len(ann.L.State().Events) {
		t.Errorf("%d events checked, %d received", n, len(ann.L.State().Events))
	}
	g.FlushSaves()
	if b, err := st.Load(ui.SaveFile); err != nil || string(b) != string(autosave) {
		t.Errorf("the local autosave changed (%v)", err)
	}
	t.Logf("%d actions sent, %d events, scores %v", sess.Sent, n, ts.Scores)
}

// The socket drops mid-turn, several times — right after the table sent an action, and when the
// app comes back from the background (Suspend/Resume) — and the table plays on to game over. What
// it shows was never replayed twice: its log is exactly the log of a fresh table fast-forwarded
// over the game as the server stored it.
func TestRemoteTableReconnects(t *testing.T) {
	srv, g, tb, sess, ann, _ := onlineTable(t, &storage.Memory{})
	d := &driver{g: g}
	g.InjectInput(d.step)
	dropped := 0
	hook := func() {
		switch {
		case sess.Sent == 2 && dropped == 0, sess.Sent == 6 && dropped == 1:
			dropped++
			ann.D.Drop()
		case sess.Sent == 9 && dropped == 2:
			dropped++
			g.Suspend()
			g.Resume()
		}
	}
	ts := runOnline(t, g, tb, ann, hook, func(ts ui.TestState) bool { return ts.Scene == "gameover" && ts.Input })
	if dropped != 3 || ann.D.Dials() < 4 {
		t.Fatalf("%d drops, %d connections", dropped, ann.D.Dials())
	}
	if res := ann.L.State().Room.Result; res == nil || !slices.Equal(ts.Scores, res.Totals) {
		t.Fatalf("table shows %v, the server's result %+v", ts.Scores, res)
	}
	// A fresh connection with Ann's token, a fresh table fast-forwarded: the same log.
	r := ann.L.Resume()
	fresh := clienttest.Open(t, srv, r.Code, r.Hello(), "Ann again", 3)
	fresh.Must("the whole game", fresh.Over)
	g2 := newTestGame(t, &storage.Memory{}, "fast")
	s2 := session.NewRemoteSession(fresh.L)
	t2 := table.NewTableOn(g2.host, s2, s2.Me)
	t2.FastForward()
	if a, b := logText(tb), logText(t2); !slices.Equal(a, b) {
		t.Errorf("the table's log (%d lines) differs from the stored game's (%d lines)", len(a), len(b))
		for i := range min(len(a), len(b)) {
			if a[i] != b[i] {
				t.Errorf("line %d: %q, stored %q", i, a[i], b[i])
				break
			}
		}
	}
	t.Logf("%d connections, %d actions sent, %d log lines", ann.D.Dials(), sess.Sent, len(tb.Log))
}

func logText(t *table.Table) []string {
	var out []string
	for _, e := range t.Log {
		out = append(out, e.M.String())
	}
	return out
}

// A spectator's table (no seat: every seat remote, the public stream) follows a whole game to its
// end with the server's result, and its connection never carries a hand.
func TestRemoteSpectatorTable(t *testing.T) {
	srv, _, _, _, ann, _ := onlineTable(t, &storage.Memory{})
	code := ann.L.State().Code
	sp := clienttest.Open(t, srv, code, protocol.Hello{Version: protocol.Version}, "Cy", 4)
	sp.Must("the first event", func() bool { return sp.L.State().Next > 0 })
	g := newTestGame(t, &storage.Memory{}, "fast")
	sess := session.NewRemoteSession(sp.L)
	if sess.Me != -1 || sess.Act(0, engine.PlayCard(1)) == nil {
		t.Fatalf("a spectator sits at seat %d or acts", sess.Me)
	}
	for _, s := range sess.Seats() {
		if s.Kind != session.SeatRemote {
			t.Fatalf("seats %+v", sess.Seats())
		}
	}
	tb := table.NewTableOn(g.host, sess, sess.Me)
	g.goTo(tb)
	d := &driver{g: g} // taps through the round's scores
	g.InjectInput(d.step)
	done := make(chan error, 1)
	go func() { done <- ann.Play() }() // Ann's own table is not running: her link plays
	ts := runOnline(t, g, tb, sp, nil, func(ts ui.TestState) bool { return ts.Scene == "gameover" })
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if res := sp.L.State().Room.Result; res == nil || !slices.Equal(ts.Scores, res.Totals) {
		t.Fatalf("the spectator's table shows %v, the server's result %+v", ts.Scores, res)
	}
	n, err := leakcheck.Frames(srv.Hub().Room(code).Record(), 1, -1, sp.D.Frames())
	if err != nil || n == 0 {
		t.Errorf("%d events checked: %v", n, err)
	}
}

// An action the engine refuses comes back from Update with the engine's words and changes
// nothing; the decision can then be answered again. An action for a decision already answered is
// not sent twice.
func TestRemoteSessionRefusal(t *testing.T) {
	srv := servertest.New(t, server.Options{Grace: time.Hour}, server.HTTPOptions{Rate: 1e9})
	_, ann, _ := clienttest.Room(t, srv, clienttest.Settings()) // Bo does not play: the turn waits
	ann.L.Send(protocol.Start{})
	ann.Must("Ann's first decision", func() bool { return ann.L.State().View.Decision != nil })
	sess := session.NewRemoteSession(ann.L)
	if err := sess.Act(0, engine.PlayCard(engine.DeckSize+1)); err != nil {
		t.Fatal(err)
	}
	var refused error
	ann.Must("the refusal", func() bool {
		_, refused = sess.Update(true)
		return refused != nil
	})
	if !strings.Contains(refused.Error(), "engine:") || ann.L.State().View.MyChoice != 0 {
		t.Fatalf("refused %v, chose %d", refused, ann.L.State().View.MyChoice)
	}
	c := ann.L.State().View.Hand[0]
	for range 2 {
		if err := sess.Act(0, engine.PlayCard(c)); err != nil {
			t.Fatal(err)
		}
	}
	if sess.Sent != 2 {
		t.Errorf("%d actions sent, want the refused one and one more", sess.Sent)
	}
	ann.Must("the choice", func() bool { sess.Update(true); return ann.L.State().View.MyChoice == c })
	if err := sess.Act(0, engine.PlayCard(ann.L.State().View.Hand[1])); !errors.Is(err, session.ErrAnswered) {
		t.Errorf("a second card after the choice: %v", err)
	}
}

// While the server is down (stopped mid-game, as by a kill) the online table says it is
// reconnecting, over the table; once the server is back on the same database the banner goes and
// the game plays on to its end with the server's result.
func TestRemoteTableBanner(t *testing.T) {
	srv, g, tb, sess, ann, _ := onlineTable(t, &storage.Memory{})
	d := &driver{g: g}
	g.InjectInput(d.step)
	want := msg.New(msg.OnlineReconnecting, 1).String()
	stopped, back := false, false
	hook := func() {
		switch {
		case !stopped && sess.Sent == 3:
			stopped = true
			srv.Stop()
		case stopped && !back && tb.Banner == want:
			back = true
			srv.Start()
		}
	}
	ts := runOnline(t, g, tb, ann, hook, func(ts ui.TestState) bool { return ts.Scene == "gameover" && ts.Input })
	if !back {
		t.Fatal("the table never said it is reconnecting")
	}
	if tb.Banner != "" {
		t.Errorf("the banner stays after the reconnect: %q", tb.Banner)
	}
	if res := ann.L.State().Room.Result; res == nil || !slices.Equal(ts.Scores, res.Totals) {
		t.Fatalf("table shows %v, the server's result %+v", ts.Scores, res)
	}
}

// nameLink is a remote session's link that holds a room and never brings news: the test changes
// its room as a server's `room` message would.
type nameLink struct{ st client.State }

func (l *nameLink) Poll() bool                { return false }
func (l *nameLink) State() *client.State      { return &l.st }
func (l *nameLink) Send(protocol.Message)     {}
func (l *nameLink) Status() client.LinkStatus { return client.LinkStatus{} }
func (l *nameLink) Pending() bool             { return false }

// A seat whose account is renamed while the game runs (docs/protocol.md "Display names") shows
// the new name on its plate.
func TestRemoteTableSeatRenamed(t *testing.T) {
	l := &nameLink{st: client.State{Game: 1, Room: protocol.Room{Game: 1, You: 0, Settings: protocol.DefaultSettings(3),
		State: protocol.StatePlaying, Seats: []protocol.Seat{
			{Name: "Ann", Kind: protocol.KindPerson, Colour: "green", Connected: true},
			{Name: "Bo", Kind: protocol.KindPerson, Colour: "blue", Connected: true},
			{Name: "Cy", Kind: protocol.KindBot, Colour: "red"}}}}}
	g := newTestGame(t, &storage.Memory{}, "fast")
	sess := session.NewRemoteSession(l)
	tb := table.NewTableOn(g.host, sess, sess.Me)
	g.goTo(tb)
	if err := g.Update(); err != nil {
		t.Fatal(err)
	}
	if ts := g.TestState(); len(ts.Names) != 3 || ts.Names[1] != "Bo" {
		t.Fatalf("plates %q", ts.Names)
	}
	l.st.Room.Seats[1].Name = "Bo Brown"
	if err := g.Update(); err != nil {
		t.Fatal(err)
	}
	if ts := g.TestState(); ts.Names[1] != "Bo Brown" || sess.Seats()[1].Name != "Bo Brown" {
		t.Errorf("after the rename the plates say %q, the session %q", ts.Names, sess.Seats()[1].Name)
	}
}
