//go:build !js

package client_test

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"nimmt/client"
	"nimmt/client/clienttest"
	"nimmt/protocol"
	"nimmt/server"
	"nimmt/server/servertest"
)

// fast lifts the message rate limit: the test's clients play as fast as they can.
var fast = server.HTTPOptions{Rate: 1e9}

// checkRecord checks that each player holds exactly the events the server stored, as its seat
// sees them: nothing lost, nothing twice.
func checkRecord(t *testing.T, ts *servertest.Server, code string, ps ...*clienttest.Player) {
	t.Helper()
	for i, p := range ps {
		want, err := ts.SeatEvents(code, i)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.L.State().Events; !reflect.DeepEqual(got, want) {
			t.Errorf("%s holds %d events, the server's record %d for seat %d", p.Name, len(got), len(want), i)
		}
	}
}

// The socket drops mid-turn, several times: right after an action was sent (it may be lost with
// the connection, or not) and while a decision is pending. The Link reconnects by itself, resumes
// the events with no gap and no duplicate, sends a lost action again, and the game ends with both
// players holding exactly the stored game.
func TestLinkDropMidTurn(t *testing.T) {
	ts := servertest.New(t, server.Options{Grace: time.Hour}, fast)
	code, ann, bo := clienttest.Table(t, ts, clienttest.Settings())
	ann.Hook = func(p *clienttest.Player) {
		switch p.Acts {
		case 2, 5, 9, 13:
			p.D.Drop() // the action just sent is queued, in flight or through
		}
	}
	bo.Hook = func(p *clienttest.Player) {
		if p.Acts == 4 {
			p.D.Drop()
		}
	}
	clienttest.PlayAll(t, ann, bo)
	checkRecord(t, ts, code, ann, bo)
	if ann.D.Dials() < 5 || bo.D.Dials() < 2 {
		t.Errorf("Ann connected %d times, Bo %d", ann.D.Dials(), bo.D.Dials())
	}
	t.Logf("Ann: %d actions, %d connections, %d events; Bo: %d connections", ann.Acts, ann.D.Dials(), len(ann.L.State().Events), bo.D.Dials())
	if st := ann.L.Status(); st.Phase != client.LinkOnline {
		t.Errorf("Ann's link is %v (%v)", st.Phase, st.Err)
	}
}

// The server stops in the middle of a game with an action of Ann's in flight, and starts again on
// the same database (a kill and restart): both Links reconnect by themselves and the game ends with
// no action lost or applied twice.
func TestLinkServerRestart(t *testing.T) {
	ts := servertest.New(t, server.Options{Grace: time.Hour}, fast)
	code, ann, bo := clienttest.Table(t, ts, clienttest.Settings())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := bo.Play(); err != nil {
			t.Error(err)
		}
	}()
	restarted := false
	ann.Hook = func(p *clienttest.Player) {
		if p.Acts == 12 && !restarted {
			restarted = true
			ts.Restart()
		}
	}
	if err := ann.Play(); err != nil {
		t.Error(err)
	}
	wg.Wait()
	if !restarted {
		t.Fatal("the game ended before the restart")
	}
	checkRecord(t, ts, code, ann, bo)

	// What Resume keeps takes the seat back in a new Link, which gets the whole game again.
	r := ann.L.Resume()
	if r.Code != code || r.Token == "" || r.Game != 1 || r.Since != len(ann.L.State().Events) {
		t.Fatalf("resume %+v", r)
	}
	again := clienttest.Open(t, ts, r.Code, r.Hello(), "Ann again", 3)
	again.Must("the whole game", again.Over)
	if !reflect.DeepEqual(again.L.State().Events, ann.L.State().Events) || again.L.State().Room.You != 0 {
		t.Error("the resumed link holds another game or seat")
	}
}

// A room that does not exist, a wrong seat token and a protocol version the server does not
// speak end the Link at once with the server's words; no retry.
func TestLinkFails(t *testing.T) {
	ts := servertest.New(t, server.Options{}, fast)
	ann := clienttest.Open(t, ts, "", protocol.Create{Version: protocol.Version, Settings: clienttest.Settings(), Name: "Ann"}, "Ann", 1)
	ann.Must("the room", func() bool { return ann.L.State().Room.Code != "" })
	code := ann.L.State().Code
	for _, c := range []struct {
		code  string
		first protocol.Message
		err   string
	}{
		{"ABCDEF", protocol.Hello{Version: protocol.Version}, protocol.ErrNoRoom},
		{code, protocol.Hello{Version: protocol.Version, Token: "not-a-token"}, protocol.ErrToken},
		{code, protocol.Hello{Version: protocol.Version + 1}, protocol.ErrVersion},
		{"", protocol.Create{Version: protocol.Version, Settings: protocol.Settings{Seats: 1}, Name: "Al"}, protocol.ErrBadMessage},
	} {
		p := clienttest.Open(t, ts, c.code, c.first, "x", 9)
		err := p.Until("failure", func() bool { return p.L.Status().Phase == client.LinkFailed })
		var fe *client.FailedError
		if err != nil || !errors.As(p.L.Status().Err, &fe) || fe.Refusal.Code != c.err {
			t.Errorf("%s %+v: %v, status %+v", c.code, c.first, err, p.L.Status())
			continue
		}
		if p.D.Dials() != 1 {
			t.Errorf("%s %+v: %d connections", c.code, c.first, p.D.Dials())
		}
		t.Logf("%s: %v", c.err, fe)
	}
	// A code that is no room code fails without a connection.
	if l := client.Open(ts.Dial, "", "abc", protocol.Hello{Version: protocol.Version}, client.LinkOptions{}); !l.Poll() || l.Status().Phase != client.LinkFailed {
		t.Errorf("bad code: %+v", l.Status())
	}
}

