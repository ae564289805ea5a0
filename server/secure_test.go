package server_test

import (
	"context"
	"errors"
	"net/http"
	"net/netip"
	"time"

	"github.com/coder/websocket"

	"crypto/rand"
	"nimmt/clock"
	"strings"
	"testing"

	"nimmt/protocol"
	"nimmt/server"
)

// TestCreateStoredBeforeWelcome: a room the store refuses is never acknowledged — the client gets
// a clear error and no code or token — and the next create, with the store back, makes it (#27).
func TestCreateStoredBeforeWelcome(t *testing.T) {
	ts := newTestServer(t, server.Options{}, fast)
	ts.fail.failing.Store(true)
	p := newPlayer(t, "Ann", 1)
	p.connect(ts.url, "")
	p.send(protocol.Create{Version: protocol.Version, Settings: noTimer(2), Name: "Ann"})
	e := p.untilError()
	if e.Code != protocol.ErrServer || !strings.Contains(e.Message, "could not be made") {
		t.Errorf("the error is %+v; want %s saying the room could not be made", e, protocol.ErrServer)
	}
	if p.st.Code != "" || p.st.Token != "" {
		t.Errorf("the client was handed code %q and token %q for a room never stored", p.st.Code, p.st.Token)
	}
	if n := ts.hub.Rooms(); n != 0 {
		t.Errorf("the hub holds %d rooms; want 0", n)
	}
	ts.fail.failing.Store(false)
	code := p.create(noTimer(2))
	q := newPlayer(t, "Bo", 2)
	q.connect(ts.url, code)
	q.hello()
}

// TestNewestConnectionTakesSeat: a second connection with a seat's token takes the seat; the older
// one is told why and closed, and acts no more (#27 finding 6).
func TestNewestConnectionTakesSeat(t *testing.T) {
	ts := newTestServer(t, server.Options{}, fast)
	old := newPlayer(t, "Ann", 1)
	old.connect(ts.url, "")
	code := old.create(noTimer(2))
	newer := newPlayer(t, "Ann", 2)
	newer.st.Token = old.st.Token
	newer.connect(ts.url, code)
	newer.hello()
	newer.send(protocol.Say{Text: "hi"})
	newer.untilLine("hi")
	replaced := false
	for {
		m, err := old.recv()
		if err != nil {
			if !replaced {
				t.Fatalf("the older connection ended without being told why: %v", err)
			}
			break
		}
		switch m := m.(type) {
		case protocol.Error:
			if m.Code == protocol.ErrReplaced {
				replaced = true
			}
		case protocol.Chat:
			if m.Text == "hi" {
				t.Fatal("the older connection still hears the room after a newer one took its seat")
			}
		}
	}
	newer.send(protocol.AddBot{Level: "beginner"})
	newer.until("the bot", func(m protocol.Message) bool { r, ok := m.(protocol.Room); return ok && len(r.Seats) == 2 })
	if s := ts.hub.Room(code).Summary().Seats[0]; !s.Connected {
		t.Errorf("the seat is not connected after the older connection closed: %+v", s)
	}
}

// TestCreateIDIsUnguessable: a create id shorter than 128 random bits is refused, so a create id
// cannot be guessed to take another host's seat; a long random one repeats its create (#27
// finding 5).
func TestCreateIDIsUnguessable(t *testing.T) {
	ts := newTestServer(t, server.Options{}, fast)
	p := newPlayer(t, "Ann", 1)
	p.connect(ts.url, "")
	p.send(protocol.Create{Version: protocol.Version, Settings: noTimer(2), Name: "Ann", ID: "1"})
	if e := p.untilError(); e.Code != protocol.ErrBadMessage || !strings.Contains(e.Message, "128 random bits") {
		t.Errorf("create id \"1\": %+v; want bad_message asking for 128 random bits", e)
	}
	if n := ts.hub.Rooms(); n != 0 {
		t.Fatalf("a create with id \"1\" made %d rooms", n)
	}
	id := rand.Text()
	p.send(protocol.Create{Version: protocol.Version, Settings: noTimer(2), Name: "Ann", ID: id})
	p.untilType(protocol.TypeRoom)
	q := newPlayer(t, "Ann", 2)
	q.connect(ts.url, "")
	q.send(protocol.Create{Version: protocol.Version, Settings: noTimer(2), Name: "Ann", ID: id})
	q.untilType(protocol.TypeJoined)
	if q.st.Code != p.st.Code || q.st.Token != p.st.Token || ts.hub.Rooms() != 1 {
		t.Errorf("the create sent again made room %s (first %s), %d rooms", q.st.Code, p.st.Code, ts.hub.Rooms())
	}
}

