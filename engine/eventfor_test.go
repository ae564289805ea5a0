package engine_test

import (
	"reflect"
	"testing"

	"nimmt/engine"
)

// EventFor gives each seat (and a spectator) the event EventsFor gives it, and seats of the same
// audience the same event, in games of every variant.
func TestEventForAudience(t *testing.T) {
	for _, v := range engine.Variants() {
		lo, hi := engine.SeatsAllowed(v)
		for _, seats := range []int{lo, min(hi, lo+2)} {
			cfg := engine.Config{Seats: seats, Variant: v, EndScore: 30, Rounds: 2}
			g, err := engine.NewGame(cfg, rng(uint64(seats)))
			if err != nil {
				t.Fatal(err)
			}
			r := rng(uint64(seats) ^ 0x55)
			for !g.Over() && g.EventCount() < 300 {
				s, a := randomAction(g, r)
				if err := g.Act(s, a); err != nil {
					t.Fatal(err)
				}
			}
			for i := range g.EventCount() {
				seen := map[int]engine.Event{}
				for seat := -1; seat < seats; seat++ {
					e, aud := g.EventFor(seat, i)
					if want := g.EventsFor(seat, i)[0]; !reflect.DeepEqual(e, want) {
						t.Fatalf("%v, %d seats, event %d, seat %d: EventFor %#v, EventsFor %#v", v, seats, i, seat, e, want)
					}
					if o, ok := seen[aud]; ok && !reflect.DeepEqual(o, e) {
						t.Fatalf("%v, %d seats, event %d: audience %d sees %#v and %#v", v, seats, i, aud, o, e)
					}
					seen[aud] = e
				}
			}
		}
	}
}

// UnmarshalEvent refuses a malformed event whether or not it opens with its type as
// MarshalEvent writes it.
func TestUnmarshalEventMalformed(t *testing.T) {
	for _, in := range []string{
		`{"type":"card_placed"`,
		`{"type":"card_placed","seat":1`,
		`{"type":"card_placed","seat":1}x`,
		`{"type":"no_such_event"}`,
		`{"type":""}`,
		`{"type":"Card_placed","seat":1}`,
		`{"seat":1}`,
		`[]`,
	} {
		if e, err := engine.UnmarshalEvent([]byte(in)); err == nil {
			t.Errorf("%s: %#v, want an error", in, e)
		}
	}
	e, err := engine.UnmarshalEvent([]byte(`{"seat":1,"type":"card_placed","card":44}`))
	if err != nil || !reflect.DeepEqual(e, engine.CardPlaced{Seat: 1, Card: 44}) {
		t.Errorf("type not first: %#v, %v", e, err)
	}
}
