package server

import (
	"context"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"nimmt/clock"
	"nimmt/protocol"
	"nimmt/server/store"
	"nimmt/server/store/sqlite"
)

// putLobby is a store.Lobby that tells each listing stored and counts the readings.
type putLobby struct {
	store.Lobby
	put   chan store.Table
	reads atomic.Int64
}

func (l *putLobby) Tables(ctx context.Context, f store.TableFilter) ([]store.Table, error) {
	l.reads.Add(1)
	return l.Lobby.Tables(ctx, f)
}

func (l *putLobby) PutTable(ctx context.Context, t store.Table) error {
	err := l.Lobby.PutTable(ctx, t)
	l.put <- t
	return err
}

// newLobbyHub returns a hub on an SQLite file whose lobby reads the list at most once per
// 250 ms of its manual clock, and the lobby's store.
func newLobbyHub(t *testing.T) (*Hub, *putLobby, *clock.Manual) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "nimmt.db"))
	if err != nil {
		t.Fatal(err)
	}
	clk := clock.NewManual(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	lobby := &putLobby{Lobby: st, put: make(chan store.Table, 64)}
	h, err := NewHub(st, Options{Clock: clk, Lobby: lobby, LobbyEvery: 250 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		h.Close()
		st.Close()
	})
	return h, lobby, clk
}

// chanSink hands the messages sent on.
type chanSink struct{ ch chan protocol.Message }

func (s *chanSink) Send(m protocol.Message) { s.ch <- m }
func (s *chanSink) Close(string)            {}

// The lobby's list is read again at most once per LobbyEvery: changes within that time reach a
// follower together, in one list, once it has passed.
func TestLobbyCoalesces(t *testing.T) {
	h, lobby, clk := newLobbyHub(t)
	follower := &chanSink{ch: make(chan protocol.Message, 64)}
	h.Connect("", "192.0.2.1", follower).Handle(protocol.Lobby{Version: protocol.Version})
	next := func(what string) protocol.Tables {
		t.Helper()
		select {
		case m := <-follower.ch:
			return m.(protocol.Tables)
		case <-time.After(2 * time.Minute): // a guard against hanging, not a quota
			t.Fatalf("no list: %s", what)
		}
		return protocol.Tables{}
	}
	if l := next("the first"); len(l.Tables) != 0 {
		t.Fatalf("first list %+v", l)
	}
	untilPut := func(taken int) {
		t.Helper()
		for {
			select {
			case x := <-lobby.put:
				if x.Taken == taken {
					return
				}
			case <-time.After(2 * time.Minute):
				t.Fatalf("no listing with %d seats stored", taken)
			}
		}
	}
	set := protocol.DefaultSettings(4)
	set.Public = true
	host := h.Connect("", "192.0.2.2", &chanSink{ch: make(chan protocol.Message, 256)})
	host.Handle(protocol.Create{Version: protocol.Version, Settings: set, Name: "Ann"})
	code := host.room.code
	untilPut(1)
	if l := next("Ann's table"); len(l.Tables) != 1 || len(l.Tables[0].Seats) != 1 {
		t.Fatalf("list %+v", l)
	}
	// Two more changes within 250 ms of that reading: Bo sits, then Cy.
	for i, name := range []string{"Bo", "Cy"} {
		h.Connect(code, "192.0.2.9", &chanSink{ch: make(chan protocol.Message, 256)}).Handle(protocol.Sit{Version: protocol.Version, Name: name})
		untilPut(2 + i)
	}
	clk.Advance(250 * time.Millisecond)
	if l := next("after 250 ms"); len(l.Tables) != 1 || len(l.Tables[0].Seats) != 3 || l.Tables[0].Spectators != 0 {
		t.Errorf("the changes within 250 ms came as %+v, not in one list", l)
	}
}

// A connection changing its filter over and over is answered from the last reading of the list
// while it is less than LobbyEvery old: it cannot make the server read the list more often.
func TestLobbyFilterChangesShareAReading(t *testing.T) {
	h, lobby, clk := newLobbyHub(t)
	p := h.Connect("", "192.0.2.1", &chanSink{ch: make(chan protocol.Message, 64)})
	for _, v := range []string{"", "nifty", "basic", "", "hand", ""} {
		p.Handle(protocol.Lobby{Version: protocol.Version, Variant: v})
	}
	if n := lobby.reads.Load(); n != 1 {
		t.Errorf("6 filters within 250 ms read the list %d times, want 1", n)
	}
	clk.Advance(250 * time.Millisecond)
	p.Handle(protocol.Lobby{Version: protocol.Version, Seats: 4})
	if n := lobby.reads.Load(); n != 2 {
		t.Errorf("a filter 250 ms later: %d readings, want 2", n)
	}
}

