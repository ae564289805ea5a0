// Package servertest runs the real game server inside a test: a hub on a fresh database of the
// suite's store (storetest: an SQLite file in a temporary directory, or PostgreSQL with
// NIMMT_TEST_STORE=postgres) behind an HTTP server on 127.0.0.1, with a manual clock. Restart
// closes the hub, its connections and the database and opens them again on the same database,
// as a server killed and started again does (every accepted action was stored before anyone
// heard of it).
package servertest

import (
	"context"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"nimmt/client"
	"nimmt/clock"
	"nimmt/engine"
	"nimmt/server"
	"nimmt/server/store"
	"nimmt/server/store/storetest"
)

// Server is a game server for a test.
type Server struct {
	t     testing.TB
	opts  server.Options
	hopts server.HTTPOptions
	db    *storetest.DB
	// Clock is the hubs' clock; it moves only when the test advances it.
	Clock *clock.Manual

	mu    sync.Mutex
	store storetest.Store
	hub   *server.Hub
	http  *httptest.Server
	url   string
	up    chan struct{} // closed while the server runs
}

// New starts a server with opts and hopts (a nil opts.Clock is a manual clock at a fixed date) and
// stops it when the test ends.
func New(t testing.TB, opts server.Options, hopts server.HTTPOptions) *Server {
	t.Helper()
	s := &Server{t: t, opts: opts, hopts: hopts, db: storetest.New(t),
		Clock: clock.NewManual(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)), up: make(chan struct{})}
	if s.opts.Clock == nil {
		s.opts.Clock = s.Clock
	}
	s.Start()
	t.Cleanup(s.Stop)
	return s
}

// Start opens the database and serves it (after Stop).
func (s *Server) Start() {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.http != nil {
		return
	}
	store, err := s.db.Open()
	if err != nil {
		s.t.Fatal(err)
	}
	hub, err := server.NewHub(store, s.opts)
	if err != nil {
		store.Close()
		s.t.Fatal(err)
	}
	s.store, s.hub = store, hub
	s.http = httptest.NewServer(hub.Handler(s.hopts))
	s.url = "ws" + strings.TrimPrefix(s.http.URL, "http")
	close(s.up)
}

// Stop cuts every connection, closes the hub and the database.
func (s *Server) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.http == nil {
		return
	}
	s.up = make(chan struct{})
	s.http.CloseClientConnections()
	s.hub.Close()
	s.http.Close()
	s.store.Close()
	s.http = nil
}

// Restart is Stop then Start on the same database.
func (s *Server) Restart() {
	s.t.Helper()
	s.Stop()
	s.Start()
}

// URL is the server's WebSocket base, e.g. ws://127.0.0.1:PORT (it changes on Restart).
func (s *Server) URL() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.url
}

// Hub is the running hub.
func (s *Server) Hub() *server.Hub {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hub
}

// Dial is a client.Dialer to this server wherever it now listens (base is ignored).
func (s *Server) Dial(ctx context.Context, base, code string) (client.Transport, error) {
	return client.DialTransport(ctx, s.URL(), code)
}

// WaitUp is a client.LinkOptions Sleep for tests: instead of a back-off it waits until the server
// runs (at once, unless the test stopped it) or ctx ends.
func (s *Server) WaitUp(ctx context.Context, _ time.Duration) error {
	s.mu.Lock()
	up := s.up
	s.mu.Unlock()
	select {
	case <-up:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// SeatEvents returns the events of the room's current game as seat sees them, from the record
// the server stored (nil before the first start).
func (s *Server) SeatEvents(code string, seat int) ([]engine.Event, error) {
	r := s.Hub().Room(code)
	if r == nil {
		return nil, nil
	}
	rec := r.Record()
	if rec == nil {
		return nil, nil
	}
	g, err := engine.Replay(rec, nil)
	if err != nil {
		return nil, err
	}
	return g.EventsFor(seat, 0), nil
}

// Reports returns the last n reports the server stored (moderation), newest first.
func (s *Server) Reports(n int) ([]store.Report, error) {
	s.mu.Lock()
	st := s.store
	s.mu.Unlock()
	return st.Reports(context.Background(), n)
}

// Ban stores b as the operator's admin command does: the connections open learn of it at the
// hub's next check of the bans (Clock.Advance by 10 s), new ones at once.
func (s *Server) Ban(b store.Ban) error {
	s.mu.Lock()
	st := s.store
	s.mu.Unlock()
	return st.Ban(context.Background(), b)
}
