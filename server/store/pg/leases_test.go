package pg_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"nimmt/server/store"
	"nimmt/server/store/pg"
	"nimmt/server/store/storetest"
)

// openPair opens two processes' stores and leases on one new database; their polls wait an
// hour, so that only what a test does (or a notification) moves them.
func openPair(t *testing.T) (sa, sb *pg.Store, la, lb *pg.Leases) {
	url := storetest.NewPostgres(t)
	ctx := context.Background()
	open := func() (*pg.Store, *pg.Leases) {
		s, err := pg.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		l, err := pg.OpenLeases(ctx, s, url, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			l.Close()
			s.Close()
		})
		return s, l
	}
	sa, la = open()
	sb, lb = open()
	return sa, sb, la, lb
}

// One process holds a room's lease; another is refused it, asks for it (the holder hears at
// once through the notification), and gets it when the holder releases it.
func TestLeaseRequestRelease(t *testing.T) {
	_, _, la, lb := openPair(t)
	ctx := context.Background()
	if err := la.Acquire(ctx, "ROOM01"); err != nil {
		t.Fatal(err)
	}
	if err := la.Acquire(ctx, "ROOM01"); err != nil {
		t.Errorf("the holder again: %v", err)
	}
	if err := lb.Acquire(ctx, "ROOM01"); !errors.Is(err, store.ErrLeased) {
		t.Fatalf("another process: %v", err)
	}
	if err := lb.Request(ctx, "ROOM01"); err != nil {
		t.Fatal(err)
	}
	select {
	case ev := <-la.Events():
		if ev.Code != "ROOM01" || ev.Lost {
			t.Errorf("event %+v", ev)
		}
	case <-time.After(time.Minute): // a guard against hanging, not a quota
		t.Fatal("the holder was not told of the request")
	}
	if err := la.Release(ctx, "ROOM01"); err != nil {
		t.Fatal(err)
	}
	if err := lb.Acquire(ctx, "ROOM01"); err != nil {
		t.Errorf("after the release: %v", err)
	}
	// The request is stored too: a holder that missed the notification reads it on its poll.
	if err := la.Request(ctx, "ROOM01"); err != nil {
		t.Fatal(err)
	}
	lb.Check()
	found := false
	for !found {
		select {
		case ev := <-lb.Events():
			found = ev.Code == "ROOM01"
		case <-time.After(time.Minute):
			t.Fatal("the poll did not read the request")
		}
	}
}

// Split brain: the holder's hold on the database ends while it still runs. Another process
// takes the room at once and stores; the old holder's next commit is refused (fenced), and its
// next check tells it that it lost every room.
func TestLeaseFence(t *testing.T) {
	sa, sb, la, lb := openPair(t)
	ctx := context.Background()
	if err := la.Acquire(ctx, "ROOM02"); err != nil {
		t.Fatal(err)
	}
	meta := []byte(`{}`)
	if err := sa.Commit(ctx, store.Change{Code: "ROOM02", Game: 1, Meta: meta, Entries: storetest.Move(0)}); err != nil {
		t.Fatal(err)
	}
	if err := sb.Commit(ctx, store.Change{Code: "ROOM02", Game: 1, Meta: []byte(`{"b":1}`)}); !errors.Is(err, store.ErrFenced) {
		t.Errorf("a commit without the lease: %v", err)
	}
	// The lock's connection of A ends (a network cut, an administrator), A runs on.
	if _, err := sb.Pool().Exec(ctx, `SELECT pg_terminate_backend(pid, 60000) FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2::oid AND objsubid = 2`,
		int32(pg.LockClass), la.Owner()); err != nil {
		t.Fatal(err)
	}
	if err := lb.Acquire(ctx, "ROOM02"); err != nil {
		t.Fatalf("taking a dead holder's room: %v", err)
	}
	if err := sb.Commit(ctx, store.Change{Code: "ROOM02", Game: 1, First: 1, Entries: storetest.Move(1)}); err != nil {
		t.Fatal(err)
	}
	// A, not knowing yet, stores a meta-only change and an entry: both are refused.
	if err := sa.Commit(ctx, store.Change{Code: "ROOM02", Game: 1, Meta: []byte(`{"stale":1}`)}); !errors.Is(err, store.ErrFenced) {
		t.Errorf("the stale holder's metadata: %v", err)
	}
	if err := sa.Commit(ctx, store.Change{Code: "ROOM02", Game: 1, First: 1, Entries: storetest.Move(7)}); err == nil {
		t.Error("the stale holder's entry was stored")
	}
	sr, err := sb.LoadRoom(ctx, "ROOM02")
	if err != nil {
		t.Fatal(err)
	}
	if string(sr.Meta) != string(meta) || len(sr.Log) != 2 || string(sr.Log[1].Data) != string(storetest.Move(1)[0].Data) {
		t.Errorf("stored %s %d entries", sr.Meta, len(sr.Log))
	}
	la.Check()
	if ev := <-la.Events(); !ev.Lost {
		t.Errorf("event %+v, want the loss of every lease", ev)
	}
	if err := la.Acquire(ctx, "ROOM02"); !errors.Is(err, store.ErrLeased) {
		t.Errorf("the old holder takes the room back: %v", err)
	}
}

