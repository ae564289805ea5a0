package textport_test

import (
	"bufio"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"nimmt/clock"
	"nimmt/engine"
	"nimmt/netlimit"
	"nimmt/protocol"
	"nimmt/server/textport"
)

// dialFrom connects to the text port from the local address from (127.0.0.x: another client) as
// a textClient, without waiting for the greeting.
func dialFrom(t *testing.T, from, addr, name string) *textClient {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	nc, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	return &textClient{t: t, name: name, nc: nc, br: bufio.NewReader(nc)}
}

// closedWith reads c until the port closes it and reports whether a line held want.
func (c *textClient) closedWith(want string) bool {
	c.t.Helper()
	said := false
	for {
		l, err := c.readLine()
		if err == io.EOF {
			return said
		}
		if err != nil {
			c.t.Fatalf("%s: waiting for the port to close: %v", c.name, err)
		}
		said = said || strings.Contains(l, want)
	}
}

// TestTextSlotsCannotBeHeld: connections that send no line, or trickle bytes that make none, are
// closed at the first-line deadline; one address holds at most PerAddr places and another still
// gets in; a full port says so before it closes; a person who sent a line is closed only when
// idle (#27 finding 1 and the first of finding 7).
func TestTextSlotsCannotBeHeld(t *testing.T) {
	cc := clock.NewManual(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	e := newEnv(t, textport.Options{Clock: cc, FirstLine: 5 * time.Second,
		Limits: netlimit.Limits{MaxConns: 3, PerAddr: 2, Idle: 10 * time.Minute}})
	greeted := func(c *textClient) *textClient {
		c.untilHas(`Type "help"`) // the connection's deadline is set before its greeting
		return c
	}
	slow := []*textClient{greeted(dialFrom(t, "127.0.0.1", e.text, "slow1")), greeted(dialFrom(t, "127.0.0.1", e.text, "slow2"))}
	if !dialFrom(t, "127.0.0.1", e.text, "third").closedWith("too many connections from your address, try later") {
		t.Error("a third connection of one address was not told why it was closed")
	}
	ann := greeted(dialFrom(t, "127.0.0.2", e.text, "Ann"))
	ann.send("help")
	ann.untilHas("join game")
	if !dialFrom(t, "127.0.0.3", e.text, "fourth").closedWith("server full, try later") {
		t.Error("a connection past the port's cap was not told the server is full")
	}
	for range 4 { // a byte a second: no line
		for _, c := range slow {
			c.nc.Write([]byte("j"))
		}
		cc.Advance(time.Second)
	}
	cc.Advance(time.Second)
	for _, c := range slow {
		if !c.closedWith("no command within 5s") {
			t.Errorf("%s: a trickle of bytes kept its place past the first-line deadline", c.name)
		}
		c.nc.Close()
	}
	ann.send("help")
	ann.untilHas("join game")
	for { // the freed places are taken again (the port sees a close a moment later)
		c := dialFrom(t, "127.0.0.1", e.text, "back")
		l, err := c.readLine()
		if err != nil {
			t.Fatalf("a connection after the slow ones went: %v", err)
		}
		c.nc.Close()
		if strings.Contains(l, `Type "help"`) {
			break
		}
	}
	cc.Advance(10 * time.Minute)
	if !ann.closedWith("idle for too long") {
		t.Error("an idle connection was not closed")
	}
}

// TestTextNamesAndQuietTable: "join game on GAME" without a name names the person after the
// colour they get, as docs/server.md says (not "Guest-N"); another seat's face-down choice is a
// line, not a reprinted table (#27 finding 7).
func TestTextNamesAndQuietTable(t *testing.T) {
	e := newEnv(t, fastText)
	tex := dialText(t, e.text, "Tex")
	code := tex.makeRoom("join game on oak")
	tex.untilHas("you sit as green")
	bo := dialText(t, e.text, "Bo")
	bo.send("join game on oak")
	bo.untilHas("you sit as red")
	tex.untilHas("* Red joined as red")
	ann := dialWS(t, e.ws, code, "Ann", 1)
	tex.send("start new game on oak")
	tex.untilHas("> your turn") // the table of the new game is printed (flushed after its events)
	ann.until("a decision", func(protocol.Message) bool { return ann.st.View.Decision != nil })
	ann.send(protocol.Act{Game: ann.st.Game, Action: engine.RandomAction(&ann.st.View, ann.rng)})
	tex.untilHas("- Ann chose a card.")
	from := len(tex.all())
	tex.send("say sync on oak")
	tex.untilHas("<Green> sync")
	for _, l := range tex.all()[from:] {
		if headerRe.MatchString(l) {
			t.Errorf("the table was printed again after another seat chose a card: %q", tex.all()[from:])
			break
		}
	}
}
