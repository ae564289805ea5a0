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
