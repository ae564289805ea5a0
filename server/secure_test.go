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
