package server_test

import (
	"fmt"
	"testing"
	"time"

	"nimmt/protocol"
	"nimmt/server"
)

// seated connects the players to a new room with settings: the first creates it, the others
// join; every player has read up to its own seat.
func seated(t *testing.T, url string, s protocol.Settings, ps ...*player) string {
	t.Helper()
	ps[0].connect(url, "")
	code := ps[0].create(s)
	for _, p := range ps[1:] {
		p.connect(url, code)
		p.hello()
		p.join()
	}
	return code
}

// untilHost reads until the room names seat i as the host.
func (p *player) untilHost(i int) {
	p.t.Helper()
	p.until(fmt.Sprintf("host %d", i), func(m protocol.Message) bool {
		r, ok := m.(protocol.Room)
		return ok && r.Host == i
	})
}

// untilLine reads until the player has heard a chat line with the text (at once if it has).
func (p *player) untilLine(text string) {
	p.t.Helper()
	if p.hasLine(text) > 0 {
		return
	}
	p.until(text, func(protocol.Message) bool { return p.hasLine(text) > 0 })
}

// untilState reads until the room is in the state (at once if it is).
func (p *player) untilState(state string) {
	p.t.Helper()
	if p.st.Room.State == state {
		return
	}
	p.until(state, func(protocol.Message) bool { return p.st.Room.State == state })
}

// hasLine returns how often the player has heard a chat line with the text.
func (p *player) hasLine(text string) int {
	n := 0
	for _, c := range p.st.Chat {
		if c.Text == text {
			n++
		}
	}
	return n
}

// The host who leaves the lobby hands the host to the next person. A host whose connection is
// lost stays the host through the grace (30 s here) and keeps it on coming back within it; once
// the grace is over the host goes to the next person connected, who may start, and the old host
// coming back is a player.
func TestHostHandedOn(t *testing.T) {
	ts := newTestServer(t, server.Options{}, fast)
	ann, bo, cy := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2), newPlayer(t, "Cy", 3)
	seated(t, ts.url, noTimer(4), ann, bo, cy)
	ann.send(protocol.Leave{})
	cy.untilHost(0) // Bo, seat 0 now
	cy.untilLine("Bo is the host now")
	ann.send(protocol.Join{Name: "Ann"}) // back as seat 2
	ann.untilType(protocol.TypeJoined)

	lost := func(p *player, seat int) { // p's connection closes, and the room knows it
		t.Helper()
		p.conn.Close()
		cy.until(p.name+" gone", func(protocol.Message) bool { return !cy.st.Room.Seats[seat].Connected })
	}
	lost(bo, 0)
	ts.clock.Advance(29 * time.Second)
	bo.connect(ts.url, bo.st.Code)
	bo.hello()
	if bo.st.Room.Host != 0 || cy.hasLine("Cy is the host now") > 0 {
		t.Fatalf("Bo back within the grace: host %d", bo.st.Room.Host)
	}
	lost(bo, 0)
	ts.clock.Advance(30 * time.Second)
	cy.untilHost(1) // Cy
	cy.untilLine("Cy is the host now")
	bo.connect(ts.url, bo.st.Code)
	bo.hello()
	if bo.st.Room.Host != 1 || bo.st.Room.You != 0 {
		t.Fatalf("Bo back: host %d, Bo is seat %d", bo.st.Room.Host, bo.st.Room.You)
	}
	bo.send(protocol.Start{})
	if e := bo.untilError(); e.Code != protocol.ErrNotHost {
		t.Errorf("Bo starts: %+v", e)
	}
	cy.send(protocol.Start{})
	ann.untilState(protocol.StatePlaying)

	// The host's connection lost while playing: after the grace, the host goes to the next
	// connected person.
	cy.conn.Close()
	ann.until("Cy gone", func(protocol.Message) bool { return !ann.st.Room.Seats[1].Connected })
	ts.clock.Advance(30 * time.Second)
	ann.untilHost(2)
	ann.send(protocol.Finish{})
	ann.untilState(protocol.StateOver)
}

