package server

import (
	"bytes"
	"context"
	"errors"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"nimmt/clock"
	"nimmt/protocol"
	"nimmt/server/store/storetest"
)

// fakeConn is a frameConn driven by the test: the client's messages come from in, pings wait
// for the test to answer them, and writes are recorded.
type fakeConn struct {
	in       chan []byte
	wrote    chan []byte   // every message written, in order
	gate     chan struct{} // when not nil, each WriteBatch waits for a value on it
	pings    chan struct{}
	answer   chan bool
	answered chan struct{}
	onPong   func()
	closed   chan struct{}
	once     sync.Once
	mu       sync.Mutex
	reason   string
}

func newFakeConn() *fakeConn {
	return &fakeConn{in: make(chan []byte), wrote: make(chan []byte, 1024), pings: make(chan struct{}),
		answer: make(chan bool), answered: make(chan struct{}), closed: make(chan struct{})}
}

func (f *fakeConn) Read(ctx context.Context) (websocket.MessageType, []byte, error) {
	select {
	case b := <-f.in:
		return websocket.MessageText, b, nil
	case <-f.closed:
		return 0, nil, net.ErrClosed
	case <-ctx.Done():
		return 0, nil, ctx.Err()
	}
}

func (f *fakeConn) WriteBatch(msgs [][]byte) error {
	if f.gate != nil {
		<-f.gate
	}
	for _, b := range msgs {
		f.wrote <- bytes.Clone(b) // the session reuses its buffers once WriteBatch returns
	}
	return nil
}

