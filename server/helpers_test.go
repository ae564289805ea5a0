package server_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"nimmt/client"
	"nimmt/clock"
	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/server"
	"nimmt/server/store"
	"nimmt/server/store/storetest"
)

// guard is how long a test waits for a message before it calls the test deadlocked: a guard
// against hanging for ever, never a quota (a busy machine stays far below it).
const guard = 2 * time.Minute

// fast lifts the message rate limit for tests whose clients play as fast as they can on a clock
// that does not move.
var fast = server.HTTPOptions{Rate: 1e9}

// testServer is a hub on a fresh database of the suite's store (storetest: SQLite, or
// PostgreSQL with NIMMT_TEST_STORE=postgres) behind a real HTTP server on 127.0.0.1, with a
// manual clock.
type testServer struct {
	t     *testing.T
	clock *clock.Manual
	store storetest.Store
	// fail wraps store: the hub's commits fail while it is set.
	fail failStore
	hub  *server.Hub
	http *httptest.Server
	url  string
	db   *storetest.DB
}

func newTestServer(t *testing.T, opts server.Options, hopts server.HTTPOptions) *testServer {
	t.Helper()
	ts := &testServer{t: t, clock: clock.NewManual(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))}
	ts.db = storetest.New(t)
	ts.start(opts, hopts)
	t.Cleanup(ts.stop)
	return ts
}

func (ts *testServer) start(opts server.Options, hopts server.HTTPOptions) {
	t := ts.t
	var err error
	ts.store, err = ts.db.Open()
	if err != nil {
		t.Fatal(err)
	}
	if opts.Clock == nil {
		opts.Clock = ts.clock
	}
	ts.fail.Store = ts.store
	ts.hub, err = server.NewHub(&ts.fail, opts)
	if err != nil {
		t.Fatal(err)
	}
	ts.http = httptest.NewServer(ts.hub.Handler(hopts))
	ts.url = "ws" + strings.TrimPrefix(ts.http.URL, "http")
}

func (ts *testServer) stop() {
	if ts.http == nil {
		return
	}
	ts.http.CloseClientConnections()
	ts.hub.Close()
	ts.http.Close()
	ts.store.Close()
	ts.http = nil
}

// recorder is a Transport that keeps every frame received.
type recorder struct {
	client.Transport
	mu     sync.Mutex
	frames [][]byte
	// more is closed (and replaced) whenever a frame is added, for waitFrame.
	more chan struct{}
}

func (r *recorder) Read(ctx context.Context) ([]byte, error) {
	b, err := r.Transport.Read(ctx)
	if err == nil {
		r.mu.Lock()
		r.frames = append(r.frames, b)
		if r.more != nil {
			close(r.more)
			r.more = nil
		}
		r.mu.Unlock()
	}
	return b, err
}

// mark is the number of frames received so far, for waitFrame.
func (r *recorder) mark() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.frames)
}

// waitFrame waits until a frame received after the first from frames decodes to a message for
// which cond holds, while another goroutine reads the connection. It reports false if none came
// within guard.
func (r *recorder) waitFrame(from int, cond func(protocol.Message) bool) bool {
	timer := time.NewTimer(guard)
	defer timer.Stop()
	for {
		r.mu.Lock()
		for ; from < len(r.frames); from++ {
			if m, err := protocol.DecodeServer(r.frames[from]); err == nil && cond(m) {
				r.mu.Unlock()
				return true
			}
		}
		if r.more == nil {
			r.more = make(chan struct{})
		}
		more := r.more
		r.mu.Unlock()
		select {
		case <-more:
		case <-timer.C:
			return false
		}
	}
}

// player is a test client: a connection, what it knows, and every frame it received.
type player struct {
	t    *testing.T
	name string
	conn *client.Conn
	rec  *recorder
	st   client.State
	rng  *rand.Rand
	// acted is the decision last answered, so a decision is answered once.
	acted string
	// redecide makes a refused action ("illegal") a reason to decide again from the view as it
	// stands, as a real client does after a reconnect, instead of an error; refused counts them.
	redecide bool
	refused  int
	// frames holds the frames of earlier connections of this player.
	frames [][]byte
}

// newPlayer returns a player not connected yet.
func newPlayer(t *testing.T, name string, seed uint64) *player {
	return &player{t: t, name: name, rng: rand.New(rand.NewPCG(seed, 7))}
}

func (p *player) connect(url, code string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	tr, err := client.DialTransport(ctx, url, code)
	if err != nil {
		p.t.Fatal(err)
	}
	if p.rec != nil {
		p.frames = append(p.frames, p.rec.frames...)
	}
	p.rec = &recorder{Transport: tr}
	p.conn = client.New(p.rec)
}

// allFrames returns every frame the player received over all its connections.
func (p *player) allFrames() [][]byte {
	p.rec.mu.Lock()
	defer p.rec.mu.Unlock()
	return append(append([][]byte(nil), p.frames...), p.rec.frames...)
}

func (p *player) send(m protocol.Message) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	if err := p.conn.Send(ctx, m); err != nil {
		p.t.Fatalf("%s: %v", p.name, err)
	}
}

