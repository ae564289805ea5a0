package engine_test

import (
	"fmt"
	"testing"

	"nimmt/engine"
)

// TestLand checks each field of the outcome of placing a card, variant by variant.
func TestLand(t *testing.T) {
	type rows = [engine.NumRows][]engine.Card
	basic := engine.DefaultConfig(4)
	pro := engine.Config{Seats: 4, Variant: engine.Professional, EndScore: 66}
	double := engine.Config{Seats: 4, Variant: engine.Double, EndScore: 66}
	full := []engine.Card{10, 11, 12, 13, 14}
	cases := []struct {
		name string
		cfg  engine.Config
		rows rows
		c    engine.Card
		want engine.Landing
	}{
		{"right end", basic, rows{{10, 12}, {20}, {30}, {40}}, 15,
			engine.Landing{Row: 0, Pos: 2, Slot: 2}},
		{"nearest row", basic, rows{{10, 12}, {20}, {30}, {40}}, 35,
			engine.Landing{Row: 2, Pos: 1, Slot: 1}},
		{"sixth card", basic, rows{full, {20}, {30}, {40}}, 15,
			engine.Landing{Row: 0, Takes: true, Bullheads: 3 + 5 + 1 + 1 + 1}},
		{"too low: the cheapest row", basic, rows{{10, 55}, {20, 22}, {30}, {40}}, 5,
			engine.Landing{Row: 2, Takes: true, TooLow: true, Bullheads: 3}},
		{"too low: a tie goes to fewer cards", basic, rows{{29, 31}, {40}, {33}, {45}}, 5,
			engine.Landing{Row: 3, Takes: true, TooLow: true, Bullheads: 2}},
		{"Professional left end", pro, rows{{40, 45, 47}, {10}, {20}, {30}}, 38,
			engine.Landing{Row: 0, Left: true}},
		{"Professional right end nearer", pro, rows{{40, 45, 47}, {10}, {20}, {37}}, 38,
			engine.Landing{Row: 3, Pos: 1, Slot: 1}},
		{"Professional left end of a full row takes it", pro, rows{{40, 41, 42, 43, 44}, {10}, {20}, {30}}, 39,
			engine.Landing{Row: 0, Left: true, Takes: true, Bullheads: 3 + 1 + 1 + 1 + 5}},
		{"Professional too low on both ends", pro, rows{{10}, {20}, {30}, {40}}, 50,
			engine.Landing{Row: 3, Pos: 1, Slot: 1}},
		{"Double on its twin", double, rows{{10, 12}, {20}, {30}, {40}}, 12,
			engine.Landing{Row: 0, OnTwin: true, Pos: 2, Slot: 1}},
		{"Double on its twin in a full row", double, rows{full, {20}, {30}, {40}}, 14,
			engine.Landing{Row: 0, OnTwin: true, Pos: 5, Slot: 4}},
		{"Double stacked twins count one place", double, rows{{10, 11, 11, 12, 13}, {20}, {30}, {40}}, 15,
			engine.Landing{Row: 0, Pos: 5, Slot: 4}},
		{"Double sixth place with twins", double, rows{{10, 11, 11, 12, 13, 14}, {20}, {30}, {40}}, 15,
			engine.Landing{Row: 0, Takes: true, Bullheads: 3 + 5 + 5 + 1 + 1 + 1}},
		{"basic: a twin number is no twin", basic, rows{{10, 12}, {20}, {30}, {40}}, 12,
			engine.Landing{Row: 1, Takes: true, TooLow: true, Bullheads: 3}},
	}
	for _, tc := range cases {
		p := engine.NewPlacer(tc.cfg)
		if got := p.Land(&tc.rows, tc.c); got != tc.want {
			t.Errorf("%s: Land(%v, %d) = %+v, want %+v", tc.name, tc.rows, tc.c, got, tc.want)
		}
		v := engine.NewView(tc.cfg, 0)
		v.Rows = tc.rows
		if got := v.Land(tc.c); got != tc.want {
			t.Errorf("%s: View.Land = %+v, want %+v", tc.name, got, tc.want)
		}
		row, left := v.Placement(tc.c)
		if wantRow := tc.want.Row; (tc.want.TooLow && row != -1) || (!tc.want.TooLow && (row != wantRow || left != tc.want.Left)) {
			t.Errorf("%s: Placement = %d, %v disagrees with Land %+v", tc.name, row, left, tc.want)
		}
	}
	if s := (engine.Landing{Bullheads: 15}).Shared(); s != 8 {
		t.Errorf("two twins share 15 bullheads as %d each, want 8", s)
	}
}

