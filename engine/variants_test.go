package engine_test

import (
	"errors"
	"slices"
	"testing"

	"nimmt/engine"
)

// handSizeOf returns the number of cards a configuration deals each seat.
func handSizeOf(t *testing.T, cfg engine.Config) int {
	g, err := engine.NewGame(cfg, rng(1))
	if err != nil {
		t.Fatal(err)
	}
	return len(g.View(0).Hand)
}

// dealVariant returns a game of cfg whose first round is the given deal; hands are completed with
// the highest cards of the variant's deck not named elsewhere.
func dealVariant(t *testing.T, cfg engine.Config, rows [4]engine.Card, stacked []engine.Card, hands ...[]engine.Card) *engine.Game {
	t.Helper()
	cfg.Seats = len(hands)
	size := handSizeOf(t, cfg)
	left := deckOf(cfg)
	for _, c := range append(rows[:], stacked...) {
		left[c]--
	}
	for _, h := range hands {
		for _, c := range h {
			left[c]--
		}
	}
	full := make([][]engine.Card, len(hands))
	next := engine.Card(104)
	for i, h := range hands {
		full[i] = slices.Clone(h)
		for len(full[i]) < size {
			for left[next] <= 0 {
				next--
			}
			left[next]--
			full[i] = append(full[i], next)
		}
	}
	rec := &engine.Record{Format: engine.RecordFormat, Version: engine.RecordVersion, Config: cfg,
		Rounds: []engine.RoundRecord{{Deal: engine.Deal{Rows: rows, Stacked: stacked, Hands: full}}}}
	g, err := engine.Replay(rec, nil)
	if err != nil {
		t.Fatalf("deal: %v", err)
	}
	return g
}

func act(t *testing.T, g *engine.Game, seat int, a engine.Action) {
	t.Helper()
	if err := g.Act(seat, a); err != nil {
		t.Fatalf("seat %d %+v: %v", seat, a, err)
	}
}

func wantErr(t *testing.T, g *engine.Game, seat int, a engine.Action, want error) {
	t.Helper()
	before := snapshot(g)
	err := g.Act(seat, a)
	var ae *engine.ActionError
	if !errors.Is(err, want) || !errors.As(err, &ae) || ae.Seat != seat {
		t.Fatalf("seat %d %+v: error %v, want %v", seat, a, err, want)
	}
	if snapshot(g) != before {
		t.Fatalf("seat %d %+v: rejected action changed the game", seat, a)
	}
}

func cfgOf(v engine.Variant) engine.Config { return engine.Config{Variant: v, EndScore: 66} }

// TestVariantSeats: each variant's seat range, as the texts give it or as its deck allows.
func TestVariantSeats(t *testing.T) {
	want := map[engine.Variant][2]int{
		engine.Basic: {2, 10}, engine.Tactics: {2, 10}, engine.Logic: {2, 10},
		engine.Tournament:   {2, 5},  // "should be played with no more than five players"
		engine.Professional: {2, 10}, //
		engine.Open:         {2, 9},  // 103 cards without the 1: ten seats would need 104
		engine.Nifty:        {2, 7},  // "for 2 – 7 players"
		engine.HandVariant:  {2, 7},  // 14 cards each: 7×14+4 = 102
		engine.Double:       {2, 10}, engine.TCG: {2, 10},
	}
	for v, w := range want {
		lo, hi := engine.SeatsAllowed(v)
		if lo != w[0] || hi != w[1] {
			t.Errorf("%v: seats %d–%d, want %d–%d", v, lo, hi, w[0], w[1])
		}
		if _, err := engine.NewGame(engine.Config{Variant: v, Seats: hi + 1, EndScore: 66}, rng(1)); hi < 10 && err == nil {
			t.Errorf("%v: %d seats accepted", v, hi+1)
		}
	}
	if err := (engine.Config{Seats: 4, Variant: engine.Basic, EndScore: 66, Doublets: true}).Validate(); err == nil {
		t.Error("doublets option accepted outside Double")
	}
}