// dialWS opens a WebSocket to /ws as a client behind the test's trusted proxy with address
// from (X-Forwarded-For), sending nothing.
func dialWS(t *testing.T, url, from string) (*websocket.Conn, *http.Response, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	c, resp, err := websocket.Dial(ctx, url+"/ws", &websocket.DialOptions{HTTPHeader: http.Header{"X-Forwarded-For": {from}}})
	if err == nil {
		t.Cleanup(func() { c.CloseNow() })
	}
	return c, resp, err
}

// closeReason reads c until the server closes it and returns the reason it gave.
func closeReason(t *testing.T, c *websocket.Conn) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	for {
		if _, _, err := c.Read(ctx); err != nil {
			var ce websocket.CloseError
			if errors.As(err, &ce) {
				return ce.Reason
			}
			t.Fatalf("waiting for the server to close: %v", err)
		}
	}
}

// TestWebSocketSlotsCannotBeHeld: one address (here behind a trusted proxy) holds at most PerAddr
// connections, and another address still gets in; a connection that sends no hello or create
// is closed at the first-message deadline; an idle one at the idle limit (#27 finding 2).
func TestWebSocketSlotsCannotBeHeld(t *testing.T) {
	cc := clock.NewManual(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	ts := newTestServer(t, server.Options{}, server.HTTPOptions{Rate: 1e9, MaxConns: 4, PerAddr: 2,
		FirstMessage: 5 * time.Second, IdleTimeout: 10 * time.Minute, PingInterval: time.Hour, Clock: cc,
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}})
	var silent []*websocket.Conn
	for range 2 {
		c, _, err := dialWS(t, ts.url, "203.0.113.7")
		if err != nil {
			t.Fatal(err)
		}
		silent = append(silent, c)
	}
	if _, resp, err := dialWS(t, ts.url, "203.0.113.7"); err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("a third connection of one address: %v; want refused with 429", err)
	}
	ann, bo := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2)
	ann.connect(ts.url, "")
	code := ann.create(noTimer(3))
	bo.connect(ts.url, code)
	bo.hello()
	bo.join()
	cc.Advance(5 * time.Second)
	for _, c := range silent {
		if r := closeReason(t, c); !strings.Contains(r, "no hello or create within 5s") {
			t.Errorf("a silent connection was closed with %q; want the first-message deadline", r)
		}
	}
	ann.send(protocol.AddBot{Level: "beginner"})
	ann.until("the bot", func(m protocol.Message) bool { r, ok := m.(protocol.Room); return ok && len(r.Seats) == 3 })
	cc.Advance(10 * time.Minute)
	for {
		if _, err := bo.recv(); err != nil {
			if !strings.Contains(err.Error(), "idle") {
				t.Errorf("Bo, silent for 10 minutes: %v; want closed as idle", err)
			}
			break
		}
	}
}

// TestCreateLimitPerAddress: an address creates at most CreateAttempts rooms a minute; its joins
// have a count of their own (#27 "per-address limits").
func TestCreateLimitPerAddress(t *testing.T) {
	ts := newTestServer(t, server.Options{CreateAttempts: 2, JoinAttempts: 5}, fast)
	var code string
	for i := range 2 {
		p := newPlayer(t, "Ann", uint64(i))
		p.connect(ts.url, "")
		code = p.create(noTimer(3))
	}
	p := newPlayer(t, "Ann", 3)
	p.connect(ts.url, "")
	p.send(protocol.Create{Version: protocol.Version, Settings: noTimer(3), Name: "Ann"})
	if e := p.untilError(); e.Code != protocol.ErrLimit || e.Ref != protocol.TypeCreate {
		t.Errorf("a third create within a minute: %+v; want limit", e)
	}
	bo := newPlayer(t, "Bo", 4)
	bo.connect(ts.url, code)
	bo.hello()
	bo.join()                          // the joins' count is not the creates'
	ts.clock.Advance(30 * time.Second) // half a minute refills one create
	p.connect(ts.url, "")
	p.create(noTimer(3))
}
