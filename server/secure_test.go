package server_test

import (
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