// Tactics: "number of players x 10 plus 4" cards, "All cards with higher numbers are removed".
func TestTactics(t *testing.T) {
	for seats := 2; seats <= 10; seats++ {
		cfg := engine.Config{Seats: seats, Variant: engine.Tactics, EndScore: 66}
		deck := engine.DeckOf(cfg)
		if len(deck) != 10*seats+4 || deck[0] != 1 || int(deck[len(deck)-1]) != 10*seats+4 {
			t.Fatalf("%d seats: deck %v", seats, deck)
		}
		// "all cards in play are known": every card is dealt.
		g, _ := engine.NewGame(cfg, rng(uint64(seats)))
		var dealt []engine.Card
		for s := 0; s < seats; s++ {
			dealt = append(dealt, g.View(s).Hand...)
		}
		for _, r := range g.View(0).Rows {
			dealt = append(dealt, r...)
		}
		slices.Sort(dealt)
		if !slices.Equal(dealt, deck) {
			t.Fatalf("%d seats: dealt %v", seats, dealt)
		}
	}
	// The example: 3 players – cards 1–34; a 35 is not in play.
	cfg := engine.Config{Seats: 3, Variant: engine.Tactics, EndScore: 66}
	rec := &engine.Record{Format: engine.RecordFormat, Version: engine.RecordVersion, Config: cfg,
		Rounds: []engine.RoundRecord{{Deal: engine.Deal{Rows: [4]engine.Card{1, 2, 3, 35},
			Hands: [][]engine.Card{cards(4, 5, 6, 7, 8, 9, 10, 11, 12, 13), cards(14, 15, 16, 17, 18, 19, 20, 21, 22, 23), cards(24, 25, 26, 27, 28, 29, 30, 31, 32, 33)}}}}}
	if _, err := engine.Replay(rec, nil); err == nil || !contains(err.Error(), "35") {
		t.Errorf("a 35 in a 3-seat Tactics deal: %v", err)
	}
}

// Logic: the Tactics deck face up; "In turn, each player takes up one card in hand, proceeding
// clockwise, until all players have 10 cards each. The four cards now remaining become the first
// cards of the four rows." Two players use cards 1–24.
func TestLogicDraft(t *testing.T) {
	g, _ := engine.NewGame(engine.Config{Seats: 2, Variant: engine.Logic, EndScore: 66}, rng(1))
	v := g.View(1)
	if g.Phase() != engine.PhaseDraft || !slices.Equal(v.Pool, engine.DeckOf(g.Config())) || len(v.Pool) != 24 {
		t.Fatalf("phase %v pool %v", g.Phase(), v.Pool)
	}
	// The pool is public: every seat's view shows it.
	if d, ok := g.Decision(0); !ok || d.Kind != engine.DecideDraft {
		t.Fatalf("seat 0 decision %+v", d)
	}
	wantErr(t, g, 1, engine.DraftCard(5), engine.ErrNotYourTurn)
	wantErr(t, g, 0, engine.DraftCard(25), engine.ErrNotInPool)
	wantErr(t, g, 0, engine.PlayCard(5), engine.ErrNotYourTurn)
	picks := []engine.Card{1, 24, 2, 23, 3, 22, 4, 21, 5, 20, 6, 19, 7, 18, 8, 17, 9, 16, 10, 15}
	for i, c := range picks {
		act(t, g, i%2, engine.DraftCard(c))
		if i == 0 {
			wantErr(t, g, 1, engine.DraftCard(1), engine.ErrNotInPool)
		}
	}
	if g.Phase() != engine.PhaseChoose {
		t.Fatalf("phase %v after the draft", g.Phase())
	}
	checkRows(t, g, [4][]engine.Card{cards(11), cards(12), cards(13), cards(14)})
	if h := g.View(0).Hand; !slices.Equal(h, cards(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)) {
		t.Errorf("seat 0 drafted %v", h)
	}
	// The next round's draft starts with the next seat (docs/variants.md).
	for g.Round() == 1 {
		for s := 0; s < 2; s++ {
			act(t, g, s, engine.PlayCard(g.View(s).Hand[0]))
			if g.Phase() == engine.PhaseRowChoice {
				act(t, g, g.Waiting()[0], engine.TakeRow(0))
			}
		}
	}
	if g.Phase() != engine.PhaseDraft || g.Waiting()[0] != 1 {
		t.Errorf("round 2: phase %v, waiting %v; want seat 1 to draft first", g.Phase(), g.Waiting())
	}
}

