package server_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/protocol/accountmsg"
	"nimmt/server"
	"nimmt/server/store"
	"nimmt/server/store/storetest"
)

// lobbyOpts reads the list again at once after every change: the tests' clock does not move.
var lobbyOpts = server.Options{LobbyEvery: -1}

// untilTables reads until a list of tables for which cond holds arrives, and returns it.
func (p *player) untilTables(what string, cond func([]protocol.Table) bool) []protocol.Table {
	p.t.Helper()
	m := p.until(what, func(m protocol.Message) bool {
		ts, ok := m.(protocol.Tables)
		return ok && cond(ts.Tables)
	})
	return m.(protocol.Tables).Tables
}

// upTo reads until cond holds, unless it holds already.
func (p *player) upTo(what string, cond func() bool) {
	p.t.Helper()
	if !cond() {
		p.until(what, func(protocol.Message) bool { return cond() })
	}
}

// table returns the table with the code in ts, or nil.
func table(ts []protocol.Table, code string) *protocol.Table {
	for i := range ts {
		if ts[i].Code == code {
			return &ts[i]
		}
	}
	return nil
}

// lineN is the number of the chat line with the text the player heard last.
func lineN(p *player, text string) int {
	n := 0
	for _, c := range p.st.Chat {
		if c.Text == text {
			n = c.N
		}
	}
	return n
}

func seatNames(t *protocol.Table) []string {
	var out []string
	for _, s := range t.Seats {
		out = append(out, s.Name)
	}
	return out
}

// A public table made by one client is in another's live list at once, a private room never is,
// a filter selects by variant, and a third client takes a seat with one message (sit).
func TestPublicTableListedAndJoined(t *testing.T) {
	ts := newTestServer(t, lobbyOpts, fast)
	watcher := newPlayer(t, "Watcher", 1)
	watcher.connect(ts.url, "")
	watcher.send(protocol.Lobby{Version: protocol.Version})
	if first := watcher.untilTables("the first list", func([]protocol.Table) bool { return true }); len(first) != 0 {
		t.Fatalf("first list %+v, want none", first)
	}
	nifty := newPlayer(t, "NiftyWatcher", 2)
	nifty.connect(ts.url, "")
	nifty.send(protocol.Lobby{Version: protocol.Version, Variant: "nifty"})
	nifty.untilType(protocol.TypeTables)

	priv := newPlayer(t, "Pia", 3)
	priv.connect(ts.url, "")
	private := priv.create(protocol.DefaultSettings(4))

	ann := newPlayer(t, "Ann", 4)
	ann.connect(ts.url, "")
	pub := protocol.DefaultSettings(4)
	pub.Public = true
	code := ann.create(pub)
	got := watcher.untilTables("Ann's table", func(ts []protocol.Table) bool { return table(ts, code) != nil })
	if tb := table(got, code); tb.State != protocol.StateLobby || tb.Settings.Seats != 4 || !slices.Equal(seatNames(tb), []string{"Ann"}) {
		t.Errorf("listed %+v", tb)
	}

	bo := newPlayer(t, "Bo", 5)
	bo.connect(ts.url, code)
	bo.send(protocol.Sit{Version: protocol.Version, Name: "Bo"})
	bo.untilType(protocol.TypeJoined)
	if bo.st.Token == "" || bo.st.Code != code {
		t.Fatalf("sit: token %q code %q", bo.st.Token, bo.st.Code)
	}
	got = watcher.untilTables("Bo at Ann's table", func(ts []protocol.Table) bool {
		tb := table(ts, code)
		return tb != nil && len(tb.Seats) == 2
	})
	if tb := table(got, code); !slices.Equal(seatNames(tb), []string{"Ann", "Bo"}) {
		t.Errorf("seats %v", seatNames(tb))
	}
	if table(got, private) != nil {
		t.Errorf("a private room is listed: %+v", got)
	}

	cy := newPlayer(t, "Cy", 6)
	cy.connect(ts.url, "")
	ns := pub
	ns.Variant, ns.Seats = engine.Nifty, 5
	niftyCode := cy.create(ns)
	got = nifty.untilTables("the Nifty table", func(ts []protocol.Table) bool { return table(ts, niftyCode) != nil })
	if table(got, code) != nil {
		t.Errorf("the Nifty filter lists a basic table: %+v", got)
	}
	watcher.untilTables("the Nifty table too", func(ts []protocol.Table) bool { return table(ts, niftyCode) != nil && table(ts, code) != nil })
}

