package main

import (
	"context"
	"errors"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	gameserver "nimmt/server"
	"nimmt/server/store/sqlite"
)

// A short run of the generator against a server in the test: 20 rooms of 4 WebSocket clients
// play a whole game each with random legal moves. Every game must end, every client must hear the
// same totals, no action may be refused, and every action must be answered by its event. It
// asserts correctness only, never a time.
func TestShortRun(t *testing.T) {
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "nimmt.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	hub, err := gameserver.NewHub(store, gameserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer hub.Close()
	hs := httptest.NewServer(hub.Handler(gameserver.HTTPOptions{Rate: 1e9}))
	defer hs.Close()
	base := "ws" + strings.TrimPrefix(hs.URL, "http")

	const rooms = 20
	c := config{rooms: rooms, think: 0, timer: 0, games: 1}
	st := &stats{}
	var wg sync.WaitGroup
	all := openRooms(t, c, base, st, &wg)
	wg.Wait()
	for i, room := range all {
		for _, p := range room {
			if p.err != nil {
				t.Errorf("room %d seat %d: %v", i, p.seat, p.err)
			}
			if len(p.totals) != 1 {
				t.Errorf("room %d seat %d heard %d games end, want 1", i, p.seat, len(p.totals))
				continue
			}
			if !slices.Equal(p.totals[0], room[0].totals[0]) {
				t.Errorf("room %d: seat %d heard totals %v, seat 0 %v", i, p.seat, p.totals[0], room[0].totals[0])
			}
		}
	}
	acts, lat := st.snapshot()
	if st.games.Load() != rooms || st.refused.Load() != 0 || acts == 0 || int64(len(lat)) != acts {
		t.Errorf("games %d of %d, refused %d, actions %d, answered %d", st.games.Load(), rooms, st.refused.Load(), acts, len(lat))
	}
	if hub.Rooms() != rooms {
		t.Errorf("the server holds %d rooms", hub.Rooms())
	}
}

// startServer kills and waits for its child on every path that fails: a server that prints its
// address but never its restore line (the wait ends), and one that ends before its restore line.
func TestStartServerLeavesNoChild(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, tail, want string }{
		{"hangs", "exec sleep 600", "in 200ms"}, // no restore line (or, very slow, no address) in the wait
		{"ends", "exit 3", "ended before its restore line"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pidFile := filepath.Join(dir, tc.name+".pid")
			bin := filepath.Join(dir, tc.name+".sh")
			script := "#!/bin/sh\necho $$ > " + pidFile + "\necho 'server: listening on http://127.0.0.1:1/ (web: false)'\n" + tc.tail + "\n"
			if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
				t.Fatal(err)
			}
			// The hanging server's wait is short on purpose: it never prints the line, however
			// fast the machine is; the ending one ends long before its wait.
			wait := 200 * time.Millisecond
			if tc.name == "ends" {
				wait = guard
			}
			s, err := startServer(bin, filepath.Join(dir, "data"), wait)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				if s != nil {
					s.kill()
				}
				t.Fatalf("startServer: %v, want an error saying %q", err, tc.want)
			}
			b, err := os.ReadFile(pidFile)
			if err != nil {
				t.Fatal(err)
			}
			pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
			if err != nil {
				t.Fatal(err)
			}
			// Killed and waited for: the process is gone, not even a zombie.
			if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
				t.Errorf("the child %d is still there (kill 0: %v)", pid, err)
			}
		})
	}
}

// guard bounds a wait that a working run never reaches: a guard against hanging, not a quota.
const guard = 2 * time.Minute

// The generator counts the sockets that are live, not the rooms it opened: when the server
// drops every connection, no room is held any more and every client is counted as failed.
func TestLiveSockets(t *testing.T) {
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "nimmt.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	hub, err := gameserver.NewHub(store, gameserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer hub.Close()
	hs := httptest.NewServer(hub.Handler(gameserver.HTTPOptions{Rate: 1e9}))
	defer hs.Close()
	base := "ws" + strings.TrimPrefix(hs.URL, "http")

	const rooms = 3
	c := config{rooms: rooms, think: time.Hour, timer: 0, games: 1} // nobody acts
	st := &stats{}
	var wg sync.WaitGroup
	for i := range rooms {
		if _, err := openRoom(context.Background(), c, base, i, st, &wg); err != nil {
			t.Fatalf("room %d: %v", i, err)
		}
	}
	if st.live.Load() != 4*rooms || st.failed.Load() != 0 {
		t.Errorf("live %d, failed %d; want %d live", st.live.Load(), st.failed.Load(), 4*rooms)
	}
	hub.Close() // the server closes every connection
	wg.Wait()
	if st.live.Load() != 0 || st.failed.Load() != 4*rooms || st.failure.Load() == nil {
		t.Errorf("after the server dropped them: live %d, failed %d (%v); want 0 and %d", st.live.Load(), st.failed.Load(), st.failure.Load(), 4*rooms)
	}
	if st.held.Load() != rooms {
		t.Errorf("rooms opened %d", st.held.Load())
	}
}
