package server_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/server"
	"nimmt/server/store"
	"nimmt/server/store/pg"
	"nimmt/server/store/storetest"
)

// A pending decision's deadline is stored with the room: a server that loads the room again
// (a restart, or another process taking it) arms the timer from it, not from its own clock.
func TestDeadlineStored(t *testing.T) {
	ts := newTestServer(t, server.Options{}, fast)
	s := protocol.DefaultSettings(3)
	s.Timer = 30
	ann, bo := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2)
	code := lobby(t, ts.url, s, []string{"beginner"}, ann, bo)
	due := ann.st.Room.Deadline
	if due == 0 {
		t.Fatalf("no deadline: %+v", ann.st.Room)
	}
	ts.stop()
	ts.clock.Advance(10 * time.Second)
	ts.start(server.Options{}, fast)
	spy := newPlayer(t, "Spy", 3)
	spy.connect(ts.url, code)
	spy.hello()
	if got := spy.st.Room.Deadline; got != due {
		t.Errorf("deadline after the restart %d, before %d (%+d ms)", got, due, got-due)
	}
}

// sharedHub is one of several processes on one PostgreSQL database: its store, its leases (polled
// every poll), a hub loading rooms on demand, and a real HTTP server.
type sharedHub struct {
	store  *pg.Store
	leases *pg.Leases
	hub    *server.Hub
	http   *httptest.Server
	url    string
}

func newSharedHub(t *testing.T, db string, poll time.Duration) *sharedHub {
	t.Helper()
	return newSharedHubWith(t, db, poll, server.Options{})
}

// newSharedHubWith is newSharedHub with the hub's options (their Leases set).
func newSharedHubWith(t *testing.T, db string, poll time.Duration, opts server.Options) *sharedHub {
	t.Helper()
	ctx := context.Background()
	st, err := pg.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	l, err := pg.OpenLeases(ctx, st, db, poll)
	if err != nil {
		t.Fatal(err)
	}
	opts.Leases = l
	h, err := server.NewHub(st, opts)
	if err != nil {
		t.Fatal(err)
	}
	s := &sharedHub{store: st, leases: l, hub: h, http: httptest.NewServer(h.Handler(fast))}
	s.url = "ws" + strings.TrimPrefix(s.http.URL, "http")
	t.Cleanup(func() {
		s.http.CloseClientConnections()
		h.Close()
		s.http.Close()
		l.Close()
		st.Close()
	})
	return s
}

// playOn plays p to the game's end; whenever its connection is cut, it connects again through
// url() and goes on (a decision in flight may have been lost: it answers again, and a refusal
// of an answer stored already makes it decide again).
func playOn(t *testing.T, p *player, code string, url func() string) {
	for {
		err := p.play(p.over)
		if err == nil {
			return
		}
		t.Logf("%s: %v; reconnecting", p.name, err)
		p.connect(url(), code)
		p.hello()
		p.acted, p.redecide = "", true
	}
}

// playUntil plays every player until stop holds for it, each in its own goroutine.
func playUntil(t *testing.T, what string, stop func(*player) bool, ps ...*player) {
	t.Helper()
	var wg sync.WaitGroup
	for _, p := range ps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.playTo(what, func() bool { return stop(p) })
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
}

// checkStored checks that a fresh connection with p's token gets the whole game as p saw it.
func checkStored(t *testing.T, url, code string, p *player) {
	t.Helper()
	fresh := newPlayer(t, p.name+" again", 99)
	fresh.st.Token = p.st.Token
	fresh.connect(url, code)
	fresh.hello()
	fresh.until("the whole game", func(protocol.Message) bool { return len(fresh.st.Events) >= len(p.st.Events) })
	if !reflect.DeepEqual(fresh.st.Events, p.st.Events) {
		t.Errorf("%s: the stored game (%d events) differs from the one played (%d)", p.name, len(fresh.st.Events), len(p.st.Events))
	}
}

// Two processes on one database: a room made on A is asked for by B when a connection names it
// there; A lets it go (its connections are closed), B loads it and serves it; the clients that
// reconnect to B finish the game, and the stored game is the one every client saw.
func TestSharedRoomMoves(t *testing.T) {
	db := storetest.NewPostgres(t)
	a, b := newSharedHub(t, db, time.Hour), newSharedHub(t, db, time.Hour) // requests come by NOTIFY
	ann, bo := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2)
	code := lobby(t, a.url, noTimer(3), []string{"beginner"}, ann, bo)
	playUntil(t, "round 1 turn 3", func(p *player) bool { return p.st.View.Turn >= 3 }, ann, bo)
	if a.hub.Rooms() != 1 || b.hub.Rooms() != 0 {
		t.Fatalf("rooms held: A %d, B %d", a.hub.Rooms(), b.hub.Rooms())
	}
	annBefore := append([]engine.Event(nil), ann.st.Events...)
	bo.connect(b.url, code) // Bo comes back through another process
	bo.hello()
	if a.hub.Rooms() != 0 || b.hub.Rooms() != 1 {
		t.Errorf("after the move, rooms held: A %d, B %d", a.hub.Rooms(), b.hub.Rooms())
	}
	var wg sync.WaitGroup
	for _, p := range []*player{ann, bo} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			playOn(t, p, code, func() string { return b.url })
		}()
	}
	wg.Wait()
	if !reflect.DeepEqual(ann.st.Events[:len(annBefore)], annBefore) {
		t.Error("Ann's events before the move changed")
	}
	checkStored(t, b.url, code, ann)
	checkStored(t, b.url, code, bo)
}