// Quick match: people who ask alike meet at one table, which bots fill when the shortest wait
// asked for ends (the deadline is stored); a table waiting for people starts once full.
func TestQuickMatch(t *testing.T) {
	ts := newTestServer(t, lobbyOpts, fast)
	quick := func(p *player, fill, lo, hi int) string {
		t.Helper()
		p.connect(ts.url, "")
		p.send(protocol.Quick{Version: protocol.Version, Variant: engine.Basic, Min: lo, Max: hi, Fill: fill, Name: p.name})
		p.untilType(protocol.TypeJoined)
		// A new table's room comes after joined, a table's joined after its room.
		p.upTo("the room with the seat", func() bool { return p.st.Room.Code != "" && p.st.Room.You >= 0 })
		return p.st.Code
	}
	ann, bo, cy := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2), newPlayer(t, "Cy", 3)
	code := quick(ann, 60, 3, 4)
	if s := ann.st.Room.Settings; !s.Public || !s.Quick || s.Seats != 4 || s.Fill != 60 {
		t.Fatalf("quick table settings %+v", s)
	}
	start := ts.clock.Now()
	if at := ann.st.Room.StartAt; at != start.Add(60*time.Second).UnixMilli() {
		t.Errorf("start at %d, want 60 s from now", at)
	}
	if got := quick(bo, 30, 2, 4); got != code {
		t.Fatalf("Bo was seated at %s, not Ann's %s", got, code)
	}
	if got := quick(cy, 0, 2, 4); got == code {
		t.Fatal("a person waiting for people was seated at a table that bots fill")
	}
	ann.upTo("the start brought forward", func() bool { return ann.st.Room.StartAt == start.Add(30*time.Second).UnixMilli() })
	// The deadline is stored with the room: any process that loads it honours it.
	sr, err := ts.store.LoadRoom(context.Background(), code)
	if err != nil {
		t.Fatal(err)
	}
	var meta struct {
		StartAt int64 `json:"startAt"`
	}
	if err := json.Unmarshal(sr.Meta, &meta); err != nil || meta.StartAt != start.Add(30*time.Second).UnixMilli() {
		t.Errorf("stored start %d, %v", meta.StartAt, err)
	}

	ts.clock.Advance(29 * time.Second)
	if ann.st.Room.State != protocol.StateLobby {
		t.Fatal("started before the wait ended")
	}
	ts.clock.Advance(time.Second)
	for _, p := range []*player{ann, bo} {
		p.upTo("the game with bots", func() bool { return p.st.Next > 0 })
		var kinds []string
		for _, s := range p.st.Room.Seats {
			kinds = append(kinds, s.Kind)
		}
		if !slices.Equal(kinds, []string{protocol.KindPerson, protocol.KindPerson, protocol.KindBot, protocol.KindBot}) || p.st.Room.State != protocol.StatePlaying {
			t.Errorf("%s: seats %v, state %s", p.name, kinds, p.st.Room.State)
		}
		if len(p.st.View.Hand) != 10 {
			t.Errorf("%s holds %d cards", p.name, len(p.st.View.Hand))
		}
	}

	// Waiting for people: the table starts once full, at once.
	dee := newPlayer(t, "Dee", 4)
	if got := quick(dee, 0, 2, 2); got == code {
		t.Fatal("Dee at the started table")
	}
	eve := newPlayer(t, "Eve", 5)
	second := quick(eve, 0, 2, 2)
	if second != dee.st.Code {
		t.Fatalf("Eve at %s, Dee at %s", second, dee.st.Code)
	}
	eve.upTo("the full table's game", func() bool { return eve.st.Next > 0 })
	if len(cy.st.Room.Seats) != 1 || cy.st.Room.State != protocol.StateLobby {
		t.Errorf("Cy's table (2 to 4 seats, waiting) changed: %+v", cy.st.Room)
	}
}

