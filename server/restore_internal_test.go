package server

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"nimmt/clock"
	"nimmt/engine"
	"nimmt/protocol"
	"nimmt/server/store/storetest"
)

type nopSink struct{}

func (nopSink) Send(protocol.Message) {}
func (nopSink) Close(string)          {}

// seeded is a deterministic source for a hub's codes, tokens and game seeds.
type seeded struct{ r *rand.ChaCha8 }

func (s seeded) Read(b []byte) (int, error) { return s.r.Read(b) }

// Rooms restored in parallel are the rooms restored one after another: the same games, event
// for event, and the same random generators (their next deals), whatever order the workers take
// them in.
func TestRestoreParallelSame(t *testing.T) {
	db := storetest.New(t)
	st, err := db.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	clk := clock.NewManual(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	h, err := NewHub(st, Options{Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 12 {
		p := h.Connect("", fmt.Sprintf("192.0.2.%d", i+1), nopSink{})
		p.Handle(protocol.Create{Version: protocol.Version, Settings: protocol.DefaultSettings(3), Name: "P"})
		p.Handle(protocol.AddBot{Level: "beginner"})
		p.Handle(protocol.AddBot{Level: "beginner"})
		p.Handle(protocol.Start{})
		for range i * 3 { // rooms with histories of different lengths
			r := p.room
			r.mu.Lock()
			v := r.game.View(0)
			game := r.Game
			r.mu.Unlock()
			if v.Decision == nil {
				break
			}
			p.Handle(protocol.Act{Game: game, Action: engine.RandomAction(&v, rng)})
		}
	}
	h.Close()
	stored, err := st.Load(t.Context())
	if err != nil || len(stored) != 12 {
		t.Fatalf("%d rooms stored, %v", len(stored), err)
	}
	restore := func(workers int) []*Room {
		h2 := &Hub{opts: Options{Random: seeded{rand.NewChaCha8([32]byte{7})}}, clock: clk}
		rooms, err := restoreAll(h2, stored, workers)
		if err != nil {
			t.Fatal(err)
		}
		return rooms
	}
	one, four := restore(1), restore(4)
	for i := range one {
		a, b := one[i], four[i]
		if a.code != b.code || a.game.EventCount() != b.game.EventCount() {
			t.Fatalf("room %d: %s with %d events, %s with %d", i, a.code, a.game.EventCount(), b.code, b.game.EventCount())
		}
		x, _ := a.game.Record().Marshal()
		y, _ := b.game.Record().Marshal()
		if string(x) != string(y) {
			t.Errorf("room %s: records differ", a.code)
		}
		if a.rng.Uint64() != b.rng.Uint64() {
			t.Errorf("room %s: the random generators differ", a.code)
		}
	}
}