// Tournament: at most five players; Tactics + Logic; each hand drafted in game 1 passes to the
// left-hand neighbour after every game so "each player will play with each 10-card hand once";
// the lowest total over all games wins.
func TestTournament(t *testing.T) {
	if _, err := engine.NewGame(engine.Config{Seats: 6, Variant: engine.Tournament}, rng(1)); err == nil {
		t.Error("six-seat tournament accepted")
	}
	const seats = 3
	// EndScore is ignored: a tournament is one game per seat.
	g, err := engine.NewGame(engine.Config{Seats: seats, Variant: engine.Tournament, EndScore: 1}, rng(1))
	if err != nil {
		t.Fatal(err)
	}
	r := rng(2)
	var sheets [][]engine.Card
	var rows [4][]engine.Card
	for !g.Over() {
		if g.Phase() == engine.PhaseChoose && g.Turn() == 1 && !slices.Contains(g.View(-1).Chosen, true) {
			round := g.Round()
			if sheets == nil {
				for s := 0; s < seats; s++ {
					sheets = append(sheets, g.View(s).Hand)
				}
				rows = g.View(-1).Rows
			}
			for s := 0; s < seats; s++ {
				want := sheets[((s-(round-1))%seats+seats)%seats]
				if h := g.View(s).Hand; !slices.Equal(h, want) && g.Turn() == 1 {
					t.Fatalf("game %d seat %d holds %v, want the sheet of seat %d %v", round, s, h, (s-(round-1)+seats)%seats, want)
				}
			}
			if got := g.View(-1).Rows; !slices.EqualFunc(got[:], rows[:], slices.Equal) {
				t.Fatalf("game %d rows %v, want %v", round, got, rows)
			}
		}
		s, a := randomAction(g, r)
		act(t, g, s, a)
	}
	if g.Round() != seats {
		t.Errorf("tournament of %d seats played %d games", seats, g.Round())
	}
	var sum [seats]int
	for _, e := range g.Events() {
		if rs, ok := e.(engine.RoundScored); ok {
			for s, p := range rs.Penalties {
				sum[s] += p
			}
		}
	}
	if !slices.Equal(sum[:], g.Scores()) {
		t.Errorf("totals %v, want the sum over games %v", g.Scores(), sum)
	}
}

// Open: card 1 is the first-player card; seats play face up one after another from the first
// player, clockwise; the cards are then placed by the basic rules; the card passes left each turn.
func TestOpen(t *testing.T) {
	cfg := cfgOf(engine.Open)
	if slices.Contains(engine.DeckOf(engine.Config{Seats: 4, Variant: engine.Open}), 1) {
		t.Fatal("the 1 is in the Open deck")
	}
	g := dealVariant(t, cfg, [4]engine.Card{10, 20, 30, 40}, nil, cards(45, 11), cards(21, 12), cards(31, 13))
	if w := g.Waiting(); !slices.Equal(w, []int{0}) {
		t.Fatalf("waiting %v, want the first player, seat 0", w)
	}
	wantErr(t, g, 1, engine.PlayCard(21), engine.ErrNotYourTurn)
	act(t, g, 0, engine.PlayCard(45))
	// Face up: seat 2 sees the 45 at once.
	if v := g.View(2); !slices.Equal(v.FaceUp, []engine.Play{{Seat: 0, Card: 45}}) {
		t.Errorf("seat 2 sees %v face up", v.FaceUp)
	}
	for _, e := range g.EventsFor(2, 0) {
		if sc, ok := e.(engine.SeatChose); ok && sc.Card != 45 {
			t.Errorf("seat 2's stream hides the face-up card: %+v", sc)
		}
	}
	wantErr(t, g, 0, engine.PlayCard(11), engine.ErrNotYourTurn) // no taking it back
	act(t, g, 1, engine.PlayCard(21))
	act(t, g, 2, engine.PlayCard(31))
	checkRows(t, g, [4][]engine.Card{cards(10), cards(20, 21), cards(30, 31), cards(40, 45)})
	// The first-player card passes left: seat 1 starts turn 2.
	if w := g.Waiting(); !slices.Equal(w, []int{1}) || g.View(0).First != 1 {
		t.Fatalf("turn 2 waiting %v, first %d; want seat 1", w, g.View(0).First)
	}
	act(t, g, 1, engine.PlayCard(12))
	act(t, g, 2, engine.PlayCard(13))
	act(t, g, 0, engine.PlayCard(11))
	checkRows(t, g, [4][]engine.Card{cards(10, 11, 12, 13), cards(20, 21), cards(30, 31), cards(40, 45)})
	if w := g.Waiting(); !slices.Equal(w, []int{2}) {
		t.Fatalf("turn 3 waiting %v, want seat 2", w)
	}
}

