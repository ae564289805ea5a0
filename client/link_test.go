//go:build !js

package client_test

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"nimmt/client"
	"nimmt/protocol"
	"nimmt/server"
	"nimmt/server/servertest"
)

// fast lifts the message rate limit: the test's clients play as fast as they can.
var fast = server.HTTPOptions{Rate: 1e9}

// checkRecord checks that each player holds exactly the events the server stored, as its seat
// sees them: nothing lost, nothing twice.
func checkRecord(t *testing.T, ts *servertest.Server, code string, ps ...*linkPlayer) {
	t.Helper()
	for i, p := range ps {
		want, err := ts.SeatEvents(code, i)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.l.State().Events; !reflect.DeepEqual(got, want) {
			t.Errorf("%s holds %d events, the server's record %d for seat %d", p.name, len(got), len(want), i)
		}
	}
}

// The socket drops mid-turn, several times: right after an action was sent (it may be lost with
// the connection, or not) and while a decision is pending. The Link reconnects by itself, resumes
// the events with no gap and no duplicate, sends a lost action again, and the game ends with both
// players holding exactly the stored game.
func TestLinkDropMidTurn(t *testing.T) {
	ts := servertest.New(t, server.Options{Grace: time.Hour}, fast)
	code, ann, bo := table(t, ts, settings())
	ann.hook = func(p *linkPlayer) {
		switch p.acts {
		case 2, 5, 9, 13:
			p.d.drop() // the action just sent is queued, in flight or through
		}
	}
	bo.hook = func(p *linkPlayer) {
		if p.acts == 4 {
			p.d.drop()
		}
	}
	playBoth(t, ann, bo)
	checkRecord(t, ts, code, ann, bo)
	if ann.d.dials < 5 || bo.d.dials < 2 {
		t.Errorf("Ann connected %d times, Bo %d", ann.d.dials, bo.d.dials)
	}
	t.Logf("Ann: %d actions, %d connections, %d events; Bo: %d connections", ann.acts, ann.d.dials, len(ann.l.State().Events), bo.d.dials)
	if st := ann.l.Status(); st.Phase != client.LinkOnline {
		t.Errorf("Ann's link is %v (%v)", st.Phase, st.Err)
	}
}

// The server stops in the middle of a game with an action of Ann's in flight, and starts again on
// the same database (a kill and restart): both Links reconnect by themselves and the game ends with
// no action lost or applied twice.
func TestLinkServerRestart(t *testing.T) {
	ts := servertest.New(t, server.Options{Grace: time.Hour}, fast)
	code, ann, bo := table(t, ts, settings())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := bo.play(); err != nil {
			t.Error(err)
		}
	}()
	restarted := false
	ann.hook = func(p *linkPlayer) {
		if p.acts == 12 && !restarted {
			restarted = true
			ts.Restart()
		}
	}
	if err := ann.play(); err != nil {
		t.Error(err)
	}
	wg.Wait()
	if !restarted {
		t.Fatal("the game ended before the restart")
	}
	checkRecord(t, ts, code, ann, bo)

	// What Resume keeps takes the seat back in a new Link, which gets the whole game again.
	r := ann.l.Resume()
	if r.Code != code || r.Token == "" || r.Game != 1 || r.Since != len(ann.l.State().Events) {
		t.Fatalf("resume %+v", r)
	}
	again := open(t, ts, r.Code, r.Hello(), "Ann again", 3)
	again.must("the whole game", again.over)
	if !reflect.DeepEqual(again.l.State().Events, ann.l.State().Events) || again.l.State().Room.You != 0 {
		t.Error("the resumed link holds another game or seat")
	}
}

// A room that does not exist, a wrong seat token and a protocol version the server does not
// speak end the Link at once with the server's words; no retry.
func TestLinkFails(t *testing.T) {
	ts := servertest.New(t, server.Options{}, fast)
	ann := open(t, ts, "", protocol.Create{Version: protocol.Version, Settings: settings(), Name: "Ann"}, "Ann", 1)
	ann.must("the room", func() bool { return ann.l.State().Room.Code != "" })
	code := ann.l.State().Code
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
		p := open(t, ts, c.code, c.first, "x", 9)
		err := p.until("failure", func() bool { return p.l.Status().Phase == client.LinkFailed })
		var fe *client.FailedError
		if err != nil || !errors.As(p.l.Status().Err, &fe) || fe.Refusal.Code != c.err {
			t.Errorf("%s %+v: %v, status %+v", c.code, c.first, err, p.l.Status())
			continue
		}
		if p.d.dials != 1 {
			t.Errorf("%s %+v: %d connections", c.code, c.first, p.d.dials)
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
	done := make(chan struct{})
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
		case <-time.After(guard):
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
