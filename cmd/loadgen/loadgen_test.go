package main

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	gameserver "nimmt/server"
)

// A short run of the generator against a server in the test: 20 rooms of 4 WebSocket clients
// play a whole game each with random legal moves. Every game must end, every client must hear the
// same totals, no action may be refused, and every action must be answered by its event. It
// asserts correctness only, never a time.
func TestShortRun(t *testing.T) {
	store, err := gameserver.OpenSQLite(filepath.Join(t.TempDir(), "nimmt.db"))
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
	var all [][]*player
	for i := range rooms {
		p, err := openRoom(context.Background(), c, base, i, st, &wg)
		if err != nil {
			t.Fatalf("room %d: %v", i, err)
		}
		all = append(all, p)
	}
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