// Split brain: process A's hold on the database ends while it still runs and serves a room
// (it has not noticed: its poll waits an hour). B takes the room when a connection names it
// there, and stores an action; A's next change is refused by the store (fenced), A lets the
// room go and closes its connections, and its clients finish the game on B with nothing lost
// or doubled.
func TestSharedSplitBrain(t *testing.T) {
	db := storetest.NewPostgres(t)
	a, b := newSharedHub(t, db, time.Hour), newSharedHub(t, db, time.Hour)
	ann, bo := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2)
	code := lobby(t, a.url, noTimer(2), nil, ann, bo)
	playUntil(t, "round 1 turn 2", func(p *player) bool { return p.st.View.Turn >= 2 }, ann, bo)
	ctx := context.Background()
	pool := b.store.Pool()
	// A must not be woken to notice its lost lock before B holds the room: both processes'
	// lease listeners are up first (a listener that connects late reads the requests at once),
	// and B finds A's lock gone on its first try (a refused try asks A for the room, waking it).
	count := func(what, q string, args ...any) func() bool {
		return func() bool {
			var n int
			if err := pool.QueryRow(ctx, q, args...).Scan(&n); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			return n == 0
		}
	}
	waitFor(t, "both lease listeners", count("listeners", `SELECT 2 - count(*) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN nimmt_leases'`))
	if _, err := pool.Exec(ctx, `SELECT pg_terminate_backend(pid, 60000) FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2::oid AND objsubid = 2`,
		int32(pg.LockClass), a.leases.Owner()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "A's lock gone", count("A's lock", `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2::oid AND objsubid = 2`,
		int32(pg.LockClass), a.leases.Owner()))
	// Bo, cut off from A (a network fault), comes back through B: B takes the room at once.
	bo.conn.Close()
	bo.connect(b.url, code)
	bo.hello()
	if b.hub.Rooms() != 1 || a.hub.Rooms() != 1 {
		t.Fatalf("rooms held: A %d, B %d; want both (split brain)", a.hub.Rooms(), b.hub.Rooms())
	}
	var wg sync.WaitGroup
	for _, p := range []*player{ann, bo} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			playOn(t, p, code, func() string { return b.url })
		}()
	}
	wg.Wait()
	if a.hub.Rooms() != 0 {
		t.Error("the fenced process still holds the room")
	}
	checkStored(t, b.url, code, ann)
	checkStored(t, b.url, code, bo)
}

// waitFor polls done until it holds, failing after guard (the database's own state, which no
// channel of the test's can signal).
func waitFor(t *testing.T, what string, done func() bool) {
	t.Helper()
	for deadline := time.Now().Add(guard); !done(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s", what)
		}
	}
}

// Rooms no process serves expire on PostgreSQL too: a room its process let go as idle is
// deleted once it has been idle past the expiry, by whichever process sweeps first; a room
// with the same age that a process serves (a person is connected) stays, and its person plays
// on.
func TestSharedExpiry(t *testing.T) {
	db := storetest.NewPostgres(t)
	opts := server.Options{Evict: time.Millisecond, Expire: time.Hour}
	a, b := newSharedHubWith(t, db, time.Hour, opts), newSharedHubWith(t, db, time.Hour, opts)
	ann, bo := newPlayer(t, "Ann", 1), newPlayer(t, "Bo", 2)
	ann.connect(a.url, "")
	gone := ann.create(noTimer(3))
	ann.conn.Close()
	bo.connect(b.url, "")
	kept := bo.create(noTimer(3))
	ctx := context.Background()
	pool := a.store.Pool()
	// The evictor's ticks come every second: wait for what they do to the database.
	waitFor(t, "room "+gone+" let go as idle", func() bool {
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM leases WHERE code = $1`, gone).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n == 0 && a.hub.Rooms() == 0
	})
	if _, err := pool.Exec(ctx, `UPDATE rooms SET touched = now() - interval '2 hours'`); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "room "+gone+" deleted", func() bool {
		_, err := a.store.LoadRoom(ctx, gone)
		return errors.Is(err, store.ErrNotFound)
	})
	if _, err := a.store.LoadRoom(ctx, kept); err != nil {
		t.Errorf("the room served by B: %v", err)
	}
	bo.send(protocol.Say{Text: "still here"})
	bo.until("the chat line", func(m protocol.Message) bool { c, ok := m.(protocol.Chat); return ok && c.Text == "still here" })
}
