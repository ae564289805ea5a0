package engine_test

import (
	"errors"
	"slices"
	"testing"

	"nimmt/engine"
)

// cards is a shorthand for card lists in tests.
func cards(ns ...int) []engine.Card {
	out := make([]engine.Card, len(ns))
	for i, n := range ns {
		out[i] = engine.Card(n)
	}
	return out
}

// fill completes hands to size with cards not used elsewhere, so a test names only the cards
// that matter. Filler cards come from the top of the deck downwards.
func fill(rows [4]engine.Card, hands [][]engine.Card, size int) [][]engine.Card {
	used := map[engine.Card]bool{}
	for _, c := range rows {
		used[c] = true
	}
	for _, h := range hands {
		for _, c := range h {
			used[c] = true
		}
	}
	next := engine.Card(104)
	out := make([][]engine.Card, len(hands))
	for i, h := range hands {
		out[i] = slices.Clone(h)
		for len(out[i]) < size {
			for used[next] {
				next--
			}
			used[next] = true
			out[i] = append(out[i], next)
		}
		slices.Sort(out[i])
	}
	return out
}

// newDealt returns a game of len(hands) seats whose first round is the given deal.
func newDealt(t *testing.T, rows [4]engine.Card, hands ...[]engine.Card) *engine.Game {
	t.Helper()
	cfg := engine.DefaultConfig(len(hands))
	rec := &engine.Record{Format: engine.RecordFormat, Version: engine.RecordVersion, Config: cfg,
		Rounds: []engine.RoundRecord{{Deal: engine.Deal{Rows: rows, Hands: fill(rows, hands, engine.DefaultHandSize)}}}}
	g, err := engine.Replay(rec, nil)
	if err != nil {
		t.Fatalf("deal: %v", err)
	}
	return g
}

func rowsOf(g *engine.Game) [4][]engine.Card {
	return g.View(-1).Rows
}

func mustPlay(t *testing.T, g *engine.Game, plays ...int) {
	t.Helper()
	for seat, c := range plays {
		if err := g.Play(seat, engine.Card(c)); err != nil {
			t.Fatalf("play seat %d card %d: %v", seat, c, err)
		}
	}
}

func checkRows(t *testing.T, g *engine.Game, want [4][]engine.Card) {
	t.Helper()
	got := rowsOf(g)
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("row %d = %v, want %v", i+1, got[i], want[i])
		}
	}
}

func TestBullheads(t *testing.T) {
	count := map[int]int{}
	total := 0
	for c := 1; c <= 104; c++ {
		b := engine.Card(c).Bullheads()
		want := 1
		switch {
		case c == 55:
			want = 7
		case c%11 == 0:
			want = 5
		case c%10 == 0:
			want = 3
		case c%5 == 0:
			want = 2
		}
		if b != want {
			t.Errorf("card %d: %d bullheads, want %d", c, b, want)
		}
		count[b]++
		total += b
	}
	// 002: 1×7, 8×5, 10×3, 9×2, 76×1 = 171.
	wantCount := map[int]int{7: 1, 5: 8, 3: 10, 2: 9, 1: 76}
	for b, n := range wantCount {
		if count[b] != n {
			t.Errorf("%d cards with %d bullheads, want %d", count[b], b, n)
		}
	}
	if total != engine.DeckBullheads {
		t.Errorf("deck total %d, want %d", total, engine.DeckBullheads)
	}
	for _, c := range []engine.Card{0, 105, 255} {
		if c.Bullheads() != 0 {
			t.Errorf("card %d outside the deck has %d bullheads", c, c.Bullheads())
		}
	}
}

// TestRulebookFigures plays the running example of 004 (Fig. 1–4) turn by turn.
func TestRulebookFigures(t *testing.T) {
	g := newDealt(t, [4]engine.Card{12, 37, 43, 58},
		cards(14, 21, 3), cards(15, 26, 9), cards(44, 30, 68), cards(61, 36, 93))

	// Fig. 1 → Fig. 2: 14, 15, 44, 61 (rules 1 and 2).
	mustPlay(t, g, 14, 15, 44, 61)
	checkRows(t, g, [4][]engine.Card{cards(12, 14, 15), cards(37), cards(43, 44), cards(58, 61)})

	// Fig. 2 → Fig. 3: 21, 26, 30, 36 (rule 3: the 30 takes the five cards of row 1).
	before := g.View(2).Penalties[2]
	mustPlay(t, g, 21, 26, 30, 36)
	checkRows(t, g, [4][]engine.Card{cards(30, 36), cards(37), cards(43, 44), cards(58, 61)})
	if got := g.View(2).Penalties[2] - before; got != 1+1+2+1+1 {
		t.Errorf("the 30 took %d bullheads, want 6 (12 14 15 21 26)", got)
	}

	// Fig. 3 → Fig. 4: 3, 9, 68, 93 (rule 4: the 3 is too low; its player chooses row 2).
	mustPlay(t, g, 3, 9, 68, 93)
	d, ok := g.Decision(0)
	if !ok || d.Kind != engine.DecideRow || d.Card != 3 {
		t.Fatalf("decision of seat 0 = %+v %v, want a row choice for card 3", d, ok)
	}
	if w := g.Waiting(); !slices.Equal(w, []int{0}) {
		t.Fatalf("waiting for %v, want [0]", w)
	}
	checkRows(t, g, [4][]engine.Card{cards(30, 36), cards(37), cards(43, 44), cards(58, 61)}) // nothing placed yet
	if err := g.ChooseRow(0, 1); err != nil {
		t.Fatal(err)
	}
	checkRows(t, g, [4][]engine.Card{cards(30, 36), cards(3, 9), cards(43, 44), cards(58, 61, 68, 93)})
	if p := g.View(0).Penalties[0]; p != 1 {
		t.Errorf("the 3 took %d bullheads, want 1 (the 37)", p)
	}
}