// A server that cannot be reached: the Link retries with its back-off, counting the attempts,
// and fails after MaxAttempts with the dial error.
func TestLinkUnreachable(t *testing.T) {
	var waits []time.Duration
	var mu sync.Mutex
	down := errors.New("connection refused")
	done := make(chan struct{}, 1) // buffered: a notification between Poll and the wait is kept, not lost
	l := client.Open(func(context.Context, string, string) (client.Transport, error) { return nil, down },
		"ws://127.0.0.1:1", "ABCDEF", protocol.Hello{Version: protocol.Version}, client.LinkOptions{
			MaxAttempts: 4,
			Backoff:     func(n int) time.Duration { return time.Duration(n) * time.Second },
			Sleep: func(_ context.Context, d time.Duration) error {
				mu.Lock()
				waits = append(waits, d)
				mu.Unlock()
				return nil
			},
			Notify: func() {
				select {
				case done <- struct{}{}:
				default:
				}
			},
		})
	defer l.Close()
	for l.Poll(); l.Status().Phase != client.LinkFailed; l.Poll() {
		select {
		case <-done:
		case <-time.After(clienttest.Guard):
			t.Fatal("no failure")
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if st := l.Status(); !errors.Is(st.Err, down) || !reflect.DeepEqual(waits, []time.Duration{time.Second, 2 * time.Second, 3 * time.Second, 4 * time.Second}) {
		t.Errorf("status %+v after waits %v", st, waits)
	}
}

// DefaultBackoff doubles from half a second up to 15 s.
func TestDefaultBackoff(t *testing.T) {
	var got []time.Duration
	for n := 1; n <= 7; n++ {
		got = append(got, client.DefaultBackoff(n))
	}
	want := []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 15 * time.Second, 15 * time.Second}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("back-off %v, want %v", got, want)
	}
}

// loseWelcome is a transport whose connection is cut as the server's welcome arrives: the create
// went through, its answer is lost.
type loseWelcome struct{ client.Transport }

func (l loseWelcome) Read(ctx context.Context) ([]byte, error) {
	b, err := l.Transport.Read(ctx)
	if err == nil && strings.Contains(string(b), `"type":"welcome"`) {
		l.Transport.Close()
		return nil, errors.New("connection lost with the welcome")
	}
	return b, err
}

// A create whose welcome is lost: the Link dials again and sends the create again, and the
// server answers it with the room and seat the first made (the create's ID) — one room, Ann its
// host. A create sent again by another connection with the same ID takes the same seat; one
// with another ID makes another room.
func TestLinkCreateWelcomeLost(t *testing.T) {
	ts := servertest.New(t, server.Options{}, fast)
	var mu sync.Mutex
	dials := 0
	dial := func(ctx context.Context, base, code string) (client.Transport, error) {
		t, err := ts.Dial(ctx, base, code)
		if err != nil {
			return nil, err
		}
		mu.Lock()
		defer mu.Unlock()
		if dials++; dials == 1 {
			return loseWelcome{t}, nil
		}
		return t, nil
	}
	note := make(chan struct{}, 1)
	create := protocol.Create{Version: protocol.Version, Settings: clienttest.Settings(), Name: "Ann"}
	l := client.Open(dial, ts.URL(), "", create, client.LinkOptions{Sleep: ts.WaitUp, Notify: func() {
		select {
		case note <- struct{}{}:
		default:
		}
	}})
	defer l.Close()
	for l.Poll(); ; l.Poll() {
		st := l.State()
		if l.Status().Phase == client.LinkFailed {
			t.Fatalf("the link failed: %v", l.Status().Err)
		}
		if l.Status().Phase == client.LinkOnline && st.Token != "" && st.Room.Code != "" && len(st.Room.Seats) == 1 {
			break
		}
		select {
		case <-note:
		case <-time.After(clienttest.Guard):
			t.Fatal("the room never came")
		}
	}
	mu.Lock()
	n := dials
	mu.Unlock()
	st := l.State()
	if n != 2 || ts.Hub().Rooms() != 1 || st.Room.You != 0 || st.Room.Host != 0 {
		t.Fatalf("%d connections, %d rooms on the server; seat %d, host %d; want 2 connections, 1 room, Ann host", n, ts.Hub().Rooms(), st.Room.You, st.Room.Host)
	}
	code, token := st.Code, st.Token

	// The same ID from another connection: the same room and seat; another ID: another room.
	create.ID = "same-create-id-QX7dT2mKz9w4Rb"
	a := clienttest.Open(t, ts, "", create, "Ann", 1)
	a.Must("the room", func() bool { return a.L.State().Token != "" })
	b := clienttest.Open(t, ts, "", create, "Ann", 1)
	b.Must("the room", func() bool { return b.L.State().Token != "" && len(b.L.State().Room.Seats) == 1 })
	if a.L.State().Code != b.L.State().Code || a.L.State().Token != b.L.State().Token || b.L.State().Room.You != 0 {
		t.Errorf("the same create ID made rooms %s and %s (seat %d)", a.L.State().Code, b.L.State().Code, b.L.State().Room.You)
	}
	if a.L.State().Code == code || a.L.State().Token == token || ts.Hub().Rooms() != 2 {
		t.Errorf("another create ID: room %s (first %s), %d rooms; want a second room", a.L.State().Code, code, ts.Hub().Rooms())
	}
	create.ID = "bad id!"
	bad := clienttest.Open(t, ts, "", create, "x", 9)
	bad.Must("a refusal", func() bool { return bad.L.Status().Phase == client.LinkFailed })
	if ts.Hub().Rooms() != 2 {
		t.Errorf("a bad create ID made a room")
	}
}

