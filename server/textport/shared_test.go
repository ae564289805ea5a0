package textport_test

import (
	"context"
	"math/rand/v2"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"nimmt/client"
	"nimmt/protocol"
	"nimmt/server"
	"nimmt/server/haproxytest"
	"nimmt/server/store/pg"
	"nimmt/server/store/storetest"
	"nimmt/server/textport"
)

// process is one of several server processes on one PostgreSQL database: its hub (rooms loaded
// on demand under leases), its WebSocket endpoint and its text port, which reaches every room
// through the balancer at remote.
type process struct {
	hub  *server.Hub
	ws   string // 127.0.0.1:PORT
	text string // 127.0.0.1:PORT
}

func newProcess(t *testing.T, db, remote string) *process {
	t.Helper()
	ctx := context.Background()
	st, err := pg.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	l, err := pg.OpenLeases(ctx, st, db, time.Hour) // requests come by NOTIFY
	if err != nil {
		t.Fatal(err)
	}
	hub, err := server.NewHub(st, server.Options{Leases: l})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(hub.Handler(server.HTTPOptions{Rate: 1e9}))
	tp := textport.New(hub, textport.Options{Rate: 1e9, Remote: remote, Names: st})
	ln, err := tp.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go tp.Serve(ln)
	t.Cleanup(func() {
		tp.Close()
		hs.CloseClientConnections()
		hub.Close()
		hs.Close()
		l.Close()
		st.Close()
	})
	return &process{hub: hub, ws: strings.TrimPrefix(hs.URL, "http://"), text: ln.Addr().String()}
}

// Two server processes on one PostgreSQL database behind HAProxy (deploy/haproxy.cfg), each
// with a text port that reaches rooms through HAProxy (Options.Remote): a text player on
// process A makes a room, a text player on process B joins it by its name, and they play a game
// with a bot; the room is served by one process throughout. Then the room is made to move (a
// WebSocket connection names it at the other process): both text sessions come back by
// themselves through HAProxy (printing no chat line twice), and the two play a second game.
func TestTextPortAcrossProcesses(t *testing.T) {
	if storetest.Kind() != "postgres" {
		t.Skip("runs with NIMMT_TEST_STORE=postgres (make test-server-pg)")
	}
	db := storetest.NewPostgres(t)
	front := haproxytest.FreePort(t)
	a, b := newProcess(t, db, "ws://"+front), newProcess(t, db, "ws://"+front)
	haproxytest.Start(t, front, []string{a.ws, b.ws})

	tex := dialText(t, a.text, "Tex")
	tex.send("name Tex")
	code := tex.makeRoom("create game on oak seats 3 rounds 1 as red")
	tex.send("rooms") // once the room is named (in the store)
	tex.untilHas("* oak (code " + code)
	tom := dialText(t, b.text, "Tom")
	tom.send("name Tom")
	tom.send("join game as blue on oak")
	tom.untilHas("you sit as blue")
	tex.untilHas("Tom")
	tex.send("add bot beginner to oak")
	tex.untilHas("Beginner bot")
	tex.send("say good luck on oak")
	tom.untilHas("<Tex> good luck")
	game := func(n int) {
		t.Helper()
		// The host starts it (after a move, the host may have passed to whoever came back first).
		for _, c := range []*textClient{tex, tom} {
			c.send("start new game on oak")
			if l := c.until("the start", func(l string) bool { return strings.Contains(l, "round 1 dealt") || strings.Contains(l, "error: ") }); !strings.Contains(l, "only the host") {
				break
			}
		}
		var wg sync.WaitGroup
		for i, c := range []*textClient{tex, tom} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c.play("oak", rand.New(rand.NewPCG(uint64(n), uint64(i))))
			}()
		}
		wg.Wait()
		if t.Failed() {
			t.FailNow()
		}
	}
	game(1)
	holder, other := a, b
	if b.hub.Room(code) != nil {
		holder, other = b, a
	}
	if holder.hub.Room(code) == nil || other.hub.Room(code) != nil {
		t.Fatalf("room %s is held by A: %v, B: %v; want one of them", code, a.hub.Room(code) != nil, b.hub.Room(code) != nil)
	}

	// A connection names the room at the other process: the room moves there, the text sessions
	// are closed and come back through HAProxy (and the room with them, to the process its code
	// hashes to).
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	// The room the other process held a moment ago may still be closing there: it then closes
	// the connection ("room closed": reconnect), and the spy comes again, as a client does.
	for seen := false; !seen; {
		spy, err := client.Dial(ctx, "ws://"+other.ws, code)
		if err != nil {
			t.Fatal(err)
		}
		defer spy.Close()
		if err := spy.Send(ctx, protocol.Hello{Version: protocol.Version}); err != nil {
			t.Fatal(err)
		}
		for !seen {
			m, err := spy.Recv(ctx)
			if websocket.CloseStatus(err) == websocket.StatusPolicyViolation && ctx.Err() == nil {
				t.Logf("the spy comes again: %v", err)
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			seen = m.Type() == protocol.TypeRoom
		}
	}
	for _, c := range []*textClient{tex, tom} {
		c.untilHas("[oak] * back in the room")
	}
	game(2)
	for _, c := range []*textClient{tex, tom} { // the room repeats its last chat lines at each hello
		n := 0
		for _, l := range c.all() {
			if strings.Contains(l, "<Tex> good luck") {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s saw the chat line %d times, not once", c.name, n)
		}
	}
	if holder.hub.Room(code) == nil || other.hub.Room(code) != nil {
		t.Errorf("after the move, room %s is held by A: %v, B: %v; want the process its code hashes to", code, a.hub.Room(code) != nil, b.hub.Room(code) != nil)
	}
}

// Without the balancer's address (Options.Remote), a text port plays its own process's rooms
// only: asked to join or watch a room another process serves, it says so (and neither makes a
// room of that name nor takes the room from its process).
func TestTextPortRoomElsewhere(t *testing.T) {
	if storetest.Kind() != "postgres" {
		t.Skip("runs with NIMMT_TEST_STORE=postgres (make test-server-pg)")
	}
	db := storetest.NewPostgres(t)
	a, b := newProcess(t, db, ""), newProcess(t, db, "")
	tex := dialText(t, a.text, "Tex")
	code := tex.makeRoom("create game on oak seats 3 as red")
	tom := dialText(t, b.text, "Tom")
	want := "error: room " + code + " is played on another server process, which this text port does not reach"
	for _, cmd := range []string{"join game as blue on " + strings.ToLower(code), "watch " + code} {
		tom.send(cmd)
		if l := tom.untilErr(); !strings.HasPrefix(l, want) {
			t.Errorf("%s: %q; want %q…", cmd, l, want)
		}
	}
	if b.hub.Rooms() != 0 || a.hub.Room(code) == nil {
		t.Errorf("rooms held: A %d, B %d; want A's room on A only", a.hub.Rooms(), b.hub.Rooms())
	}
}