// TestRule4LowestFirstOrder checks the translation's version of the rule 4 example (000: the
// last card is 83 instead of 93); the outcome on the rows is the same shape.
func TestTranslationRule4Example(t *testing.T) {
	g := newDealt(t, [4]engine.Card{30, 37, 43, 58}, cards(3), cards(9), cards(68), cards(83))
	mustPlay(t, g, 3, 9, 68, 83)
	if err := g.ChooseRow(0, 1); err != nil { // "He decides to take the second row as it contains only one card."
		t.Fatal(err)
	}
	checkRows(t, g, [4][]engine.Card{cards(30), cards(3, 9), cards(43), cards(58, 68, 83)})
}

// TestTip1 is 004's first tip (Fig. 5): a 45 meant for the 41 goes next to the 42 instead, whose
// difference is smaller, as the sixth card, so its player takes that row.
func TestTip1(t *testing.T) {
	// Fig. 5 is not printed as numbers; this game builds what the text says: row 3 ends in 41,
	// row 4 holds five cards ending in 42.
	g := newDealt(t, [4]engine.Card{2, 10, 20, 37}, cards(38, 41, 45), cards(39, 3, 5), cards(40, 11, 12), cards(42, 4, 6))
	mustPlay(t, g, 38, 39, 40, 42)
	mustPlay(t, g, 41, 3, 11, 4)
	checkRows(t, g, [4][]engine.Card{cards(2, 3, 4), cards(10, 11), cards(20, 41), cards(37, 38, 39, 40, 42)})
	mustPlay(t, g, 45, 5, 12, 6)
	checkRows(t, g, [4][]engine.Card{cards(2, 3, 4, 5, 6), cards(10, 11, 12), cards(20, 41), cards(45)})
	if p := g.View(0).Penalties[0]; p != engine.SumBullheads(cards(37, 38, 39, 40, 42)) {
		t.Errorf("seat 0 took %d bullheads, want 11", p)
	}
}

// TestTip2 is 004's second tip (Fig. 6): a 62 meant for the 61 of row 1, but a 29 played the same
// turn was too low and its player took row 1; the 62 then goes to row 4 as its sixth card.
func TestTip2Exact(t *testing.T) {
	// Rows: 1: 61 · 2: 30 · 3: 40 · 4: 50 52 54 56 57 (five cards). Seat 0 plays 29, seat 1 the 62.
	rows := [4]engine.Card{61, 30, 40, 50}
	hands := [][]engine.Card{cards(52, 29), cards(54, 62), cards(56, 99), cards(57, 98)}
	g := newDealt(t, rows, hands...)
	mustPlay(t, g, 52, 54, 56, 57)
	checkRows(t, g, [4][]engine.Card{cards(61), cards(30), cards(40), cards(50, 52, 54, 56, 57)})
	mustPlay(t, g, 29, 62, 99, 98)
	// 29 is lowest and too low: seat 0 takes row 1 (the 61), emptying the row the 62 was meant for.
	if err := g.ChooseRow(0, 0); err != nil {
		t.Fatal(err)
	}
	v := g.View(1)
	if !slices.Equal(v.Rows[3], cards(62, 98, 99)) {
		t.Errorf("row 4 = %v, want the 62 to have taken it (then 98, 99)", v.Rows[3])
	}
	if v.Penalties[1] != engine.SumBullheads(cards(50, 52, 54, 56, 57)) {
		t.Errorf("the 62 took %d bullheads", v.Penalties[1])
	}
}