// A watcher of a public table found in the list sees the game's public stream only: no seat's
// hand, ever.
func TestWatcherNeverGetsAHand(t *testing.T) {
	ts := newTestServer(t, lobbyOpts, fast)
	ann := newPlayer(t, "Ann", 1)
	ann.connect(ts.url, "")
	pub := protocol.DefaultSettings(3)
	pub.Public, pub.EndScore = true, 10
	code := ann.create(pub)
	ann.send(protocol.AddBot{Level: "beginner"})
	ann.send(protocol.AddBot{Level: "expert"})
	ann.send(protocol.Start{})
	ann.until("the first event", func(protocol.Message) bool { return ann.st.Next > 0 })

	w := newPlayer(t, "W", 2)
	w.connect(ts.url, "")
	w.send(protocol.Lobby{Version: protocol.Version})
	w.untilTables("the game being played", func(ts []protocol.Table) bool {
		tb := table(ts, code)
		return tb != nil && tb.State == protocol.StatePlaying
	})
	w.connect(ts.url, code)
	w.hello()
	done := make(chan struct{})
	go func() {
		defer close(done)
		ann.playTo("game over", ann.over)
	}()
	w.until("the game's end", func(protocol.Message) bool { return w.over() })
	<-done
	rec := ts.hub.Room(code).Record()
	g, err := engine.Replay(rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range w.st.Events {
		if d, ok := e.(engine.RoundDealt); ok {
			for s, h := range d.Hands {
				if h != nil {
					t.Errorf("event %d: the watcher got seat %d's hand %v", i, s, h)
				}
			}
		}
		want, _ := g.EventFor(-1, i)
		a, _ := engine.MarshalEvent(e)
		b, _ := engine.MarshalEvent(want)
		if string(a) != string(b) {
			t.Errorf("event %d: watcher got %s, the public stream has %s", i, a, b)
		}
	}
	if len(w.st.Events) == 0 {
		t.Fatalf("watcher saw %d events", len(w.st.Events))
	}
}

// Moderation over real sockets: a mute hides a seat's lines from the one who muted only; a
// report keeps the line with the lines before it; chat passes the word list; the host's kick
// gives the seat to a bot and keeps the person out; an address the operator banned is refused.
func TestKickMuteReportBan(t *testing.T) {
	ts := newTestServer(t, lobbyOpts, fast)
	ann, bo, cy := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2), newPlayer(t, "Cy", 3)
	pub := protocol.DefaultSettings(4)
	pub.Public = true
	code := seated(t, ts.url, pub, ann, bo, cy)
	cy.untilLine("Cy joined as blue")

	cy.send(protocol.Mute{Seat: 1})
	cy.untilLine("you muted Bo: their lines are hidden from you (only you)")
	bo.send(protocol.Say{Text: "what the fuck"})
	ann.untilLine("what the ****")
	n := lineN(ann, "what the ****")
	ann.send(protocol.Say{Text: "calm down"})
	cy.untilLine("calm down")
	if cy.hasLine("what the ****") > 0 {
		t.Error("Cy muted Bo and still got his line")
	}
	bo.untilLine("calm down")

	ann.send(protocol.Report{N: n, Reason: "rude"}) // not a reason of the list: refused, nothing stored
	if e := ann.untilError(); e.Code != protocol.ErrBadMessage || e.Ref != protocol.TypeReport || !strings.Contains(e.Message, "spam, insults, other") {
		t.Errorf("a report for rudeness: %+v", e)
	}
	ann.send(protocol.Report{N: n, Reason: protocol.ReasonInsults})
	ann.untilLine("report 1 received: the server's operator reads it with the lines before it")
	rs, err := ts.store.Reports(context.Background(), 10)
	if err != nil || len(rs) != 1 || rs[0].Room != code {
		t.Fatalf("reports %+v, %v", rs, err)
	}
	var rep struct {
		N        int
		Reason   string
		Reported struct{ Name, Addr string }
		Reporter struct{ Name string }
		Lines    []protocol.Chat
	}
	if err := json.Unmarshal(rs[0].Data, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.N != n || rep.Reason != protocol.ReasonInsults || rep.Reported.Name != "Bo" || rep.Reported.Addr != "127.0.0.1" || rep.Reporter.Name != "Ann" ||
		len(rep.Lines) < 2 || rep.Lines[len(rep.Lines)-1].Text != "what the ****" {
		t.Errorf("report %+v", rep)
	}

	cy.send(protocol.Kick{Seat: 1})
	if e := cy.untilError(); e.Code != protocol.ErrNotHost {
		t.Errorf("Cy kicking: %+v", e)
	}
	ann.send(protocol.Kick{Seat: 1})
	if e := bo.untilError(); e.Code != protocol.ErrKicked {
		t.Errorf("Bo kicked: %+v", e)
	}
	ann.until("Bo's seat a bot's", func(protocol.Message) bool { return ann.st.Room.Seats[1].Kind == protocol.KindBot })
	token := bo.st.Token
	bo.connect(ts.url, code)
	bo.send(protocol.Sit{Version: protocol.Version, Name: "Bob"})
	if e := bo.untilError(); e.Code != protocol.ErrKicked {
		t.Errorf("Bo sitting again: %+v", e)
	}
	bo.connect(ts.url, code)
	bo.send(protocol.Hello{Version: protocol.Version, Token: token})
	if e := bo.untilError(); e.Code != protocol.ErrToken {
		t.Errorf("Bo's old token: %+v", e)
	}

	if err := ts.store.Ban(context.Background(), store.Ban{Who: "addr:127.0.0.1", Reason: "spam", At: ts.clock.Now()}); err != nil {
		t.Fatal(err)
	}
	ts.clock.Advance(10 * time.Second) // the time a ban check is remembered
	dan := newPlayer(t, "Dan", 4)
	dan.connect(ts.url, "")
	dan.send(protocol.Lobby{Version: protocol.Version})
	if e := dan.untilError(); e.Code != protocol.ErrBanned || e.Message != "server: you are banned from this server: spam" {
		t.Errorf("banned: %+v", e)
	}
	if _, err := dan.recv(); err == nil {
		t.Error("a banned connection stays open")
	}
}

// A quick-match table chats in phrases only.
func TestQuickTablePhrases(t *testing.T) {
	ts := newTestServer(t, lobbyOpts, fast)
	ann := newPlayer(t, "Ann", 1)
	ann.connect(ts.url, "")
	ann.send(protocol.Quick{Version: protocol.Version, Variant: engine.Basic, Min: 2, Max: 4, Name: "Ann"})
	ann.untilType(protocol.TypeJoined)
	ann.send(protocol.Say{Text: "you all play badly"})
	if e := ann.untilError(); e.Code != protocol.ErrBadMessage {
		t.Errorf("free text at a quick table: %+v", e)
	}
	ann.send(protocol.Say{Text: "good luck"})
	ann.untilLine("Good luck!")
}

// A ban of an account holds for the connections signed in to it, whatever their address; a
// kick keeps the account out of the room.
func TestAccountBanAndKick(t *testing.T) {
	opts := accountOptions
	opts.LobbyEvery = -1
	ts := newTestServer(t, opts, fast)
	ann, bo := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2)
	ann.signUp(ts.url, "", 1)
	pub := protocol.DefaultSettings(4)
	pub.Public = true
	code := ann.create(pub)
	bo.signUp(ts.url, code, 2)
	bo.send(protocol.Sit{Version: protocol.Version, Name: "Bo"})
	bo.untilType(protocol.TypeJoined)
	bo.send(protocol.Say{Text: "you lose"})
	ann.untilLine("you lose")
	ann.send(protocol.Report{N: lineN(ann, "you lose")})
	ann.untilLine("report 1 received: the server's operator reads it with the lines before it")
	ann.send(protocol.Kick{Seat: 1})
	if e := bo.untilError(); e.Code != protocol.ErrKicked {
		t.Errorf("Bo kicked: %+v", e)
	}
	sr, err := ts.store.LoadRoom(context.Background(), code)
	if err != nil {
		t.Fatal(err)
	}
	var meta struct{ Kicked []string }
	if err := json.Unmarshal(sr.Meta, &meta); err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(meta.Kicked, func(w string) bool { return strings.HasPrefix(w, "account:") })
	if i < 0 {
		t.Fatalf("kept out: %v; want Bo's account too", meta.Kicked)
	}
	rs, err := ts.store.Reports(context.Background(), 1)
	var rep struct{ Reporter, Reported struct{ Account string } }
	if err != nil || len(rs) != 1 || json.Unmarshal(rs[0].Data, &rep) != nil || "account:"+rep.Reported.Account != meta.Kicked[i] ||
		rep.Reporter.Account == "" || rep.Reporter.Account == rep.Reported.Account {
		t.Errorf("the report's accounts: %+v (%v); Bo's is %s", rep, err, meta.Kicked[i])
	}
	if err := ts.store.Ban(context.Background(), store.Ban{Who: meta.Kicked[i], At: ts.clock.Now()}); err != nil {
		t.Fatal(err)
	}
	ts.clock.Advance(10 * time.Second) // the time a ban check is remembered
	bo.connect(ts.url, "")
	bo.send(accountmsg.SignIn{Secret: deviceSecret(2)})
	bo.reply(accountmsg.TypeAccount)
	bo.send(protocol.Quick{Version: protocol.Version, Variant: engine.Basic, Min: 2, Max: 4, Name: "Bo"})
	if e := bo.untilError(); e.Code != protocol.ErrBanned {
		t.Errorf("banned account: %+v", e)
	}
	ann.connect(ts.url, "") // the same address, another account: not banned
	ann.send(accountmsg.SignIn{Secret: deviceSecret(1)})
	ann.reply(accountmsg.TypeAccount)
	ann.send(protocol.Lobby{Version: protocol.Version})
	ann.untilType(protocol.TypeTables)
}