func (f *fakeConn) Ping(ctx context.Context) error {
	select {
	case f.pings <- struct{}{}:
	case <-f.closed:
		return net.ErrClosed
	}
	select {
	case ok := <-f.answer:
		if !ok {
			return errors.New("no pong")
		}
		f.onPong() // as the WebSocket's reader reports a pong, before Ping returns
		f.answered <- struct{}{}
		return nil
	case <-f.closed:
		return net.ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (f *fakeConn) Close(code websocket.StatusCode, reason string) error {
	f.mu.Lock()
	f.reason = reason
	f.mu.Unlock()
	return f.CloseNow()
}

func (f *fakeConn) CloseNow() error {
	f.once.Do(func() { close(f.closed) })
	return nil
}

// fakeSession runs an endpoint's session over a fake connection with clock for its timers.
type fakeSession struct {
	t     *testing.T
	clock *clock.Manual
	conn  *fakeConn
	s     *wsSink
	ended chan struct{}
}

func startFake(t *testing.T, o HTTPOptions) *fakeSession {
	t.Helper()
	store, err := storetest.New(t).Open()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	clock := clock.NewManual(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	h, err := NewHub(store, Options{Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	o.Clock, o.Rate = clock, 1e9
	e := &endpoint{hub: h, opts: o.withDefaults()}
	f := &fakeSession{t: t, clock: clock, conn: newFakeConn(), ended: make(chan struct{})}
	f.s = e.newSession()
	f.s.conn = f.conn
	f.conn.onPong = f.s.pong
	go func() {
		e.run(context.Background(), f.s, "", "192.0.2.1")
		close(f.ended)
	}()
	t.Cleanup(func() {
		f.conn.CloseNow()
		<-f.ended
	})
	f.roundTrip() // the session's timer is armed once it answers
	return f
}

// roundTrip sends a message the server answers with an error and waits for the answer.
func (f *fakeSession) roundTrip() {
	f.t.Helper()
	f.conn.in <- []byte(`{"type":"start"}`)
	b := <-f.conn.wrote
	if !strings.Contains(string(b), protocol.ErrBadMessage) {
		f.t.Fatalf("answer %s", b)
	}
}

func (f *fakeSession) closing() (bool, string) {
	f.s.mu.Lock()
	defer f.s.mu.Unlock()
	return f.s.closing, f.s.reason
}

// answerPing waits for the session's ping and answers it.
func (f *fakeSession) answerPing() {
	<-f.conn.pings
	f.conn.answer <- true
	<-f.conn.answered
}

// A connection that answers every ping but sends nothing is closed when the idle time-out has
// passed since its last message, not before; each message starts the time-out again.
func TestIdleTimeout(t *testing.T) {
	f := startFake(t, HTTPOptions{PingInterval: time.Minute, IdleTimeout: 10 * time.Minute})
	for range 5 {
		f.clock.Advance(time.Minute)
		f.answerPing()
	}
	f.roundTrip() // at 5 minutes: the time-out runs from here
	for i := range 9 {
		f.clock.Advance(time.Minute)
		if c, r := f.closing(); c {
			t.Fatalf("closed %d minutes after the last message: %s", i+1, r)
		}
		f.answerPing()
	}
	f.clock.Advance(time.Minute)
	<-f.ended
	if f.conn.reason != "idle: no message for 10m0s" {
		t.Errorf("closed with %q", f.conn.reason)
	}
}

// A connection that does not answer a ping by the next one is closed; one that answers stays.
func TestPingUnanswered(t *testing.T) {
	f := startFake(t, HTTPOptions{PingInterval: 30 * time.Second})
	f.clock.Advance(30 * time.Second)
	f.answerPing()
	f.clock.Advance(30 * time.Second)
	<-f.conn.pings // the second ping goes unanswered
	if c, r := f.closing(); c {
		t.Fatalf("closed after an answered ping: %s", r)
	}
	f.clock.Advance(29 * time.Second)
	if c, r := f.closing(); c {
		t.Fatalf("closed before the next ping was due: %s", r)
	}
	f.clock.Advance(time.Second)
	<-f.ended
	if f.conn.reason != "no answer to ping" {
		t.Errorf("closed with %q", f.conn.reason)
	}
}

// A client that does not read is closed once more than the send cap waits for it; what was
// queued before goes out first, then the close frame says why.
func TestSendCap(t *testing.T) {
	f := startFake(t, HTTPOptions{SendBytes: 1000})
	f.conn.gate = make(chan struct{})
	chat := protocol.Chat{Seat: -1, Text: strings.Repeat("x", 100), System: true}
	for range 20 {
		f.s.Send(chat)
	}
	c, r := f.closing()
	if !c || r != "too slow: reconnect" {
		t.Fatalf("closing %v %q after 20 messages of ~150 bytes with a cap of 1000", c, r)
	}
	close(f.conn.gate)
	<-f.ended
	n := len(f.conn.wrote)
	if n == 0 || n >= 20 {
		t.Errorf("%d of 20 messages written", n)
	}
	if f.conn.reason != "too slow: reconnect" {
		t.Errorf("closed with %q", f.conn.reason)
	}
}

// countConn is a net.Conn that counts its writes.
type countConn struct {
	net.Conn
	writes [][]byte
}

func (c *countConn) Write(p []byte) (int, error) {
	c.writes = append(c.writes, append([]byte(nil), p...))
	return len(p), nil
}

func (c *countConn) SetWriteDeadline(time.Time) error { return nil }

// A corked connection collects writes and sends them in one.
func TestCorkBatches(t *testing.T) {
	under := &countConn{}
	c := &corkConn{Conn: under}
	c.Write([]byte("a"))
	c.cork()
	c.Write([]byte("bc"))
	c.Write([]byte("de"))
	if len(under.writes) != 1 {
		t.Fatalf("writes while corked reached the connection: %q", under.writes)
	}
	if err := c.uncork(); err != nil {
		t.Fatal(err)
	}
	c.Write([]byte("f"))
	if got := strings.Join(bytesToStrings(under.writes), "|"); got != "a|bcde|f" {
		t.Errorf("writes %s", got)
	}
}

func bytesToStrings(b [][]byte) []string {
	out := make([]string, len(b))
	for i, x := range b {
		out[i] = string(x)
	}
	return out
}