// The expiry of rooms no process serves: a room let go, or whose holder died, and idle past the
// expiry is deleted by a sweep (with its log and names); a room a live process holds, or one
// touched within the expiry, is not.
func TestLeaseSweep(t *testing.T) {
	sa, sb, la, lb := openPair(t)
	ctx := context.Background()
	for _, c := range []struct {
		s    *pg.Store
		l    *pg.Leases
		code string
	}{{sa, la, "HELD01"}, {sa, la, "FREE01"}, {sb, lb, "DEAD01"}, {sa, la, "NEW001"}} {
		if err := c.l.Acquire(ctx, c.code); err != nil {
			t.Fatal(err)
		}
		if err := c.s.Commit(ctx, store.Change{Code: c.code, Game: 1, Meta: []byte(`{}`), Entries: storetest.Move(0)}); err != nil {
			t.Fatal(err)
		}
		if err := c.s.SetName(ctx, strings.ToLower(c.code), c.code); err != nil {
			t.Fatal(err)
		}
	}
	for _, code := range []string{"FREE01", "NEW001"} {
		if err := la.Release(ctx, code); err != nil {
			t.Fatal(err)
		}
	}
	// DEAD01's holder dies: its lock's connection ends (waiting until PostgreSQL has ended it).
	if _, err := sa.Pool().Exec(ctx, `SELECT pg_terminate_backend(pid, 60000) FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2::oid AND objsubid = 2`,
		int32(pg.LockClass), lb.Owner()); err != nil {
		t.Fatal(err)
	}
	if _, err := sa.Pool().Exec(ctx, `UPDATE rooms SET touched = now() - interval '2 days' WHERE code <> 'NEW001'`); err != nil {
		t.Fatal(err)
	}
	n, err := la.Sweep(ctx, 24*time.Hour)
	if err != nil || n != 2 {
		t.Errorf("swept %d rooms, %v; want 2", n, err)
	}
	for code, kept := range map[string]bool{"HELD01": true, "FREE01": false, "DEAD01": false, "NEW001": true} {
		_, err := sa.LoadRoom(ctx, code)
		if kept != (err == nil) || !kept && !errors.Is(err, store.ErrNotFound) {
			t.Errorf("room %s after the sweep: %v (kept: %v)", code, err, kept)
		}
		if name, err := sa.Name(ctx, strings.ToLower(code)); err != nil || (name != "") != kept {
			t.Errorf("room %s's name after the sweep: %q, %v", code, name, err)
		}
	}
	if n, err := la.Sweep(ctx, 24*time.Hour); err != nil || n != 0 {
		t.Errorf("a second sweep: %d, %v", n, err)
	}
}
