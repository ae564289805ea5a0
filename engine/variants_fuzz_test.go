package engine_test

import (
	"errors"
	"testing"

	"nimmt/engine"
)

// FuzzVariantActions throws arbitrary actions of every kind at games of every variant: each
// accepted action keeps the seats' folded views equal to the game's, and each refused one is an
// *ActionError that changes nothing.
func FuzzVariantActions(f *testing.F) {
	for v := range engine.Variants() {
		f.Add(uint64(v+1), uint8(v), uint8(3), []byte{0, 1, 1, 2, 2, 3, 0, 4, 1, 5, 2, 6, 3, 7})
	}
	f.Add(uint64(9), uint8(7), uint8(2), []byte{0, 0, 0, 0, 1, 1, 1, 1, 0, 200, 1, 100})
	f.Fuzz(func(t *testing.T, seed uint64, variant, seats uint8, ops []byte) {
		v := engine.Variant(int(variant) % len(engine.Variants()))
		lo, hi := engine.SeatsAllowed(v)
		cfg := engine.Config{Seats: lo + int(seats)%(hi-lo+1), Variant: v, EndScore: 30, Rounds: 2}
		g, err := engine.NewGame(cfg, rng(seed))
		if err != nil {
			t.Fatal(err)
		}
		views := make([]engine.View, cfg.Seats)
		for s := range views {
			views[s] = engine.NewView(cfg, s)
		}
		from := 0
		r := rng(seed ^ 0x55)
		for i := 0; i+1 < len(ops) && !g.Over(); i += 2 {
			seat := int(ops[i]%12) - 1 // includes out-of-range seats
			var a engine.Action
			switch op := ops[i+1]; op % 8 {
			case 0, 1, 2: // a legal action now and then keeps the game moving
				if w := g.Waiting(); len(w) > 0 {
					seat, a = randomAction(g, r)
					break
				}
				a = engine.PlayCard(engine.Card(op))
			case 3:
				a = engine.PlayCards(pick(g, seat, op, 1+int(op/8)%3)...)
			case 4:
				a = engine.DraftCard(pick(g, seat, op, 1)[0])
			case 5:
				a = engine.PlaceFirst(pick(g, seat, op, 1)[0])
			case 6:
				a = engine.KeepCards(pick(g, seat, op, int(op/8)%4)...)
			case 7:
				a = engine.TakeRow(int(op%6) - 1)
			}
			before := snapshot(g)
			if err := g.Act(seat, a); err != nil {
				var ae *engine.ActionError
				if !errors.As(err, &ae) {
					t.Fatalf("%v: error %v is not an *ActionError", v, err)
				}
				if snapshot(g) != before {
					t.Fatalf("%v: refused %+v by seat %d changed the state: %v", v, a, seat, err)
				}
				continue
			}
			for s := range views {
				for _, e := range g.EventsFor(s, from) {
					views[s].Apply(e)
				}
				if norm(views[s]) != norm(g.View(s)) {
					t.Fatalf("%v: seat %d's folded view differs after %+v by seat %d", v, s, a, seat)
				}
			}
			from = g.EventCount()
		}
	})
}

// pick returns n cards for an arbitrary action of seat: drawn, as op says, from its hand, its
// decision's cards (Nifty's pair, Hand's taken cards), a row, the draft pool — so that actions
// near the legal ones are tried too — or plain numbers, out of range included.
func pick(g *engine.Game, seat int, op byte, n int) []engine.Card {
	view := g.View(seat)
	var from []engine.Card
	switch op / 8 % 5 {
	case 0:
		from = view.Hand
	case 1:
		if view.Decision != nil {
			from = view.Decision.Cards
		}
	case 2:
		from = view.Rows[int(op)%engine.NumRows]
	case 3:
		from = view.Pool
	}
	cards := make([]engine.Card, n)
	for j := range cards {
		if len(from) > 0 {
			cards[j] = from[(int(op)+j*7)%len(from)]
		} else {
			cards[j] = engine.Card((int(op) + j*37) % 110)
		}
	}
	return cards
}
