package engine_test

import (
	"testing"

	"nimmt/engine"
)

// FuzzRecord feeds arbitrary bytes to the record parser and replay: they must return an error
// or a game, never panic.
func FuzzRecord(f *testing.F) {
	for seats := 2; seats <= 10; seats += 4 {
		g, _ := playRandomGame(f, engine.DefaultConfig(seats), uint64(seats))
		data, _ := g.Record().Marshal()
		f.Add(data)
	}
	f.Add([]byte(`{"format":"nimmt-record","version":1,"config":{"seats":2,"end_score":66},"rounds":[]}`))
	f.Add([]byte(`{"format":"nimmt-record","version":1,"config":{"seats":2,"end_score":66},"rounds":[{"hands":[[1],[2]],"rows":[3,4,5,6]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := engine.ParseRecord(data)
		if err != nil {
			return
		}
		g, err := engine.Replay(rec, nil)
		if err != nil {
			return
		}
		// A replayed game is consistent: its record replays again to the same state.
		data2, err := g.Record().Marshal()
		if err != nil {
			t.Fatal(err)
		}
		rec2, err := engine.ParseRecord(data2)
		if err != nil {
			t.Fatalf("re-parse: %v", err)
		}
		g2, err := engine.Replay(rec2, nil)
		if err != nil {
			t.Fatalf("re-replay: %v", err)
		}
		if snapshot(g) != snapshot(g2) {
			t.Fatal("replaying a replayed record changed the game")
		}
	})
}

// FuzzActions applies arbitrary action sequences to a game: legal ones must be accepted, and
// every rejected one must leave the state exactly as it was.
func FuzzActions(f *testing.F) {
	f.Add(uint64(1), uint8(4), []byte{0, 10, 1, 20, 2, 30, 3, 40})
	f.Add(uint64(2), uint8(2), []byte{0, 1, 1, 2, 0, 200, 1, 255, 9, 9})
	f.Add(uint64(3), uint8(10), []byte{})
	f.Fuzz(func(t *testing.T, seed uint64, seats uint8, ops []byte) {
		g, err := engine.NewGame(engine.DefaultConfig(2+int(seats)%9), rng(seed))
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i+1 < len(ops); i += 2 {
			seat := int(ops[i]%16) - 2 // includes out-of-range seats
			var a engine.Action
			switch v := ops[i+1]; {
			case v >= 250:
				a = engine.TakeRow(int(v) - 252) // rows -2…3
			case v >= 240:
				a = engine.Action{Kind: engine.DecidePlay, Cards: []engine.Card{1, engine.Card(v)}}
			default:
				// Map to a card of the seat's hand often, else an arbitrary number.
				h := g.View(seat).Hand
				if len(h) > 0 && v%2 == 0 {
					a = engine.PlayCard(h[int(v/2)%len(h)])
				} else {
					a = engine.PlayCard(engine.Card(v))
				}
			}
			before := snapshot(g)
			if err := g.Act(seat, a); err != nil {
				if after := snapshot(g); after != before {
					t.Fatalf("rejected action %+v by seat %d changed the state: %v", a, seat, err)
				}
			}
		}
	})
}
