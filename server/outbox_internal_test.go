package server

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
	"time"

	"nimmt/clock"
	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/server/store"
)

// gateStore is a Store in memory whose commits of one room wait, when the test closes the gate,
// until the test lets each go with the error it returns.
type gateStore struct {
	memStore
	mu      sync.Mutex
	code    string            // the room whose commits wait; "" none
	entered chan store.Change // a waiting commit's change
	release chan error        // what the waiting commit returns
}

func (s *gateStore) Commit(ctx context.Context, c store.Change) error {
	s.mu.Lock()
	gated := s.code != "" && c.Code == s.code
	s.mu.Unlock()
	if gated {
		s.entered <- c
		if err := <-s.release; err != nil {
			return err
		}
	}
	return s.memStore.Commit(ctx, c)
}

// gate makes the commits of room code wait (code "": none).
func (s *gateStore) gate(code string) {
	s.mu.Lock()
	s.code = code
	s.mu.Unlock()
}

// recSink records what a connection is sent.
type recSink struct {
	mu     sync.Mutex
	msgs   []protocol.Message
	closed bool
}

func (s *recSink) Send(m protocol.Message) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.closed {
		s.msgs = append(s.msgs, m)
	}
}

func (s *recSink) Close(string) {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
}

// snapshot returns what the connection was sent so far, and whether it was closed.
func (s *recSink) snapshot() ([]protocol.Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]protocol.Message(nil), s.msgs...), s.closed
}

// events returns the game events among msgs.
func events(msgs []protocol.Message) []protocol.Event {
	var out []protocol.Event
	for _, m := range msgs {
		if e, ok := m.(protocol.Event); ok {
			out = append(out, e)
		}
	}
	return out
}

// twoPlayerRoom makes a room of two people playing its first game and returns their peers.
func twoPlayerRoom(t *testing.T, h *Hub, addr string) (*Peer, *Peer, *recSink, *recSink) {
	t.Helper()
	sa, sb := &recSink{}, &recSink{}
	a := h.Connect("", addr+"1", sa)
	a.Handle(protocol.Create{Version: protocol.Version, Settings: protocol.DefaultSettings(2), Name: "Ann"})
	if a.room == nil {
		t.Fatalf("no room made: %+v", sa.msgs)
	}
	b := h.Connect(a.room.code, addr+"2", sb)
	b.Handle(protocol.Hello{Version: protocol.Version})
	b.Handle(protocol.Join{Name: "Bo"})
	a.Handle(protocol.Start{})
	if a.room.State != protocol.StatePlaying {
		t.Fatalf("the game did not start: %+v", sa.msgs)
	}
	return a, b, sa, sb
}

// act returns seat i's random legal action in r's game.
func act(r *Room, i int, rng *rand.Rand) protocol.Act {
	r.mu.Lock()
	defer r.mu.Unlock()
	v := r.game.View(i)
	return protocol.Act{Game: r.Game, Action: engine.RandomAction(&v, rng)}
}

// await returns when done is closed, or fails the test after a bound far above any wait.
func await(t *testing.T, what string, done <-chan struct{}) {
	t.Helper()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatalf("%s never finished: it waits for the store's commit of another change", what)
	}
}

