package engine_test

import (
	"fmt"
	"slices"
	"testing"

	"nimmt/engine"
)

func seatRange(v engine.Variant) (lo, hi int) { return engine.SeatsAllowed(v) }

// variantConfigs returns a short game of each variant (and the Double doublets option).
func variantConfigs() []engine.Config {
	var out []engine.Config
	for _, v := range engine.Variants() {
		out = append(out, engine.Config{Variant: v, EndScore: 66, Rounds: 2})
		if v == engine.Double {
			out = append(out, engine.Config{Variant: v, EndScore: 66, Rounds: 2, Doublets: true})
		}
	}
	return out
}

// deckOf returns the multiset of cards of a configuration, counted.
func deckOf(cfg engine.Config) map[engine.Card]int {
	m := map[engine.Card]int{}
	for _, c := range engine.DeckOf(cfg) {
		m[c]++
	}
	return m
}

// TestVariantProperties plays random games of every variant at every seat count it allows and
// checks after every action: cards conserved (hands, rows, piles, pending, pool, cards taken
// awaiting a keep choice and undealt cards make up the deck), rows ordered as the variant requires
// (ascending, twins stacked, at most five places), penalties equal the bullheads taken (Double:
// shared rows give each seat half, rounded up), hands within 16 cards, views folded from events
// equal the game's views, and the record replays to the same events.
//
// Size: games per variant configuration and seat count: 5 in make test, 20 in make test-long,
// 1 with -short; one parallel subtest per configuration. With -short under the race detector
// (make test-race) or compiled to WebAssembly (make test-wasm-engine) only the fewest and the
// most seats of each variant, one game each: the race detector can find there what it can find
// in every seat count (race_on_test.go), and the wasm run checks that the same code plays the
// same games on another platform, which the property tests at every seat count check natively.
func TestVariantProperties(t *testing.T) {
	t.Parallel()
	games := sized(20, 5, 1)
	for k, base := range variantConfigs() {
		t.Run(fmt.Sprintf("%d-%v", k, base.Variant), func(t *testing.T) {
			t.Parallel()
			lo, hi := seatRange(base.Variant)
			step := 1
			if endsOnly() {
				step = max(hi-lo, 1)
			}
			for seats := lo; seats <= hi; seats += step {
				cfg := base
				cfg.Seats = seats
				for i := 0; i < games; i++ {
					checkVariantGame(t, cfg, uint64(1000*seats+i+1))
				}
			}
		})
	}
}

