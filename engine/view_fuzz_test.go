package engine_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"nimmt/engine"
)

// viewEvents plays a game of cfg with random legal actions and returns seat's events, one JSON
// event per line.
func viewEvents(t testing.TB, cfg engine.Config, seat int, seed uint64) []byte {
	g, err := engine.NewGame(cfg, rng(seed))
	if err != nil {
		t.Fatal(err)
	}
	r := rng(seed ^ 0x77)
	for !g.Over() && g.EventCount() < 400 {
		s, a := randomAction(g, r)
		if err := g.Act(s, a); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	for _, e := range g.EventsFor(seat, 0) {
		j, err := engine.MarshalEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(j)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// FuzzViewApply folds decoded events, well-formed or not, into a view of any configuration:
// Apply never panics, and an event it refuses is an *EventError that leaves the view unchanged.
// The seeds are the events of real games of every variant; testdata/fuzz/FuzzViewApply holds
// the malformed cases (a row 9, a seat 40, a view of an invalid configuration).
func FuzzViewApply(f *testing.F) {
	for _, v := range engine.Variants() {
		lo, _ := engine.SeatsAllowed(v)
		cfg := engine.Config{Seats: lo + 1, Variant: v, EndScore: 30, Rounds: 2}
		f.Add(uint8(cfg.Seats), uint8(v), int8(1), viewEvents(f, cfg, 1, uint64(v)+3))
	}
	f.Fuzz(func(t *testing.T, seats, variant uint8, seat int8, events []byte) {
		cfg := engine.Config{Seats: int(seats), Variant: engine.Variant(variant), EndScore: 30, Rounds: 2}
		v := engine.NewView(cfg, int(seat))
		for _, line := range bytes.Split(events, []byte("\n")) {
			e, err := engine.UnmarshalEvent(line)
			if err != nil {
				continue
			}
			before, _ := json.Marshal(v)
			if err := v.Apply(e); err != nil {
				var ee *engine.EventError
				if !errors.As(err, &ee) {
					t.Fatalf("Apply(%s): error %v is not an *EventError", line, err)
				}
				if after, _ := json.Marshal(v); !bytes.Equal(after, before) {
					t.Fatalf("refused %s changed the view: %v", line, err)
				}
			}
		}
	})
}

// TestApplyRefusesOutOfRange: the malformed events of the hostile-input probe are refused with
// a clear error instead of a panic.
func TestApplyRefusesOutOfRange(t *testing.T) {
	cfg := engine.DefaultConfig(4)
	tests := []struct {
		e    engine.Event
		want string
	}{
		{engine.CardPlaced{Seat: 1, Card: 50, Row: 9}, "engine: event card_placed: row 9 is not one of 0 to 3"},
		{engine.RowTaken{Seat: 0, Row: -1}, "row -1"},
		{engine.SeatChose{Seat: 40}, "engine: event seat_chose: seat 40 is not one of the 4 seats"},
		{engine.CardsRevealed{Plays: []engine.Play{{Seat: 2, Card: 3}, {Seat: -2, Card: 4}}}, "seat -2"},
		{engine.RoundDealt{Sizes: make([]int, 9)}, "9 hand sizes"},
	}
	for _, tc := range tests {
		v := engine.NewView(cfg, 0)
		err := v.Apply(tc.e)
		var ee *engine.EventError
		if !errors.As(err, &ee) || !bytes.Contains([]byte(err.Error()), []byte(tc.want)) {
			t.Errorf("Apply(%#v) = %v, want an *EventError with %q", tc.e, err, tc.want)
		}
	}
	bad := engine.NewView(engine.Config{Seats: -3}, 0)
	if err := bad.Apply(engine.RoundScored{}); err == nil {
		t.Error("a view of -3 seats took an event")
	}
}
