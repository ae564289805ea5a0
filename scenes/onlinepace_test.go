package scenes

import (
	"testing"
	"time"

	"nimmt/client"
	"nimmt/client/clienttest"
	"nimmt/protocol"
	"nimmt/scenes/online"
	"nimmt/scenes/session"
	"nimmt/scenes/table"
	"nimmt/scenes/ui"
	"nimmt/server"
	"nimmt/server/servertest"
	"nimmt/storage"
)

// TestIdleOnlineWakes: the room screen and an online table on a real in-process server stop
// their frames while they wait, and what arrives over the network wakes the game through the
// link's Notify (Game.Wake): a second person taking a seat shows in the room, the game's start
// opens the table, another seat's card clears its "thinking" chip. Resume (the app back from the
// background) makes the room screen connect again at once. Nothing here waits on the clock: each
// step waits for the game's wakes, and a wake that never comes fails the test.
func TestIdleOnlineWakes(t *testing.T) {
	srv := servertest.New(t, server.Options{Grace: time.Hour}, server.HTTPOptions{Rate: 1e9})
	d := &clienttest.Dialer{To: srv.Dial}
	g, p, tick := pacedGame(t, ui.Options{Storage: &storage.Memory{}, Speed: "fast"})
	g.dial.Dialer = d.Dial
	g.Settings.Name = "Ann"
	g.InjectInput(func(*ui.Input) {})
	base := srv.URL()
	r := online.NewRoom(g.host, &g.dial, g.dial.DialRoom(base, "", protocol.Create{Version: protocol.Version, Settings: clienttest.Settings(), Name: "Ann"}), base, false)
	t.Cleanup(r.Link.Close)
	g.goTo(r)
	// settle runs frames as Ebitengine does until the game stops them.
	settle := func(what string) {
		t.Helper()
		for i := 0; !p.idle.Load(); i++ {
			if i > 5000 {
				t.Fatalf("the frames never stopped: %s", what)
			}
			tick()
		}
	}
	// await runs frames while they run and waits for a wake while they are stopped, until cond
	// holds; it reports how many wakes it waited for.
	await := func(what string, cond func() bool) int {
		t.Helper()
		wakes := 0
		for i := 0; !cond(); i++ {
			if i > 100000 {
				t.Fatalf("never: %s", what)
			}
			if p.idle.Load() {
				p.waitWake(t, what)
				wakes++
			}
			tick()
		}
		return wakes
	}
	online := func() bool { return r.Status.Phase == client.LinkOnline }
	await("the room is made", func() bool { return r.Opened && r.Host() && online() })
	settle("the room waits for people")
	if g.cur != r {
		t.Fatalf("scene %s, want the room", g.cur.Name())
	}

	// Resume: the room connects again at once (before Bo comes: a host whose connection drops passes the host to a connected person), and shows it when it is back.
	dials := d.Dials()
	g.Resume()
	await("the room connected again after Resume", func() bool { return d.Dials() > dials && online() })
	settle("the room after Resume")

	code := r.State().Code
	bo := clienttest.Open(t, srv, code, protocol.Join{Name: "Bo"}, "Bo", 2)
	if w := await("Bo's seat in the room", func() bool { return len(r.State().Seats) == 2 }); w == 0 {
		t.Error("Bo's seat was seen without a wake")
	}
	settle("the room with Bo")
	if ts := g.TestState(); ts.Online == nil || len(ts.Online.Seats) != 2 || ts.Online.Seats[1] != "Bo" {
		t.Fatalf("the room shows %+v, want Ann and Bo", ts.Online)
	}

	r.Activate("add-bot")
	await("the bot's seat", func() bool { return len(r.State().Seats) == 3 })
	r.Activate("start")
	var tb *table.Table
	await("the table at Ann's first card", func() bool {
		tb, _ = g.cur.(*table.Table)
		if tb == nil {
			return false
		}
		ts := g.TestState()
		return ts.Scene == "choose" && ts.Input && ts.Decision == "play" && p.idle.Load()
	})
	if tb.Seats[1].Status != session.StatusThinking {
		t.Fatalf("Bo's plate shows status %d while he decides, want thinking", tb.Seats[1].Status)
	}
	redraws := g.redraws
	bo.Must("Bo's card", func() bool { bo.Move(); return bo.Acts > 0 })
	if w := await("Bo's card on Ann's table", func() bool { return tb.Seats[1].Status != session.StatusThinking }); w == 0 {
		t.Error("Bo's card was seen without a wake")
	}
	settle("the table after Bo's card")
	if g.redraws == redraws {
		t.Error("Bo's card was not drawn")
	}
	if ts := g.TestState(); ts.Scene != "choose" || !ts.Input || len(ts.Waiting) != 1 || ts.Waiting[0] != 0 {
		t.Errorf("after Bo's card: scene %s, input %v, waiting %v; want only Ann", ts.Scene, ts.Input, ts.Waiting)
	}
}
