package engine_test

import (
	"fmt"
	"slices"
	"testing"

	"nimmt/engine"
)

// TestStateAgreesWithGame plays random rounds through both implementations of the rules — Game,
// which places by Landing and reports events, and the fast path State — from the same deals with
// the same cards and the same rule-4 choices, and checks that they agree on every placement (the
// row, and whether the card was too low), every take (its bullheads), the rows, hands and
// penalties after every turn and the round's score. State.Place (card by card) and State.PlayTurn
// (a whole turn, ordering the cards itself) are both checked. The rounds are basic and Tactics
// rounds at 2–10 seats; rule 4 is answered by a random row in half of them and by the cheapest
// row in the other half (State.CheapestRow against engine.CheapestRow).
//
// 100,000 rounds (5,000 with -short; NIMMT_AGREEMENT_ROUNDS sets another number), in 8
// parallel shards.
func TestStateAgreesWithGame(t *testing.T) {
	rounds := testSize(100000, 5000, "NIMMT_AGREEMENT_ROUNDS")
	const shards = 8
	for k := 0; k < shards; k++ {
		t.Run(fmt.Sprintf("shard%d", k), func(t *testing.T) {
			t.Parallel()
			for i := k; i < rounds; i += shards {
				agreeRound(t, uint64(i)+1)
			}
		})
	}
}

// chooser answers rule 4 in State.PlayTurn as the game was answered, and remembers what it was
// asked.
type chooser struct {
	rows  map[engine.Card]int
	asked []engine.Card
}

func (c *chooser) ChooseRow(s *engine.State, seat int, card engine.Card) int {
	c.asked = append(c.asked, card)
	return c.rows[card]
}

func agreeRound(t *testing.T, seed uint64) {
	r := rng(seed)
	seats := 2 + int(seed%9)
	cfg := engine.Config{Seats: seats, Rounds: 1}
	if seed%4 == 0 {
		cfg.Variant = engine.Tactics
	}
	cheapest := seed%2 == 0
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("seed %d (%v, %d seats): "+format, append([]any{seed, cfg.Variant, seats}, args...)...)
	}
	g, err := engine.NewGame(cfg, r)
	if err != nil {
		fail("%v", err)
	}
	deal := g.Events()[0].(engine.RoundDealt)
	st := engine.State{Seats: seats}
	st.SetRows(deal.Rows)
	for s, h := range deal.Hands {
		st.SetHand(s, h)
	}
	from := g.EventCount()
	er := engine.NewRandSeed(seed)
	var cards [engine.MaxSeats]engine.Card
	for turn := 1; !g.Over(); turn++ {
		for s := 0; s < seats; s++ {
			cards[s] = st.RandomCard(s, er)
			if err := g.Play(s, cards[s]); err != nil {
				fail("turn %d: %v", turn, err)
			}
		}
		ch := &chooser{rows: map[engine.Card]int{}}
		for g.Phase() == engine.PhaseRowChoice {
			seat := g.Waiting()[0]
			d, _ := g.Decision(seat)
			v := g.View(seat)
			row := r.IntN(engine.NumRows)
			if cheapest {
				row = engine.CheapestRow(&v.Rows)
			}
			ch.rows[d.Card] = row
			if err := g.ChooseRow(seat, row); err != nil {
				fail("turn %d: %v", turn, err)
			}
		}
		evs := g.EventsSince(from)
		from = g.EventCount()

		// Card by card: State.Place against each card's events.
		byCard := st
		var plays []engine.Play
		var tooLow []engine.Card
		for i := 0; i < len(evs); i++ {
			switch ev := evs[i].(type) {
			case engine.CardsRevealed:
				plays = ev.Plays
			case engine.RowChoiceRequired:
				tooLow = append(tooLow, ev.Card)
			case engine.RowTaken, engine.CardPlaced:
				if len(plays) == 0 {
					fail("turn %d: %T with nothing to place", turn, ev)
				}
				p := plays[0]
				plays = plays[1:]
				took := 0
				if rt, ok := ev.(engine.RowTaken); ok {
					took = rt.Bullheads
					if rt.Seat != p.Seat || (rt.Reason == engine.TakeTooLow) != slices.Contains(tooLow, p.Card) {
						fail("turn %d: %+v for %+v (too low: %v)", turn, rt, p, tooLow)
					}
					i++
				}
				cp, ok := evs[i].(engine.CardPlaced)
				if !ok || cp.Card != p.Card || cp.Seat != p.Seat {
					fail("turn %d: %+v where %+v was placed", turn, evs[i], p)
				}
				if low := byCard.Target(p.Card) < 0; low != slices.Contains(tooLow, p.Card) {
					fail("turn %d: card %d too low in State %v, in Game %v", turn, p.Card, low, !low)
				}
				row, got := byCard.Place(p.Seat, p.Card, ch.rows[p.Card])
				if row != cp.Row || got != took {
					fail("turn %d: State places %d in row %d taking %d, Game in row %d taking %d", turn, p.Card, row, got, cp.Row, took)
				}
			}
		}
		if len(plays) != 0 {
			fail("turn %d: %v not placed", turn, plays)
		}

		// A whole turn: State.PlayTurn orders the cards itself.
		var rc engine.RowChooser = ch
		if cheapest {
			rc = nil
		}
		st.PlayTurn(&cards, rc)
		if !cheapest && !slices.Equal(ch.asked, tooLow) {
			fail("turn %d: State asked rule 4 for %v, Game for %v", turn, ch.asked, tooLow)
		}
		v := g.View(0)
		for i := range st.Rows {
			if a, b, c := st.Rows[i].Cards(nil), byCard.Rows[i].Cards(nil), v.Rows[i]; !slices.Equal(a, c) || !slices.Equal(b, c) {
				fail("turn %d: row %d: PlayTurn %v, Place %v, Game %v", turn, i, a, b, c)
			}
			if st.Rows[i].Bullheads() != engine.SumBullheads(v.Rows[i]) || st.Rows[i].Last() != v.Rows[i][len(v.Rows[i])-1] {
				fail("turn %d: row %d: State's bullheads or last card disagree with %v", turn, i, v.Rows[i])
			}
		}
		gs := g.State()
		for s := 0; s < seats; s++ {
			if st.Penalty[s] != byCard.Penalty[s] || int(st.Penalty[s]) != v.Penalties[s] {
				fail("turn %d: seat %d penalty: PlayTurn %d, Place %d, Game %d", turn, s, st.Penalty[s], byCard.Penalty[s], v.Penalties[s])
			}
			if st.Hands[s] != gs.Hands[s] {
				fail("turn %d: seat %d hand: State %v, Game %v", turn, s, st.Hands[s].Cards(nil), gs.Hands[s].Cards(nil))
			}
		}
		for _, e := range evs {
			if rs, ok := e.(engine.RoundScored); ok {
				for s := 0; s < seats; s++ {
					if rs.Penalties[s] != int(st.Penalty[s]) || rs.Totals[s] != int(st.Penalty[s]) {
						fail("seat %d scored %d (total %d), State took %d", s, rs.Penalties[s], rs.Totals[s], st.Penalty[s])
					}
				}
			}
		}
	}
	if g.Turn() != engine.DefaultHandSize {
		fail("the round ended at turn %d", g.Turn())
	}
}