// recv reads and folds one message.
func (p *player) recv() (protocol.Message, error) {
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	m, err := p.conn.Recv(ctx)
	if err != nil {
		return nil, err
	}
	if err := p.st.Apply(m); err != nil {
		return nil, fmt.Errorf("%s: %w", p.name, err)
	}
	return m, nil
}

// until reads messages until cond holds (checked after each), failing on a connection error.
func (p *player) until(what string, cond func(m protocol.Message) bool) protocol.Message {
	p.t.Helper()
	for {
		m, err := p.recv()
		if err != nil {
			p.t.Fatalf("%s waiting for %s: %v", p.name, what, err)
		}
		if cond(m) {
			return m
		}
	}
}

func (p *player) untilType(typ string) protocol.Message {
	p.t.Helper()
	return p.until(typ, func(m protocol.Message) bool { return m.Type() == typ })
}

// untilError reads until an Error arrives and returns it.
func (p *player) untilError() protocol.Error {
	p.t.Helper()
	return p.untilType(protocol.TypeError).(protocol.Error)
}

// create makes a room and returns its code once the room message arrives.
func (p *player) create(s protocol.Settings) string {
	p.t.Helper()
	p.send(protocol.Create{Version: protocol.Version, Settings: s, Name: p.name})
	p.untilType(protocol.TypeRoom)
	if p.st.Token == "" || p.st.Code == "" {
		p.t.Fatalf("%s: no token or code after create", p.name)
	}
	return p.st.Code
}

// hello enters the room (with the player's token and events, if any) and waits for the room.
func (p *player) hello() {
	p.t.Helper()
	p.send(p.st.Hello())
	p.untilType(protocol.TypeRoom)
}

func (p *player) join() {
	p.t.Helper()
	p.send(protocol.Join{Name: p.name})
	p.untilType(protocol.TypeJoined)
}

// decisionKey names the decision the view waits for, or "" when there is none.
func decisionKey(v *engine.View) string {
	if v.Decision == nil {
		return ""
	}
	return fmt.Sprint(v.Round, v.Turn, v.Phase, *v.Decision, len(v.Hand), len(v.Pool))
}

// move answers the pending decision with a random legal action, once per decision. It reports
// whether it sent one.
func (p *player) move() bool {
	p.t.Helper()
	if p.st.Room.State != protocol.StatePlaying || p.st.Game != p.st.Room.Game {
		return false
	}
	k := decisionKey(&p.st.View)
	if k == "" || k == p.acted {
		return false
	}
	p.acted = k
	p.send(protocol.Act{Game: p.st.Game, Action: engine.RandomAction(&p.st.View, p.rng)})
	return true
}

// play plays with random legal moves until stop holds after a message; it returns the first
// connection error or refusal.
func (p *player) play(stop func() bool) error {
	for !stop() {
		p.move()
		m, err := p.recv()
		if err != nil {
			return err
		}
		if e, ok := m.(protocol.Error); ok {
			if p.redecide && e.Code == protocol.ErrIllegal {
				p.refused++
				p.t.Logf("%s: refused after the restart, deciding again: %s", p.name, e.Message)
				p.acted = ""
				continue
			}
			return fmt.Errorf("%s: refused: %+v", p.name, e)
		}
	}
	return nil
}

// playTo is play that fails the test on an error.
func (p *player) playTo(what string, stop func() bool) {
	if err := p.play(stop); err != nil {
		p.t.Errorf("%s playing to %s: %v", p.name, what, err)
	}
}

// over reports whether the player has seen the end of the current game: the room over and, for a
// game the engine ended, its game_over event.
func (p *player) over() bool {
	if p.st.Room.State != protocol.StateOver {
		return false
	}
	if r := p.st.Room.Result; r != nil && r.Finished {
		return true
	}
	return len(p.st.Events) > 0 && p.st.Events[len(p.st.Events)-1].Type() == "game_over"
}

// playAll plays every player to the game's end, each in its own goroutine.
func playAll(t *testing.T, ps ...*player) {
	t.Helper()
	var wg sync.WaitGroup
	for _, p := range ps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.playTo("game over", p.over)
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
}

// lobby makes a room with settings, seats the players (the first is the host) and bots of the
// levels, and starts the game; it returns the code once every player has the first event.
func lobby(t *testing.T, url string, s protocol.Settings, levels []string, ps ...*player) string {
	t.Helper()
	code := seated(t, url, s, ps...)
	for _, l := range levels {
		ps[0].send(protocol.AddBot{Level: l})
	}
	ps[0].send(protocol.Start{})
	for _, p := range ps {
		p.until("the first event", func(protocol.Message) bool { return p.st.Next > 0 })
	}
	return code
}

// failStore is a store whose commits fail while failing is set (a full disk).
type failStore struct {
	storetest.Store
	failing atomic.Bool
}

func (f *failStore) Commit(ctx context.Context, c store.Change) error {
	if f.failing.Load() {
		return errors.New("disk full")
	}
	return f.Store.Commit(ctx, c)
}
