package server_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/coder/websocket"

	"nimmt/protocol"
	"nimmt/server"
)

// A person whose connection is gone is held for the grace period; then their fallback bot plays
// the seat so the others finish, and the person comes back to the finished game.
func TestDisconnectedSeatPlayedByBot(t *testing.T) {
	ts := newTestServer(t, server.Options{Grace: 10 * time.Second}, fast)
	ann, bo := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2)
	lobby(t, ts.url, noTimer(3), []string{"beginner"}, ann, bo)
	ann.conn.Close()
	bo.until("Ann gone", func(protocol.Message) bool { return !bo.st.Room.Seats[0].Connected })
	ts.clock.Advance(9 * time.Second)
	bo.roundTrip()
	if seatChose(bo, 0, 0) {
		t.Fatal("Ann's bot played before the grace ended")
	}
	ts.clock.Advance(time.Second)
	bo.playTo("game over", bo.over)
	ann.connect(ts.url, ann.st.Code)
	ann.hello()
	ann.until("game over", func(protocol.Message) bool { return ann.over() })
	if ann.st.Room.You != 0 || ann.st.Room.Result == nil {
		t.Errorf("Ann back as %d, result %+v", ann.st.Room.You, ann.st.Room.Result)
	}
}

// A page of another origin may not open a WebSocket unless allowed; the connection cap answers 503.
func TestOriginAndConnectionCap(t *testing.T) {
	ts := newTestServer(t, server.Options{}, server.HTTPOptions{Origins: []string{"game.example"}, MaxConns: 1})
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	dial := func(origin string) (*websocket.Conn, *http.Response, error) {
		return websocket.Dial(ctx, ts.url+"/ws", &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {origin}}})
	}
	if c, resp, err := dial("https://evil.example"); err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		if c != nil {
			c.CloseNow()
		}
		t.Errorf("another origin: %v %v", resp, err)
	}
	c, _, err := dial("https://game.example")
	if err != nil {
		t.Fatalf("an allowed origin: %v", err)
	}
	defer c.CloseNow()
	if c2, resp, err := dial("https://game.example"); err == nil || resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
		if c2 != nil {
			c2.CloseNow()
		}
		t.Errorf("over the cap: %v %v", resp, err)
	}
	// A bad room code in the URL is a 404, not a WebSocket.
	if _, resp, err := websocket.Dial(ctx, ts.url+"/ws/0OIL1x", nil); err == nil || resp == nil || resp.StatusCode != http.StatusNotFound {
		t.Errorf("bad code: %v %v", resp, err)
	}
}