// Nifty: 14 cards, two per turn face down; the seat with the lowest card places both in the order
// it chooses, then the seat that now has the lowest card, and so on.
func TestNifty(t *testing.T) {
	cfg := cfgOf(engine.Nifty)
	if handSizeOf(t, engine.Config{Seats: 3, Variant: engine.Nifty, EndScore: 66}) != 14 {
		t.Fatal("Nifty does not deal 14 cards")
	}
	g := dealVariant(t, cfg, [4]engine.Card{10, 20, 30, 40}, nil, cards(12, 45), cards(11, 22), cards(31, 32))
	wantErr(t, g, 0, engine.PlayCard(12), engine.ErrCardCount)
	wantErr(t, g, 0, engine.PlayCards(12, 45, 13), engine.ErrCardCount)
	act(t, g, 0, engine.PlayCards(12, 45))
	// Face down: until all have played, the others see only that seat 0 has chosen.
	for _, e := range g.EventsFor(1, 0) {
		if sc, ok := e.(engine.SeatChose); ok && (sc.Card != 0 || sc.Cards != nil) {
			t.Fatalf("seat 1 sees seat 0's cards: %+v", sc)
		}
	}
	if v := g.View(1); !v.Chosen[0] || v.MyChoice != 0 || len(v.Pending) != 0 {
		t.Fatalf("seat 1's view: %+v", v)
	}
	if v := g.View(0); !slices.Equal(v.MyPlay, cards(12, 45)) {
		t.Fatalf("seat 0's own play: %v", v.MyPlay)
	}
	act(t, g, 1, engine.PlayCards(22, 11))
	act(t, g, 2, engine.PlayCards(31, 32))
	// Seat 1 holds the lowest card (11): it chooses its order first.
	d, ok := g.Decision(1)
	if !ok || d.Kind != engine.DecideOrder || !slices.Equal(d.Cards, cards(11, 22)) || g.Phase() != engine.PhaseOrder {
		t.Fatalf("decision %+v %v", d, ok)
	}
	wantErr(t, g, 0, engine.PlaceFirst(12), engine.ErrNotYourTurn)
	wantErr(t, g, 1, engine.PlaceFirst(31), engine.ErrNotPending)
	act(t, g, 1, engine.PlaceFirst(22))
	checkRows(t, g, [4][]engine.Card{cards(10, 11), cards(20, 22), cards(30), cards(40)})
	// Then seat 0 (12 is now the lowest card in front of a seat); it places 45 first.
	act(t, g, 0, engine.PlaceFirst(45))
	checkRows(t, g, [4][]engine.Card{cards(10, 11, 12), cards(20, 22), cards(30), cards(40, 45)})
	act(t, g, 2, engine.PlaceFirst(31))
	checkRows(t, g, [4][]engine.Card{cards(10, 11, 12), cards(20, 22), cards(30, 31, 32), cards(40, 45)})
	if g.Phase() != engine.PhaseChoose || g.Turn() != 2 {
		t.Fatalf("phase %v turn %d", g.Phase(), g.Turn())
	}
}

// Hand: 14 cards; in turn each seat plays one or two cards face up and places them at once; a seat
// taking a row chooses which cards go to its pile and which to its hand (never more than 16); the
// round ends after the turn in which a hand is empty or a pile passes 20 cards; cards left in
// hand count double.
func TestHandVariant(t *testing.T) {
	cfg := cfgOf(engine.HandVariant)
	g := dealVariant(t, cfg, [4]engine.Card{10, 20, 30, 40}, nil,
		cards(11, 12, 13, 14, 5), cards(21, 22, 23, 24, 6))
	if len(g.View(0).Hand) != 14 {
		t.Fatal("Hand does not deal 14 cards")
	}
	wantErr(t, g, 1, engine.PlayCard(21), engine.ErrNotYourTurn)
	wantErr(t, g, 0, engine.PlayCards(11, 12, 13), engine.ErrCardCount)
	act(t, g, 0, engine.PlayCards(11, 12)) // placed at once
	checkRows(t, g, [4][]engine.Card{cards(10, 11, 12), cards(20), cards(30), cards(40)})
	if v := g.View(1); v.HandSizes[0] != 12 || !slices.Equal(v.Waiting, []int{1}) {
		t.Fatalf("seat 1's view: sizes %v waiting %v", v.HandSizes, v.Waiting)
	}
	act(t, g, 1, engine.PlayCard(21))
	act(t, g, 0, engine.PlayCards(13, 14))
	checkRows(t, g, [4][]engine.Card{cards(10, 11, 12, 13, 14), cards(20, 21), cards(30), cards(40)})
	act(t, g, 1, engine.PlayCards(22, 23))
	// Seat 0 plays the 5: too low, it takes a row of its choice, then chooses what to keep.
	act(t, g, 0, engine.PlayCard(5))
	act(t, g, 0, engine.TakeRow(0))
	d, ok := g.Decision(0)
	if !ok || d.Kind != engine.DecideKeep || !slices.Equal(d.Cards, cards(10, 11, 12, 13, 14)) {
		t.Fatalf("decision %+v", d)
	}
	wantErr(t, g, 0, engine.KeepCards(20), engine.ErrNotTaken)
	wantErr(t, g, 0, engine.KeepCards(10, 10), engine.ErrNotTaken)
	act(t, g, 0, engine.KeepCards(11, 13))
	v := g.View(1)
	if v.HandSizes[0] != 9+2 || v.Piles[0] != 3 || v.Penalties[0] != engine.SumBullheads(cards(10, 12, 14)) {
		t.Errorf("after keeping: sizes %v piles %v penalties %v", v.HandSizes, v.Piles, v.Penalties)
	}
	checkRows(t, g, [4][]engine.Card{cards(5), cards(20, 21, 22, 23), cards(30), cards(40)})
	if h := g.View(0).Hand; !slices.Contains(h, 11) || !slices.Contains(h, 13) {
		t.Errorf("kept cards not in hand: %v", h)
	}
}