// A room's lock is not held while the store commits its change: while room X's commit waits,
// another room's action, a new connection's welcome to X and a chat line in X go on; nobody
// hears of X's action until its commit returns, then everyone hears it before the chat line
// said after it. A refused commit is answered with an error, its action is never sent, and
// the room goes back to what is stored with its connections closed.
func TestCommitWithoutTheRoom(t *testing.T) {
	st := &gateStore{entered: make(chan store.Change), release: make(chan error)}
	h, err := NewHub(st, Options{Clock: clock.NewManual(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	defer func() { // a failed test lets a waiting commit go, so that the hub closes
		st.gate("")
		select {
		case st.release <- nil:
		default:
		}
	}()
	rng := rand.New(rand.NewPCG(1, 2))
	a, b, sa, sb := twoPlayerRoom(t, h, "192.0.2.")
	c, _, sc, _ := twoPlayerRoom(t, h, "198.51.100.")
	x := a.room
	seen := len(events(mustMsgs(sa)))

	st.gate(x.code)
	acted := make(chan struct{})
	go func() { defer close(acted); a.Handle(act(x, 0, rng)) }()
	ch := <-st.entered
	if len(ch.Entries) != 1 || ch.Entries[0].Kind != store.EntryMove {
		t.Fatalf("the change committed is %+v; want Ann's move", ch)
	}

	other := make(chan struct{})
	before := len(events(mustMsgs(sc)))
	go func() { defer close(other); c.Handle(act(c.room, 0, rng)) }()
	await(t, "another room's action", other)
	if len(events(mustMsgs(sc))) == before {
		t.Error("the other room's action was not answered by an event")
	}

	se := &recSink{}
	e := h.Connect(x.code, "203.0.113.1", se)
	welcomed := make(chan struct{})
	go func() { defer close(welcomed); e.Handle(protocol.Hello{Version: protocol.Version}) }()
	await(t, "a welcome to the room", welcomed)
	msgs := mustMsgs(se)
	if len(msgs) == 0 {
		t.Fatal("the new connection got nothing")
	}
	if w, ok := msgs[0].(protocol.Welcome); !ok || w.Events != seen {
		t.Errorf("the welcome is %+v; want %d events, the stored ones", msgs[0], seen)
	}

	x.mu.Lock()
	seq := x.out.seq
	x.mu.Unlock()
	said := make(chan struct{})
	go func() { defer close(said); b.Handle(protocol.Say{Text: "hello"}) }()
	for { // until the line is staged behind the action: the room's lock was free for it
		x.mu.Lock()
		staged := x.out.seq > seq
		x.mu.Unlock()
		if staged {
			break
		}
		select {
		case <-said:
			t.Fatal("the chat line was answered before the action's commit returned")
		default:
		}
		runtime.Gosched()
	}
	for _, s := range []*recSink{sa, sb, se} {
		if n := len(events(mustMsgs(s))); n != seen {
			t.Fatalf("a connection has %d events while the action's commit waits; want %d", n, seen)
		}
	}

	st.gate("") // the commits after this one go through
	st.release <- nil
	await(t, "the action", acted)
	await(t, "the chat line", said)
	for _, s := range []*recSink{sa, sb, se} {
		msgs := mustMsgs(s)
		chose, chat := -1, -1
		for i, m := range msgs {
			if ev, ok := m.(protocol.Event); ok && ev.Seq >= seen && chose < 0 {
				if c, ok := ev.Event.(engine.SeatChose); ok && c.Seat == 0 {
					chose = i
				}
			}
			if c, ok := m.(protocol.Chat); ok && c.Text == "hello" {
				chat = i
			}
		}
		if chose < 0 || chat < chose {
			t.Errorf("Ann's choice at %d, the chat line at %d: want both, the choice first", chose, chat)
		}
	}

	// A refused commit.
	seen = len(events(mustMsgs(sb)))
	st.gate(x.code)
	acted = make(chan struct{})
	go func() { defer close(acted); b.Handle(act(x, 1, rng)) }()
	<-st.entered
	st.gate("")
	st.release <- errors.New("disk full")
	await(t, "the refused action", acted)
	msgs, closed := sb.snapshot()
	if !closed {
		t.Error("Bo's connection stays open after the store refused his action")
	}
	if len(events(msgs)) != seen {
		t.Errorf("Bo heard of an action the store refused: %d events, %d before", len(events(msgs)), seen)
	}
	if h.Room(x.code) == x {
		t.Error("the room was not reloaded from the store")
	}
}

func mustMsgs(s *recSink) []protocol.Message {
	m, _ := s.snapshot()
	return m
}
