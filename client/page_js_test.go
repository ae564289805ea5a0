//go:build js

package client_test

import (
	"context"
	"os"
	"reflect"
	"testing"
	"time"

	"nimmt/client"
	"nimmt/client/clienttest"
)

// outside is the game server running outside the wasm, at base.
type outside struct{ base string }

func (o outside) URL() string { return o.base }

func (o outside) Dial(ctx context.Context, base, code string) (client.Transport, error) {
	return client.DialTransport(ctx, base, code)
}

// WaitUp does not wait: the server stays up, a retry is due at once.
func (outside) WaitUp(context.Context, time.Duration) error { return nil }

// The page's own WebSocket (dial_js.go) carries a whole game: two Links through it make a room,
// seat a bot, play to game over while Ann's socket is cut twice mid-turn, and a third Link that
// takes Ann's seat back holds exactly her game. Run by TestPageWebSocket in page_test.go, which
// starts the server and runs this under node with its WHATWG WebSocket.
func TestPageWebSocket(t *testing.T) {
	base := os.Getenv("NIMMT_WS_BASE")
	if base == "" {
		t.Skip("needs a server: run natively, TestPageWebSocket starts one and runs this under node")
	}
	srv := outside{base}
	code, ann, bo := clienttest.Table(t, srv, clienttest.Settings())
	ann.Hook = func(p *clienttest.Player) {
		if p.Acts == 3 || p.Acts == 8 {
			p.D.Drop()
		}
	}
	clienttest.PlayAll(t, ann, bo)
	r := ann.L.Resume()
	again := clienttest.Open(t, srv, r.Code, r.Hello(), "Ann again", 3)
	again.Must("the whole game", again.Over)
	if !reflect.DeepEqual(again.L.State().Events, ann.L.State().Events) {
		t.Error("the seat taken back holds another game")
	}
	t.Logf("room %s: %d events; Ann connected %d times, Bo %d", code, len(ann.L.State().Events), ann.D.Dials(), bo.D.Dials())
	if ann.D.Dials() < 3 {
		t.Errorf("Ann connected %d times", ann.D.Dials())
	}
}
