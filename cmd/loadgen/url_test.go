package main

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	gameserver "nimmt/server"
	"nimmt/server/servertest"
	"nimmt/server/store/sqlite"
)

// newURLServer is a server in the test behind a listener that can cut its connections; it
// returns its ws:// address.
func newURLServer(t *testing.T) (*gameserver.Hub, *servertest.CutListener, string) {
	t.Helper()
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "nimmt.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	hub, err := gameserver.NewHub(store, gameserver.Options{Grace: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hub.Close)
	hs := httptest.NewUnstartedServer(hub.Handler(gameserver.HTTPOptions{Rate: 1e9}))
	ln := &servertest.CutListener{Listener: hs.Listener}
	hs.Listener = ln
	hs.Start()
	t.Cleanup(hs.Close)
	return hub, ln, "ws" + strings.TrimPrefix(hs.URL, "http")
}

// openRooms opens c.rooms rooms at base, their clients playing in wg.
func openRooms(t *testing.T, c config, base string, st *stats, wg *sync.WaitGroup) [][]*player {
	t.Helper()
	var all [][]*player
	for i := range c.rooms {
		p, err := openRoom(context.Background(), c, base, i, st, wg)
		if err != nil {
			t.Fatalf("room %d: %v", i, err)
		}
		all = append(all, p)
	}
	return all
}

// The clients of -url mode (each host reconnects by its room's code after the create) resume
// their seats when their connections are cut in the middle of the game, as by a server killed
// behind the balancer: every game ends with every client, none fails, every client of every
// room cut is back in it, and the failover is counted per room.
func TestURLClientsResume(t *testing.T) {
	_, ln, base := newURLServer(t)
	const rooms = 3
	c := config{rooms: rooms, think: 0, timer: 0, games: 1, byCode: true, reconnect: 8}
	st := &stats{}
	var wg sync.WaitGroup
	all := openRooms(t, c, base, st, &wg)
	st.killed.Store(time.Now().UnixNano())
	cut := ln.Cut()
	wg.Wait()
	for i, room := range all {
		for _, p := range room {
			if p.err != nil {
				t.Errorf("room %d seat %d: %v", i, p.seat, p.err)
			}
			if len(p.totals) != 1 || !slices.Equal(p.totals[0], room[0].totals[0]) {
				t.Errorf("room %d seat %d heard totals %v, seat 0 %v", i, p.seat, p.totals, room[0].totals)
			}
		}
	}
	times, out := st.failover()
	if st.games.Load() != rooms || st.refused.Load() != 0 || st.failed.Load() != 0 {
		t.Errorf("games %d of %d, refused %d, failed %d", st.games.Load(), rooms, st.refused.Load(), st.failed.Load())
	}
	if st.resumed.Load() == 0 || out != 0 || len(times) == 0 {
		t.Errorf("after cutting %d connections: %d reconnections, failover over %d rooms, %d rooms with a client out", cut, st.resumed.Load(), len(times), out)
	}
	t.Logf("cut %d connections; %d reconnections; rooms back after %v ms", cut, st.resumed.Load(), times)
}

// -url mode end to end against a server in the test: the rooms are opened through the address,
// held for the window, and the run ends cleanly with every room held by the server.
func TestURLMode(t *testing.T) {
	hub, _, base := newURLServer(t)
	c := config{rooms: 2, hold: time.Millisecond, think: time.Hour, ramp: 2, timer: 0}
	if err := loadOnly(c, base, 0); err != nil {
		t.Fatal(err)
	}
	if hub.Rooms() != 2 {
		t.Errorf("the server holds %d rooms, want 2", hub.Rooms())
	}
}