// Two processes on one PostgreSQL: a quick-match table opened on A is in the live list of a
// follower on B (the list is in the database; NOTIFY wakes B), and quick match on B seats Bo at
// it (B takes the room; Ann, whose connection A closed, comes back through B), and it starts.
func TestSharedLobby(t *testing.T) {
	db := storetest.NewPostgres(t)
	a, b := newSharedHub(t, db, time.Hour), newSharedHub(t, db, time.Hour)
	w := newPlayer(t, "W", 1)
	w.connect(b.url, "")
	w.send(protocol.Lobby{Version: protocol.Version})
	w.untilType(protocol.TypeTables)
	ann := newPlayer(t, "Ann", 2)
	ann.connect(a.url, "")
	ann.send(protocol.Quick{Version: protocol.Version, Variant: engine.Basic, Min: 2, Max: 2, Name: "Ann"})
	ann.untilType(protocol.TypeJoined)
	code := ann.st.Code
	w.untilTables("Ann's table, made on A", func(ts []protocol.Table) bool { return table(ts, code) != nil })

	bo := newPlayer(t, "Bo", 3)
	bo.connect(b.url, "")
	bo.send(protocol.Quick{Version: protocol.Version, Variant: engine.Basic, Min: 2, Max: 2, Name: "Bo"})
	bo.untilType(protocol.TypeJoined)
	if bo.st.Code != code {
		t.Fatalf("Bo at %s, Ann's table is %s", bo.st.Code, code)
	}
	ann.connect(b.url, code)
	ann.hello()
	ann.upTo("the game", func() bool { return ann.st.Room.State == protocol.StatePlaying && ann.st.Next > 0 })
	if names := []string{ann.st.Room.Seats[0].Name, ann.st.Room.Seats[1].Name}; !slices.Equal(names, []string{"Ann", "Bo"}) {
		t.Errorf("seats %v", names)
	}
	w.untilTables("the table playing", func(ts []protocol.Table) bool {
		tb := table(ts, code)
		return tb != nil && tb.State == protocol.StatePlaying
	})
}