// Hand: the round ends after the turn in which a hand is empty; cards in hand count double.
func TestHandVariantEnd(t *testing.T) {
	r := rng(5)
	for seed := uint64(1); seed <= 30; seed++ {
		g, _ := engine.NewGame(engine.Config{Seats: 3, Variant: engine.HandVariant, Rounds: 1}, rng(seed))
		for !g.Over() {
			turnBefore, firstBefore := g.Turn(), g.View(0).First
			s, a := randomAction(g, r)
			act(t, g, s, a)
			_ = turnBefore
			_ = firstBefore
		}
		var sizes []int
		var piles []int
		pre := g.State()
		for s := 0; s < 3; s++ {
			sizes = append(sizes, len(g.View(s).Hand))
			piles = append(piles, len(g.Piles()[s]))
		}
		ended := slices.Contains(sizes, 0) || slices.ContainsFunc(piles, func(p int) bool { return p > 20 }) || g.Turn() >= engine.HandVariantTurnLimit
		if !ended {
			t.Fatalf("seed %d: round ended with hands %v piles %v at turn %d", seed, sizes, piles, g.Turn())
		}
		var rs engine.RoundScored
		for _, e := range g.Events() {
			if x, ok := e.(engine.RoundScored); ok {
				rs = x
			}
		}
		for s := 0; s < 3; s++ {
			want := engine.SumBullheads(g.Piles()[s]) + 2*engine.SumBullheads(g.View(s).Hand)
			if rs.Penalties[s] != want {
				t.Fatalf("seed %d seat %d: scored %d, want pile + 2×hand = %d", seed, s, rs.Penalties[s], want)
			}
		}
		_ = pre
	}
}

// TestTCGUnseen: in TCG's second half the cards a seat has not seen are the other seats' hands
// and the cards never dealt — the first half's cards are out of play or on the table
// (View.Earlier) — and in the first half they also hold the second half's cards.
func TestTCGUnseen(t *testing.T) {
	for _, seats := range []int{2, 4, 5, 6, 7, 10} {
		r := rng(uint64(seats))
		g, err := engine.NewGame(engine.Config{Seats: seats, Variant: engine.TCG}, r)
		if err != nil {
			t.Fatal(err)
		}
		h := min(16, 100/(2*seats))
		checked := 0
		for !g.Over() {
			for s := 0; s < seats; s++ {
				v := g.View(s)
				var others []engine.Card
				for o := 0; o < seats; o++ {
					if o != s {
						others = append(others, g.View(o).Hand...)
					}
				}
				unseen := v.Unseen()
				for _, c := range others {
					if !slices.Contains(unseen, c) {
						t.Fatalf("%d seats, seat %d, round %d: card %d of another hand is not unseen", seats, s, g.Round(), c)
					}
				}
				never := engine.DeckSize - 2*h*seats - engine.NumRows // dealt to nobody
				want, earlier := len(others)+never, 0
				if g.Round() == 1 {
					want += h * seats // the second half's cards
				} else {
					earlier = h*seats + engine.NumRows
					checked++
				}
				if len(unseen) != want || len(v.Earlier) != earlier {
					t.Fatalf("%d seats, seat %d, round %d turn %d: %d unseen, want %d; %d earlier, want %d",
						seats, s, g.Round(), g.Turn(), len(unseen), want, len(v.Earlier), earlier)
				}
			}
			seat, a := randomAction(g, r)
			if err := g.Act(seat, a); err != nil {
				t.Fatal(err)
			}
		}
		if checked == 0 {
			t.Fatalf("%d seats: the second half was never checked", seats)
		}
	}
}