func checkVariantGame(t *testing.T, cfg engine.Config, seed uint64) {
	t.Helper()
	r := rng(seed)
	g, err := engine.NewGame(cfg, r)
	if err != nil {
		t.Fatalf("%+v: %v", cfg, err)
	}
	deck := deckOf(cfg)
	views := make([]engine.View, cfg.Seats+1)
	for s := range views {
		views[s] = engine.NewView(cfg, s-1)
	}
	var undealt map[engine.Card]int
	taken := map[engine.Card]int{} // cards taken into piles this round
	from := 0
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%v seats %d seed %d round %d turn %d: "+format, append([]any{cfg.Variant, cfg.Seats, seed, g.Round(), g.Turn()}, args...)...)
	}
	process := func() {
		for _, e := range g.EventsSince(from) {
			switch ev := e.(type) {
			case engine.RoundDealt:
				if len(ev.Pool) > 0 {
					undealt = map[engine.Card]int{}
					break
				}
				if ev.Rows == [engine.NumRows]engine.Card{} { // TCG second half: the rest of the deck
					for c, n := range taken { // the first half's piles are out of play now
						undealt[c] += n
					}
					taken = map[engine.Card]int{}
					for _, h := range ev.Hands {
						for _, c := range h {
							undealt[c]--
						}
					}
					break
				}
				taken = map[engine.Card]int{}
				undealt = maps(deck)
				for _, h := range ev.Hands {
					for _, c := range h {
						undealt[c]--
					}
				}
				for _, c := range append(ev.Rows[:], ev.Stacked...) {
					undealt[c]--
				}
			case engine.RowTaken:
				for _, c := range ev.Cards {
					taken[c]++
				}
			case engine.CardsKept:
				for _, c := range ev.Hand {
					taken[c]--
				}
			case engine.RoundScored:
				for s, p := range ev.Penalties {
					if p < 0 {
						fail("negative penalty %d for seat %d", p, s)
					}
				}
			}
		}
		for s := range views {
			for _, e := range g.EventsFor(s-1, from) {
				b, err := engine.MarshalEvent(e)
				if err != nil {
					fail("marshal %T: %v", e, err)
				}
				e2, err := engine.UnmarshalEvent(b)
				if err != nil {
					fail("unmarshal %s: %v", b, err)
				}
				views[s].Apply(e2)
			}
			if got, want := norm(views[s]), norm(g.View(s-1)); got != want {
				fail("seat %d folded view\n%s\nwant\n%s", s-1, got, want)
			}
		}
		from = g.EventCount()
	}
	process()
	for steps := 0; !g.Over(); steps++ {
		if steps > 200000 {
			fail("game does not end")
		}
		seat, a := randomAction(g, r)
		if err := g.Act(seat, a); err != nil {
			fail("legal action %+v of seat %d rejected: %v", a, seat, err)
		}
		process()
		if g.Phase() == engine.PhaseOver || g.Phase() == engine.PhaseDeal {
			continue
		}
		// Cards conserved.
		count := map[engine.Card]int{}
		full := g.View(-1)
		for s := 0; s < cfg.Seats; s++ {
			h := g.View(s).Hand
			if len(h) > engine.MaxHand {
				fail("seat %d holds %d cards", s, len(h))
			}
			for _, c := range h {
				count[c]++
			}
		}
		piles := g.Piles()
		for _, p := range piles {
			for _, c := range p {
				count[c]++
			}
		}
		for _, p := range full.Pending {
			count[p.Card]++
		}
		for _, c := range full.Pool {
			count[c]++
		}
		if g.Phase() == engine.PhaseKeep {
			d, _ := g.Decision(full.Waiting[0])
			for _, c := range d.Cards {
				count[c]++
			}
		}
		for c, n := range undealt {
			count[c] += n
		}
		for i, row := range full.Rows {
			for _, c := range row {
				count[c]++
			}
			if g.Phase() == engine.PhaseDraft {
				continue
			}
			if len(row) == 0 && !(g.Phase() == engine.PhaseKeep) {
				fail("row %d empty", i)
			}
			places := 0
			for j, c := range row {
				if j > 0 && row[j-1] == c {
					if cfg.Variant != engine.Double {
						fail("row %d repeats %d: %v", i, c, row)
					}
					continue
				}
				if j > 0 && row[j-1] > c {
					fail("row %d not ascending: %v", i, row)
				}
				places++
			}
			if places > engine.RowLimit {
				fail("row %d has %d places: %v", i, places, row)
			}
		}
		for c, n := range deck {
			if count[c] != n {
				fail("card %d counted %d times, deck holds %d", c, count[c], n)
			}
		}
		for c, n := range count {
			if deck[c] == 0 && n != 0 {
				fail("card %d not in the deck counted %d times", c, n)
			}
		}
		// Penalties are the bullheads taken.
		for s := 0; s < cfg.Seats; s++ {
			if b := engine.SumBullheads(piles[s]); cfg.Variant != engine.Double && full.Penalties[s] != b {
				fail("seat %d penalty %d, pile %v holds %d", s, full.Penalties[s], piles[s], b)
			}
			if full.Piles[s] != len(piles[s]) {
				fail("seat %d pile size %d, view says %d", s, len(piles[s]), full.Piles[s])
			}
		}
	}
	// The record replays to the same game.
	data, err := g.Record().Marshal()
	if err != nil {
		fail("record: %v", err)
	}
	rec, err := engine.ParseRecord(data)
	if err != nil {
		fail("parse record: %v", err)
	}
	g2, err := engine.Replay(rec, nil)
	if err != nil {
		fail("replay: %v", err)
	}
	if a, b := eventsJSON(t, g.Events()), eventsJSON(t, g2.Events()); a != b {
		fail("replayed events differ")
	}
	if !slices.Equal(g.Scores(), g2.Scores()) || !g2.Over() {
		fail("replay ends with %v (over %v), want %v", g2.Scores(), g2.Over(), g.Scores())
	}
}

func maps(m map[engine.Card]int) map[engine.Card]int {
	out := make(map[engine.Card]int, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