// TestChangeMind: a seat may change its choice until every seat has chosen.
func TestChangeMind(t *testing.T) {
	g := newDealt(t, [4]engine.Card{10, 20, 30, 40}, cards(11, 12), cards(21), cards(31))
	if err := g.Play(0, 11); err != nil {
		t.Fatal(err)
	}
	if err := g.Play(0, 12); err != nil {
		t.Fatalf("changing mind: %v", err)
	}
	for i, c := range []int{21, 31} {
		if err := g.Play(1+i, engine.Card(c)); err != nil {
			t.Fatal(err)
		}
	}
	checkRows(t, g, [4][]engine.Card{cards(10, 12), cards(20, 21), cards(30, 31), cards(40)})
	if !slices.Contains(g.View(0).Hand, 11) {
		t.Error("the card taken back is not in hand")
	}
}

func TestErrorsLeaveStateUnchanged(t *testing.T) {
	setup := func(t *testing.T) *engine.Game {
		return newDealt(t, [4]engine.Card{10, 20, 30, 40}, cards(5, 11), cards(21), cards(31))
	}
	rowChoice := func(t *testing.T) *engine.Game {
		g := setup(t)
		mustPlay(t, g, 5, 21, 31)
		return g
	}
	cases := []struct {
		name  string
		game  func(*testing.T) *engine.Game
		act   func(*engine.Game) error
		want  error
		names string // what the message must mention
	}{
		{"card not in hand", setup, func(g *engine.Game) error { return g.Play(0, 21) }, engine.ErrNotInHand, "seat 0: card 21"},
		{"card out of deck", setup, func(g *engine.Game) error { return g.Play(1, 0) }, engine.ErrNotInHand, "seat 1"},
		{"seat out of range", setup, func(g *engine.Game) error { return g.Play(3, 11) }, engine.ErrSeat, "seat 3"},
		{"negative seat", setup, func(g *engine.Game) error { return g.Play(-1, 11) }, engine.ErrSeat, "seat -1"},
		{"row choice when none due", setup, func(g *engine.Game) error { return g.ChooseRow(0, 1) }, engine.ErrNoRowChoice, "seat 0: row 1"},
		{"row choice by the wrong seat", rowChoice, func(g *engine.Game) error { return g.ChooseRow(1, 1) }, engine.ErrNotYourRowChoice, "seat 1: row 1: the row choice is another seat's: seat 0 chooses"},
		{"row out of range", rowChoice, func(g *engine.Game) error { return g.ChooseRow(0, 4) }, engine.ErrRowRange, "row 4"},
		{"negative row", rowChoice, func(g *engine.Game) error { return g.ChooseRow(0, -1) }, engine.ErrRowRange, "row -1"},
		{"playing during a row choice", rowChoice, func(g *engine.Game) error { return g.Play(1, 21) }, engine.ErrNotYourTurn, "seat 1"},
		{"two cards in basic", setup, func(g *engine.Game) error {
			return g.Act(0, engine.Action{Kind: engine.DecidePlay, Cards: cards(5, 11)})
		}, engine.ErrCardCount, "seat 0"},
		{"unknown action", setup, func(g *engine.Game) error { return g.Act(0, engine.Action{}) }, engine.ErrAction, "seat 0"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.game(t)
			before := snapshot(g)
			err := tc.act(g)
			if !errors.Is(err, tc.want) {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
			var ae *engine.ActionError
			if !errors.As(err, &ae) {
				t.Fatalf("error %T is not an *ActionError", err)
			}
			if msg := err.Error(); !contains(msg, tc.names) {
				t.Errorf("message %q does not name %q", msg, tc.names)
			}
			if after := snapshot(g); after != before {
				t.Errorf("state changed by a rejected action:\n%s\n%s", before, after)
			}
		})
	}
}

func TestActionAfterGameOver(t *testing.T) {
	g, _ := playRandomGame(t, engine.DefaultConfig(3), 7)
	before := snapshot(g)
	err := g.Play(0, 1)
	if !errors.Is(err, engine.ErrGameOver) {
		t.Fatalf("error %v, want ErrGameOver", err)
	}
	if snapshot(g) != before {
		t.Error("state changed")
	}
}

func TestConfigErrors(t *testing.T) {
	cases := []struct {
		cfg   engine.Config
		field string
	}{
		{engine.Config{Seats: 1, EndScore: 66}, "seats"},
		{engine.Config{Seats: 11, EndScore: 66}, "seats"},
		{engine.Config{Seats: 0, EndScore: 66}, "seats"},
		{engine.Config{Seats: 4, EndScore: 0}, "end_score"},
		{engine.Config{Seats: 4, EndScore: -5}, "end_score"},
		{engine.Config{Seats: 4, EndScore: 66, Rounds: -1}, "rounds"},
		{engine.Config{Seats: 4, EndScore: 66, Variant: 99}, "variant"},
	}
	for _, tc := range cases {
		_, err := engine.NewGame(tc.cfg, rng(1))
		var ce *engine.ConfigError
		if !errors.As(err, &ce) || ce.Field != tc.field {
			t.Errorf("%+v: error %v, want a ConfigError on %s", tc.cfg, err, tc.field)
			continue
		}
		if !contains(err.Error(), tc.field) {
			t.Errorf("message %q does not name %s", err, tc.field)
		}
	}
	for _, ok := range []engine.Config{engine.DefaultConfig(2), engine.DefaultConfig(10), {Seats: 5, Rounds: 3}, {Seats: 5, EndScore: 30, Rounds: 3}} {
		if _, err := engine.NewGame(ok, rng(1)); err != nil {
			t.Errorf("%+v: %v", ok, err)
		}
	}
}