// TestCopies checks the copies-in-play count of every variant's deck against DeckOf.
func TestCopies(t *testing.T) {
	cfgs := []engine.Config{engine.DefaultConfig(4), {Seats: 4, Variant: engine.Double, EndScore: 66},
		{Seats: 4, Variant: engine.Double, Doublets: true, EndScore: 66}, {Seats: 3, Variant: engine.Tactics, EndScore: 66},
		{Seats: 4, Variant: engine.Open, EndScore: 66}}
	for _, cfg := range cfgs {
		var n [256]int
		for _, c := range engine.DeckOf(cfg) {
			n[c]++
		}
		for c := 0; c < 256; c++ {
			if got := cfg.Copies(engine.Card(c)); got != n[c] {
				t.Errorf("%v doublets %v: Copies(%d) = %d, the deck holds %d", cfg.Variant, cfg.Doublets, c, got, n[c])
			}
		}
	}
	d := engine.Config{Seats: 4, Variant: engine.Double, Doublets: true}
	if d.Copies(55) != 2 || d.Copies(56) != 1 || d.Copies(0) != 0 || (engine.Config{Seats: 4, Variant: engine.Open}).Copies(1) != 0 {
		t.Error("Copies: a doublet has two copies, another card one, card 0 and Open's 1 none")
	}
}

// TestLandPredictsEveryPlacement folds a seat's events into its view in random games of every
// variant and checks, before each card is placed, that View.Land foretells the events that
// place it: the row taken or not and its bullheads (shared by twins), the row and index it goes
// to and the place it fills.
func TestLandPredictsEveryPlacement(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 3
	}
	for _, variant := range engine.Variants() {
		for _, doublets := range []bool{false, true} {
			if doublets && variant != engine.Double {
				continue
			}
			t.Run(fmt.Sprintf("%v/doublets=%v", variant, doublets), func(t *testing.T) {
				t.Parallel()
				lo, hi := engine.SeatsAllowed(variant)
				for i := 0; i < games; i++ {
					cfg := engine.Config{Seats: lo + i%(hi-lo+1), Variant: variant, Doublets: doublets, EndScore: 66}
					checkLandings(t, cfg, uint64(1000*int(variant)+i+1))
				}
			})
		}
	}
}

func checkLandings(t *testing.T, cfg engine.Config, seed uint64) {
	r := rng(seed)
	g, err := engine.NewGame(cfg, r)
	if err != nil {
		t.Fatal(err)
	}
	v := engine.NewView(cfg, 0)
	from, placed, taken := 0, 0, 0
	var took *engine.RowTaken   // the row taken by the card being placed
	var last *engine.CardPlaced // the card placed just before, for twins played together
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%v seats %d seed %d: "+format, append([]any{cfg.Variant, cfg.Seats, seed}, args...)...)
	}
	for steps := 0; !g.Over(); steps++ {
		if steps > 100000 {
			fail("no end")
		}
		seat, a := randomAction(g, r)
		if err := g.Act(seat, a); err != nil {
			fail("%v", err)
		}
		for _, e := range g.EventsFor(0, from) {
			switch ev := e.(type) {
			case engine.RowTaken:
				if ev.Shared && ev.Cards == nil {
					if took == nil || !took.Shared || ev.Row != took.Row || ev.Bullheads != took.Bullheads {
						fail("second share %+v of %+v", ev, took)
					}
					break
				}
				if len(v.Pending) == 0 {
					fail("%+v with nothing pending", ev)
				}
				l := v.Land(v.Pending[0].Card)
				b := engine.SumBullheads(v.Rows[ev.Row])
				if l.TooLow {
					if ev.Reason != engine.TakeTooLow || l.Row != engine.CheapestRow(&v.Rows) || l.Bullheads != engine.SumBullheads(v.Rows[l.Row]) {
						fail("card %d too low: landing %+v, taken %+v", v.Pending[0].Card, l, ev)
					}
				} else if !l.Takes || ev.Reason != engine.TakeFull || l.Row != ev.Row || l.Bullheads != b {
					fail("card %d on %v: landing %+v, taken %+v", v.Pending[0].Card, v.Rows, l, ev)
				}
				if want := (engine.Landing{Bullheads: b}); ev.Bullheads != want.Bullheads && !(ev.Shared && ev.Bullheads == want.Shared()) {
					fail("%+v takes %d bullheads", ev, b)
				}
				took, taken = &ev, taken+1
			case engine.CardPlaced:
				if len(v.Pending) == 0 || v.Pending[0].Card != ev.Card {
					fail("%+v placed, pending %v", ev, v.Pending)
				}
				switch {
				case last != nil && last.Card == ev.Card && cfg.Variant == engine.Double:
					if ev.Row != last.Row || ev.Pos != last.Pos+1 {
						fail("twin %+v after %+v", ev, last)
					}
				case took != nil:
					if ev.Row != took.Row || ev.Pos != 0 {
						fail("%+v after taking %+v", ev, took)
					}
				default:
					l := v.Land(ev.Card)
					if l.Takes || l.Row != ev.Row || l.Pos != ev.Pos {
						fail("card %d on %v: landing %+v, placed %+v", ev.Card, v.Rows, l, ev)
					}
					row := append(v.Rows[ev.Row][:ev.Pos:ev.Pos], ev.Card)
					if l.Slot != engine.Places(row)-1 || l.OnTwin != (ev.Pos > 0 && v.Rows[ev.Row][ev.Pos-1] == ev.Card) {
						fail("card %d on %v: landing %+v", ev.Card, v.Rows, l)
					}
				}
				took, last, placed = nil, &ev, placed+1
			default:
				last = nil
			}
			v.Apply(e)
		}
		from = g.EventCount()
	}
	if placed == 0 || taken == 0 {
		fail("%d placements, %d takes: nothing checked", placed, taken)
	}
}