// A Link whose seat a newer connection took with its token stops: it is told why (error
// replaced) and does not reconnect to take the seat back, which would close the newer one in
// turn (#27 finding 6).
func TestLinkReplacedStops(t *testing.T) {
	ts := servertest.New(t, server.Options{}, fast)
	code, ann, _ := clienttest.Room(t, ts, clienttest.Settings())
	again := clienttest.Open(t, ts, code, protocol.Hello{Version: protocol.Version, Token: ann.L.State().Token}, "Ann again", 3)
	again.Must("the seat", func() bool { return again.L.State().Room.You == 0 })
	ann.Must("the link failed", func() bool { return ann.L.Status().Phase == client.LinkFailed })
	var fe *client.FailedError
	if err := ann.L.Status().Err; !errors.As(err, &fe) || fe.Refusal.Code != protocol.ErrReplaced {
		t.Errorf("the older link failed with %v; want the refusal %q", err, protocol.ErrReplaced)
	}
	again.L.Send(protocol.Say{Text: "still here"})
	again.Must("its own line", func() bool {
		c := again.L.State().Chat
		return len(c) > 0 && c[len(c)-1].Text == "still here"
	})
	if s := again.L.Status(); s.Phase != client.LinkOnline {
		t.Errorf("the newer link is %v after the older stopped", s.Phase)
	}
}

// TestLinkPublic: a Link that sent Lobby follows the public tables (a new filter with Send), one
// that starts with Sit takes a seat at a listed table, and one that starts with Quick is seated
// at a table the server opens, which bots fill when the wait ends.
func TestLinkPublic(t *testing.T) {
	ts := servertest.New(t, server.Options{LobbyEvery: -1}, fast)
	lobby := clienttest.Open(t, ts, "", protocol.Lobby{Version: protocol.Version}, "list", 1)
	s := clienttest.Settings()
	s.Public = true
	ann := clienttest.Open(t, ts, "", protocol.Create{Version: protocol.Version, Settings: s, Name: "Ann"}, "Ann", 2)
	ann.Must("the room", func() bool { return ann.L.State().Token != "" })
	code := ann.L.State().Code
	seated := func(n int) func() bool {
		return func() bool {
			ts := lobby.L.State().Tables
			return len(ts) == 1 && ts[0].Code == code && len(ts[0].Seats) == n
		}
	}
	lobby.Must("Ann's table", seated(1))
	if lobby.L.Status().Phase != client.LinkOnline {
		t.Errorf("the lobby link is %v", lobby.L.Status().Phase)
	}
	bo := clienttest.Open(t, ts, code, protocol.Sit{Version: protocol.Version, Name: "Bo"}, "Bo", 3)
	bo.Must("a seat", func() bool { return bo.L.State().Token != "" && bo.L.State().Room.You == 1 })
	lobby.Must("Bo at Ann's table", seated(2))
	lobby.L.Send(protocol.Lobby{Version: protocol.Version, Variant: "nifty"})
	lobby.Must("no Nifty table", func() bool { return len(lobby.L.State().Tables) == 0 })

	cy := clienttest.Open(t, ts, "", protocol.Quick{Version: protocol.Version, Variant: s.Variant, Min: 3, Max: 4, Fill: 30, Name: "Cy"}, "Cy", 4)
	cy.Must("a seat at a quick table", func() bool { return cy.L.State().Token != "" && cy.L.State().Room.Settings.Quick })
	ts.Clock.Advance(30 * time.Second)
	cy.Must("the game with bots", func() bool { return cy.L.State().Next > 0 })
}