// restartAndWatch restarts the server and returns a new player watching the room, having read
// what the hello brings.
func restartAndWatch(ts *testServer, code, name string, seed uint64) *player {
	ts.t.Helper()
	ts.stop()
	ts.start(server.Options{}, fast)
	p := newPlayer(ts.t, name, seed)
	p.connect(ts.url, code)
	p.hello()
	p.roundTrip()
	return p
}

// Chat lines and the room's own lines are stored with the room: after a restart a connection
// hears the room's last lines, numbered, and a client that had them does not take them twice;
// only the last ChatLines lines are kept.
func TestChatStored(t *testing.T) {
	ts := newTestServer(t, server.Options{}, fast)
	ann, bo := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2)
	code := seated(t, ts.url, noTimer(4), ann, bo)
	ann.send(protocol.Say{Text: "hello there"})
	bo.untilLine("hello there")

	cy := restartAndWatch(ts, code, "Cy", 3)
	if cy.hasLine("Bo joined as "+bo.st.Room.Seats[1].Colour) != 1 || cy.hasLine("hello there") != 1 {
		t.Fatalf("after the restart Cy heard %+v", cy.st.Chat)
	}
	for i, c := range cy.st.Chat[:len(cy.st.Chat)-1] { // the last is the /help answer: not stored
		if c.N != i+1 {
			t.Errorf("line %d numbered %d", i+1, c.N)
		}
	}
	bo.connect(ts.url, code)
	bo.hello()
	bo.roundTrip()
	if bo.hasLine("hello there") != 1 {
		t.Errorf("Bo, reconnected, holds the line %d times", bo.hasLine("hello there"))
	}

	for i := range server.ChatLines + 10 {
		bo.send(protocol.Say{Text: fmt.Sprintf("line %d", i)})
	}
	last := fmt.Sprintf("line %d", server.ChatLines+9)
	cy.untilLine(last)
	dee := restartAndWatch(ts, code, "Dee", 4)
	var lines []string
	for _, c := range dee.st.Chat {
		if c.N > 0 {
			lines = append(lines, c.Text)
		}
	}
	if len(lines) != server.ChatLines || lines[0] != "line 10" || lines[len(lines)-1] != last {
		t.Errorf("after the restart: %d lines, %q … %q", len(lines), lines[0], lines[len(lines)-1])
	}
}

// A room nobody is connected to is removed after Options.Expire, from the hub and the store (a
// restart does not bring it back); a room with a connection stays however long.
func TestRoomsExpire(t *testing.T) {
	const expire = 6 * time.Hour
	ts := newTestServer(t, server.Options{Expire: expire}, fast)
	ann, bo, cy := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2), newPlayer(t, "Cy", 3)
	left := seated(t, ts.url, noTimer(3), ann, bo)
	ann.send(protocol.AddBot{Level: "beginner"})
	ann.send(protocol.Start{})
	bo.untilState(protocol.StatePlaying)
	kept := seated(t, ts.url, noTimer(3), cy)
	ann.conn.Close()
	bo.conn.Close()
	cy.roundTrip()
	gone := func(code string) bool { return ts.hub.Room(code) == nil }
	for { // until the hub has seen both connections close
		s := ts.hub.Room(left).Summary()
		if !s.Seats[0].Connected && !s.Seats[1].Connected {
			break
		}
		cy.roundTrip()
	}
	// Ann and Bo's bots play the game out after the grace; the room then waits, abandoned.
	ts.clock.Advance(expire - time.Second)
	if gone(left) || gone(kept) {
		t.Fatalf("a room went before its time: %v %v", gone(left), gone(kept))
	}
	ts.clock.Advance(time.Second)
	if !gone(left) || gone(kept) {
		t.Fatalf("after the expiry: abandoned room gone %v, watched room gone %v", gone(left), gone(kept))
	}
	ts.stop()
	ts.start(server.Options{Expire: expire}, fast)
	if !gone(left) || gone(kept) {
		t.Errorf("after a restart: abandoned room back %v, watched room back %v", !gone(left), !gone(kept))
	}
	p := newPlayer(t, "Dee", 4)
	p.connect(ts.url, left)
	p.send(protocol.Hello{Version: protocol.Version})
	if e := p.untilError(); e.Code != protocol.ErrNoRoom {
		t.Errorf("hello to the expired room: %+v", e)
	}
}