// staleLobby is a store.Lobby whose list readings, once gated, read the list and then wait for
// open before they answer, telling each reading that waits on reading.
type staleLobby struct {
	store.Lobby
	reading chan struct{}
	open    chan struct{}
}

func (l *staleLobby) Tables(ctx context.Context, f store.TableFilter) ([]store.Table, error) {
	rows, err := l.Lobby.Tables(ctx, f)
	l.reading <- struct{}{}
	<-l.open
	return rows, err
}

// A table listed while a new follower's first list is being read reaches that follower: it
// follows the list before the list is read, so the change has the list read again for it too
// (a follower added after its reading kept the older list until some other change — seen as
// TestWatcherNeverGetsAHand waiting for ever on a busy machine).
func TestLobbyChangeDuringFirstReading(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "nimmt.db"))
	if err != nil {
		t.Fatal(err)
	}
	lobby := &staleLobby{Lobby: st, reading: make(chan struct{}, 4), open: make(chan struct{})}
	h, err := NewHub(st, Options{Lobby: lobby, LobbyEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		h.Close()
		st.Close()
	})
	follower := &chanSink{ch: make(chan protocol.Message, 64)}
	w := h.Connect("", "192.0.2.1", follower)
	subscribed := make(chan struct{})
	go func() {
		defer close(subscribed)
		w.Handle(protocol.Lobby{Version: protocol.Version})
	}()
	guard := time.After(2 * time.Minute) // a guard against hanging, not a quota
	select {
	case <-lobby.reading: // the follower's first reading has read the (empty) list
	case <-guard:
		t.Fatal("the follower's list was not read")
	}
	set := protocol.DefaultSettings(4)
	set.Public = true
	host := h.Connect("", "192.0.2.2", &chanSink{ch: make(chan protocol.Message, 256)})
	host.Handle(protocol.Create{Version: protocol.Version, Settings: set, Name: "Ann"})
	code := host.room.code
	select {
	case <-lobby.reading: // the change has the list read again
	case <-guard:
		t.Fatal("the table listed while the follower's list was read did not have the list read again")
	}
	close(lobby.open)
	<-subscribed
	for {
		select {
		case m := <-follower.ch:
			if l, ok := m.(protocol.Tables); ok && slices.ContainsFunc(l.Tables, func(t protocol.Table) bool { return t.Code == code }) {
				return
			}
		case <-guard:
			t.Fatalf("the follower never got the list with table %s", code)
		}
	}
}

// gateLobby is a store.Lobby whose readings, once gated, wait for the hub's quit and tell when
// they return.
type gateLobby struct {
	store.Lobby
	gated    atomic.Bool
	quit     chan struct{}
	entered  chan struct{}
	returned chan struct{}
}

func (l *gateLobby) Tables(ctx context.Context, f store.TableFilter) ([]store.Table, error) {
	if !l.gated.CompareAndSwap(true, false) {
		return l.Lobby.Tables(ctx, f)
	}
	close(l.entered)
	<-l.quit
	defer close(l.returned)
	return l.Lobby.Tables(ctx, f)
}

// Close returns only after a refresh of the lobby's list that reads the store has ended: the
// hub's owner closes the store once Close returns (a refresh reading it after that was a use
// after Close, seen by the race detector).
func TestCloseWaitsForLobbyRefresh(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "nimmt.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	clk := clock.NewManual(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	lobby := &gateLobby{Lobby: st, entered: make(chan struct{}), returned: make(chan struct{})}
	h, err := NewHub(st, Options{Clock: clk, Lobby: lobby, LobbyEvery: 250 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	lobby.quit = h.quit
	follower := &chanSink{ch: make(chan protocol.Message, 64)}
	h.Connect("", "192.0.2.1", follower).Handle(protocol.Lobby{Version: protocol.Version})
	if _, ok := (<-follower.ch).(protocol.Tables); !ok {
		t.Fatal("no first list")
	}
	clk.Advance(time.Second)
	lobby.gated.Store(true)
	h.lobby.changed()
	<-lobby.entered // the refresh reads the store, and goes on once Close has begun
	h.Close()
	select {
	case <-lobby.returned:
	default:
		t.Fatal("Close returned while the lobby's refresh was still reading the store")
	}
}
