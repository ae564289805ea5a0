package scenes

import (
	"slices"
	"strings"
	"testing"
	"time"

	"nimmt/client/clienttest"
	"nimmt/protocol"
	"nimmt/scenes/online"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/server"
	"nimmt/server/servertest"
	"nimmt/storage"
)

// newPublicGame is a game whose server is srv (in the process), at a phone's size, on the list
// of public tables (Menu → Play online).
func newPublicGame(t *testing.T, srv *servertest.Server, name string) (*onlineGame, notePacer) {
	t.Helper()
	og, p := newServedGame(t, srv, name)
	og.Tap(t, "online")
	og.tickIdle(t)
	pub, ok := og.cur.(*online.Public)
	if !ok {
		t.Fatalf("scene %s after Play online", og.cur.Name())
	}
	t.Cleanup(func() { pub.Link.Close() })
	return og, p
}

// newServedGame is a game on its menu whose server is srv (in the process), at a phone's size.
func newServedGame(t *testing.T, srv *servertest.Server, name string) (*onlineGame, notePacer) {
	t.Helper()
	g, err := NewGame(ui.Options{Storage: &storage.Memory{}, Speed: "fast", Server: srv.URL()})
	if err != nil {
		t.Fatal(err)
	}
	g.dial.Dialer = (&clienttest.Dialer{To: srv.Dial}).Dial
	p := notePacer{make(chan struct{}, 1)}
	g.Pacer = p
	g.Settings.Name = name
	g.LayoutF(390, 844)
	return &onlineGame{Game: g}, p
}

// until runs the game until cond holds, waiting for news from the server while the scene is still.
func (og *onlineGame) until(t *testing.T, p notePacer, what string, cond func() bool) {
	t.Helper()
	for i := 0; !cond(); i++ {
		if i > 100_000 {
			t.Fatalf("%s never came: scene %s", what, og.cur.Name())
		}
		if og.waitsForNews() {
			select {
			case <-p.ch:
			case <-time.After(clienttest.Guard):
				t.Fatalf("%s: nothing came from the server: scene %s, %+v", what, og.cur.Name(), og.TestState().Notice)
			}
		}
		og.tickIdle(t)
	}
}

// publicOpts list the public tables without waiting between two readings (the clock is the test's).
var publicOpts = server.Options{Grace: time.Hour, LobbyEvery: -1}

// TestPublicJoin: a public table another client opened shows in the list of Play online, with who
// sits there, and one tap on its Join seats the person there under their name.
func TestPublicJoin(t *testing.T) {
	srv := servertest.New(t, publicOpts, server.HTTPOptions{Rate: 1e9})
	s := clienttest.Settings()
	s.Public = true
	ann := clienttest.Open(t, srv, "", protocol.Create{Version: protocol.Version, Settings: s, Name: "Ann"}, "Ann", 1)
	ann.Must("the room", func() bool { return ann.L.State().Token != "" })
	code := ann.L.State().Code

	og, p := newPublicGame(t, srv, "Cy")
	og.until(t, p, "Ann's table in the list", func() bool { return og.has("join-" + code) })
	ts := og.TestState()
	i := slices.IndexFunc(ts.Buttons, func(b ui.Button) bool { return b.ID == "join-"+code })
	if !ts.Buttons[i].Enabled {
		t.Fatal("Join of a table with free seats is disabled")
	}
	og.Tap(t, "join-"+code)
	og.tickIdle(t)
	r, ok := og.cur.(*online.Room)
	if !ok {
		t.Fatalf("scene %s after Join", og.cur.Name())
	}
	t.Cleanup(r.Link.Close)
	og.until(t, p, "the seat", func() bool { return r.State().You == 1 })
	ann.Must("Cy at the table", func() bool {
		st := ann.L.State().Room.Seats
		return len(st) == 2 && st[1].Name == "Cy" && st[1].Kind == protocol.KindPerson
	})
}

// TestPublicPlayNow: Play now with bots after 15 s and two seats opens a quick-match table, whose
// game starts with a bot when the server's clock has run the 15 s, and the table opens.
func TestPublicPlayNow(t *testing.T) {
	srv := servertest.New(t, publicOpts, server.HTTPOptions{Rate: 1e9})
	og, p := newPublicGame(t, srv, "Cy")
	og.until(t, p, "the list", func() bool { return strings.Contains(og.TestState().Notice, "No open table") })
	og.Tap(t, "seats") // any → 2
	for range 3 {
		og.Tap(t, "fill") // 30 s → 60 s → people → 15 s
	}
	og.Tap(t, "play")
	og.tickIdle(t)
	r, ok := og.cur.(*online.Room)
	if !ok {
		t.Fatalf("scene %s after Play now", og.cur.Name())
	}
	t.Cleanup(r.Link.Close)
	og.until(t, p, "the seat", func() bool { return r.State().You == 0 && r.State().StartAt > 0 })
	if st := r.State().Settings; !st.Quick || st.Seats != 2 || st.Fill != 15 {
		t.Fatalf("quick table %+v", st)
	}
	if at, want := r.State().StartAt, srv.Clock.Now().Add(15*time.Second).UnixMilli(); at != want {
		t.Errorf("bots due at %d, want %d", at, want)
	}
	srv.Clock.Advance(15 * time.Second)
	og.until(t, p, "the table", func() bool { _, ok := og.cur.(*table.Table); return ok })
	if st := r.State(); st.State != protocol.StatePlaying || len(st.Seats) != 2 || st.Seats[1].Kind != protocol.KindBot {
		t.Errorf("room %+v", st)
	}
}