// A table everybody left does not start a game of bots alone when its wait ends; the next
// person quick match seats there sets the start again.
func TestQuickTableLeftEmpty(t *testing.T) {
	ts := newTestServer(t, lobbyOpts, fast)
	ann := newPlayer(t, "Ann", 1)
	ann.connect(ts.url, "")
	ann.send(protocol.Quick{Version: protocol.Version, Variant: engine.Basic, Min: 2, Max: 4, Fill: 30, Name: "Ann"})
	ann.untilType(protocol.TypeJoined)
	code := ann.st.Code
	ann.send(protocol.Leave{})
	ann.upTo("the seat given up", func() bool { return ann.st.Room.Code != "" && len(ann.st.Room.Seats) == 0 })
	ts.clock.Advance(30 * time.Second)
	if s := ts.hub.Room(code).Summary(); s.State != protocol.StateLobby || len(s.Seats) != 0 || s.StartAt != 0 {
		t.Fatalf("the empty table: %s, %d seats, start at %d", s.State, len(s.Seats), s.StartAt)
	}
	bo := newPlayer(t, "Bo", 2)
	bo.connect(ts.url, "")
	bo.send(protocol.Quick{Version: protocol.Version, Variant: engine.Basic, Min: 2, Max: 4, Fill: 20, Name: "Bo"})
	bo.untilType(protocol.TypeJoined)
	if bo.st.Code != code || bo.st.Room.StartAt != ts.clock.Now().Add(20*time.Second).UnixMilli() {
		t.Errorf("Bo at %s (the empty table %s), start at %d", bo.st.Code, code, bo.st.Room.StartAt)
	}
}

// The portal's way works at a public table, a quick-match one too: /join takes a seat, the
// host's /start starts with the seats taken.
func TestPortalCommandsAtPublicTable(t *testing.T) {
	ts := newTestServer(t, lobbyOpts, fast)
	ann, bo := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2)
	ann.connect(ts.url, "")
	ann.send(protocol.Quick{Version: protocol.Version, Variant: engine.Basic, Min: 3, Max: 4, Name: "Ann"})
	ann.untilType(protocol.TypeJoined)
	bo.connect(ts.url, ann.st.Code)
	bo.hello()
	bo.send(protocol.Say{Text: "/join Bo"})
	bo.untilType(protocol.TypeJoined)
	ann.send(protocol.Say{Text: "/start"})
	for _, p := range []*player{ann, bo} {
		p.upTo("the game", func() bool { return p.st.Next > 0 })
		if n := len(p.st.Room.Seats); n != 2 || p.st.Room.State != protocol.StatePlaying {
			t.Errorf("%s: %d seats, %s", p.name, n, p.st.Room.State)
		}
	}
}
