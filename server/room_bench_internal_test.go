package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"nimmt/clock"
	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/server/store"
)

// memStore is a Store in memory: it keeps every committed change, so that a benchmark measures
// the room's own work per action (BenchmarkCommit measures the SQLite file).
type memStore struct {
	mu      sync.Mutex
	changes int
	entries int
}

func (s *memStore) Commit(_ context.Context, c store.Change) error {
	s.mu.Lock()
	s.changes++
	s.entries += len(c.Entries)
	s.mu.Unlock()
	return nil
}
func (s *memStore) Load(context.Context) ([]store.Room, error) { return nil, nil }
func (s *memStore) LoadRoom(_ context.Context, code string) (store.Room, error) {
	return store.Room{}, store.ErrNotFound
}
func (s *memStore) Delete(context.Context, string) error { return nil }
func (s *memStore) Close() error                         { return nil }

// countingConn is a frameConn that counts what the session writes and drops it.
type countingConn struct {
	mu    sync.Mutex
	msgs  int
	bytes int
}

func (c *countingConn) Read(ctx context.Context) (websocket.MessageType, []byte, error) {
	<-ctx.Done()
	return 0, nil, ctx.Err()
}

func (c *countingConn) WriteBatch(msgs [][]byte) error {
	c.mu.Lock()
	for _, b := range msgs {
		c.msgs++
		c.bytes += len(b)
	}
	c.mu.Unlock()
	return nil
}
func (c *countingConn) Ping(context.Context) error               { return nil }
func (c *countingConn) Close(websocket.StatusCode, string) error { return nil }
func (c *countingConn) CloseNow() error                          { return nil }

// BenchmarkRoomAction is one accepted action in a room of four people (basic, to 66, the default
// 60 s timer, a second passing between actions: each new decision moves the room's deadline),
// each on a WebSocket session whose connection drops what it is sent: the client's message
// decoded, checked by the engine, logged to the store (in memory here), then every seat's
// redacted events and the room encoded and queued for its connection. One operation is one
// action, chosen at random among the legal ones by the seat's own view (that choice, the
// client's, is in the figure too); a game over starts the next game. allocs/op and B/op are the
// server's garbage per action.
func BenchmarkRoomAction(b *testing.B) {
	clock := clock.NewManual(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	h, err := NewHub(&memStore{}, Options{Clock: clock})
	if err != nil {
		b.Fatal(err)
	}
	// The loop never waits for the connections' writers, which a busy machine may leave far
	// behind: a session must not be closed as too slow, or the figures count fewer messages.
	e := &endpoint{hub: h, opts: HTTPOptions{SendBytes: 1 << 30}.withDefaults()}
	var peers []*Peer
	var conns []*countingConn
	for i := range 4 {
		s := e.newSession()
		c := &countingConn{}
		s.conn = c
		code := ""
		if i > 0 {
			code = peers[0].room.code
		}
		p := h.Connect(code, fmt.Sprintf("192.0.2.%d", i+1), s)
		if i == 0 {
			p.Handle(protocol.Create{Version: protocol.Version, Settings: protocol.DefaultSettings(4), Name: "P0"})
		} else {
			p.Handle(protocol.Hello{Version: protocol.Version})
			p.Handle(protocol.Join{Name: fmt.Sprintf("P%d", i)})
		}
		peers, conns = append(peers, p), append(conns, c)
	}
	r := peers[0].room
	peers[0].Handle(protocol.Start{})
	rng := rand.New(rand.NewPCG(1, 2))
	next := func() (int, []byte) {
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.State == protocol.StateOver {
			return 0, []byte(`{"type":"again"}`)
		}
		for _, i := range r.game.Waiting() {
			v := r.game.View(i)
			if v.Decision == nil {
				continue
			}
			m, err := protocol.Encode(protocol.Act{Game: r.Game, Action: engine.RandomAction(&v, rng)})
			if err != nil {
				b.Fatal(err)
			}
			return i, m
		}
		b.Fatal("nobody to act")
		return 0, nil
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		clock.Advance(time.Second)
		i, msg := next()
		m, err := protocol.DecodeClient(msg)
		if err != nil {
			b.Fatal(err)
		}
		peers[i].Handle(m)
	}
	b.StopTimer()
	msgs, bytes := 0, 0
	for _, c := range conns {
		c.mu.Lock()
		msgs, bytes = msgs+c.msgs, bytes+c.bytes
		c.mu.Unlock()
	}
	b.ReportMetric(float64(msgs)/float64(b.N), "msgs/op")
	b.ReportMetric(float64(bytes)/float64(b.N), "sent-B/op")
	for _, p := range peers {
		p.Close()
	}
}
