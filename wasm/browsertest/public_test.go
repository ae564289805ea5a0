package browsertest

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"nimmt/client"
	"nimmt/client/clienttest"
	"nimmt/protocol"
)

// wsServer is cmd/server as clienttest reaches it: its WebSocket base.
type wsServer struct{ base string }

func (s wsServer) URL() string { return s.base }

func (s wsServer) Dial(ctx context.Context, base, code string) (client.Transport, error) {
	return client.DialTransport(ctx, s.base, code)
}

func (wsServer) WaitUp(context.Context, time.Duration) error { return nil }

// TestPublicTable: a public table for two that a Go client opened on the real server (cmd/server,
// serving the web build) shows in the list of a Chromium page's Play online; one tap on its Join
// seats the page's person; the host starts, and the page plays its first card and sees the
// second turn.
func TestPublicTable(t *testing.T) {
	enabled(t)
	srv := startGameServer(t, buildSite(t))
	url := "http://" + srv.webAddr()
	s := protocol.DefaultSettings(2)
	s.Public, s.Timer, s.EndScore, s.Rounds = true, 0, 0, 1
	ann := clienttest.Open(t, wsServer{"ws://" + srv.webAddr()}, "", protocol.Create{Version: protocol.Version, Settings: s, Name: "Ann"}, "Ann", 1)
	ann.Must("the room", func() bool { return ann.L.State().Code != "" && ann.L.State().Token != "" })
	code := ann.L.State().Code

	ctx := browser(t)
	setSettings(t, ctx, url, `{"name":"Bo","speed":"instant"}`)
	open(t, ctx, url+"/")
	clickButton(t, ctx, "online")
	waitState(t, ctx, "Ann's table in the list", func(v gameState) bool {
		_, ok := v.button("join-" + code)
		return v.Scene == "public" && ok
	})
	clickButton(t, ctx, "join-"+code)
	waitRoom(t, ctx, "the seat at Ann's table", func(v roomView) bool {
		return v.Scene == "room" && v.Online != nil && v.Online.Code == code && v.Online.You == 1
	})
	ann.Must("Bo seated", func() bool { return len(ann.L.State().Room.Seats) == 2 })
	ann.L.Send(protocol.Start{})

	// Ann answers her decisions meanwhile (her card; a row, should hers be the lowest).
	var done atomic.Bool
	annErr := make(chan error, 1)
	go func() {
		annErr <- ann.Until("the page's second turn", func() bool { ann.Move(); return done.Load() })
	}()
	defer func() {
		done.Store(true)
		ann.L.Send(protocol.Say{Text: "gg"}) // news for Ann's wait, which then sees done
		if err := <-annErr; err != nil {
			t.Error(err)
		}
	}()
	first := 0
	for {
		v := waitState(t, ctx, "the page's decision", func(v gameState) bool {
			return v.Input && (v.Decision == "play" || v.Decision == "row") || v.Turn >= 2
		})
		switch {
		case v.Turn >= 2:
			t.Logf("turn %d: the page played %d", v.Turn, first)
			return
		case v.Decision == "row" && len(v.RowRects) == 4:
			clickRect(t, ctx, v, v.RowRects[cheapestRow(v)])
		case v.Decision == "play" && v.Chosen == 0 && len(v.HandRects) > 0:
			first = v.Hand[0]
			clickRect(t, ctx, v, v.HandRects[0]) // lift, then play
		default:
			waitState(t, ctx, "the reveal", func(w gameState) bool { return w.Turn != v.Turn || w.Decision != v.Decision })
		}
	}
}