func TestEndOfGame(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  engine.Config
	}{
		{"to 66", engine.DefaultConfig(4)},
		{"to 20", engine.Config{Seats: 6, EndScore: 20}},
		{"3 rounds", engine.Config{Seats: 5, Rounds: 3}},
		{"2 rounds or 66", engine.Config{Seats: 10, EndScore: 66, Rounds: 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 20; seed++ {
				g, scored := playRandomGame(t, tc.cfg, seed)
				totals := g.Scores()
				maxT, minT := slices.Max(totals), slices.Min(totals)
				rounds := len(scored)
				if tc.cfg.Rounds > 0 && rounds > tc.cfg.Rounds {
					t.Fatalf("played %d rounds, limit %d", rounds, tc.cfg.Rounds)
				}
				endedByScore := tc.cfg.EndScore > 0 && maxT >= tc.cfg.EndScore
				endedByRounds := tc.cfg.Rounds > 0 && rounds == tc.cfg.Rounds
				if !endedByScore && !endedByRounds {
					t.Fatalf("game ended after %d rounds with max %d", rounds, maxT)
				}
				// It ends after the first round in which the end score is reached, not later.
				for _, r := range scored[:rounds-1] {
					if tc.cfg.EndScore > 0 && slices.Max(r.Totals) >= tc.cfg.EndScore {
						t.Fatalf("round %d reached %d but the game went on", r.Round, slices.Max(r.Totals))
					}
				}
				var want []int
				for s, tot := range totals {
					if tot == minT {
						want = append(want, s)
					}
				}
				if !slices.Equal(g.Winners(), want) {
					t.Fatalf("winners %v, want %v (totals %v)", g.Winners(), want, totals)
				}
			}
		})
	}
}

func TestHand(t *testing.T) {
	var h engine.Hand
	in := cards(104, 1, 64, 63, 65, 127, 50)
	for _, c := range in {
		if !h.Add(c) {
			t.Fatalf("Add(%d) failed", c)
		}
	}
	if h.Add(64) || h.Add(0) || h.Add(128) {
		t.Error("Add accepted a duplicate or out-of-range card")
	}
	want := cards(1, 50, 63, 64, 65, 104, 127)
	if got := h.Cards(nil); !slices.Equal(got, want) {
		t.Fatalf("Cards = %v, want %v", got, want)
	}
	for i, c := range want {
		if h.At(i) != c {
			t.Errorf("At(%d) = %d, want %d", i, h.At(i), c)
		}
	}
	if h.At(len(want)) != 0 || h.Len() != len(want) {
		t.Error("At past the end or Len wrong")
	}
	if !h.Remove(64) || h.Remove(64) || h.Has(64) || h.Len() != 6 {
		t.Error("Remove")
	}
}

// TestDealRandom: the fast path deals distinct cards, the right counts, and every card can land
// anywhere (both the sparse and the shuffling way of drawing).
func TestDealRandom(t *testing.T) {
	r := engine.NewRandSeed(4)
	for _, seats := range []int{2, 4, 5, 10} {
		var seenInHand0 [engine.DeckSize + 1]bool
		for i := 0; i < 3000; i++ {
			var s engine.State
			s.DealRandom(r, seats, engine.DefaultHandSize)
			var all engine.Hand
			for seat := 0; seat < seats; seat++ {
				if n := s.Hands[seat].Len(); n != 10 {
					t.Fatalf("seats %d: seat %d has %d cards", seats, seat, n)
				}
				for _, c := range s.Hands[seat].Cards(nil) {
					if !all.Add(c) || !c.Valid() {
						t.Fatalf("seats %d: card %d dealt twice or invalid", seats, c)
					}
					if seat == 0 {
						seenInHand0[c] = true
					}
				}
			}
			for i := range s.Rows {
				if c := s.Rows[i].Last(); s.Rows[i].Len() != 1 || !all.Add(c) || !c.Valid() {
					t.Fatalf("seats %d: row %d starts badly with %d", seats, i, c)
				}
			}
		}
		for c := 1; c <= engine.DeckSize; c++ {
			if !seenInHand0[c] {
				t.Errorf("seats %d: card %d never dealt to seat 0 in 3000 deals", seats, c)
			}
		}
	}
}
