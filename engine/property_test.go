package engine_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"nimmt/engine"
)

func rng(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// snapshot is everything observable about a game, for "the state is unchanged" checks.
func snapshot(g *engine.Game) string {
	var b strings.Builder
	for s := -1; s < g.Config().Seats; s++ {
		j, _ := json.Marshal(g.View(s))
		b.Write(j)
	}
	r, _ := json.Marshal(g.Record())
	b.Write(r)
	st := g.State()
	j, _ := json.Marshal(struct {
		N     int
		Phase engine.Phase
		St    string
	}{g.EventCount(), g.Phase(), stateString(&st)})
	b.Write(j)
	return b.String()
}

func stateString(s *engine.State) string {
	var parts []any
	for i := range s.Rows {
		parts = append(parts, s.Rows[i].Cards(nil))
	}
	for i := 0; i < s.Seats; i++ {
		parts = append(parts, s.Hands[i].Cards(nil))
	}
	return jsonOf(parts) + jsonOf(s.Penalty[:s.Seats])
}

func jsonOf(v any) string { j, _ := json.Marshal(v); return string(j) }

// randomAction returns a random legal action of a random waiting seat.
func randomAction(g *engine.Game, r *rand.Rand) (int, engine.Action) {
	w := g.Waiting()
	seat := w[r.IntN(len(w))]
	v := g.View(seat)
	return seat, engine.RandomAction(&v, r)
}

// playRandomGame plays a whole game with random legal actions and returns it with its round scores.
func playRandomGame(t testing.TB, cfg engine.Config, seed uint64) (*engine.Game, []engine.RoundScored) {
	t.Helper()
	r := rng(seed)
	g, err := engine.NewGame(cfg, r)
	if err != nil {
		t.Fatal(err)
	}
	for steps := 0; !g.Over(); steps++ {
		if steps > 100000 {
			t.Fatal("game does not end")
		}
		seat, a := randomAction(g, r)
		if err := g.Act(seat, a); err != nil {
			t.Fatalf("legal action rejected: %v", err)
		}
	}
	var scored []engine.RoundScored
	for _, e := range g.Events() {
		if rs, ok := e.(engine.RoundScored); ok {
			scored = append(scored, rs)
		}
	}
	return g, scored
}

// checkInvariants checks the table of a game at rest: cards conserved, rows ascending with at
// most five cards, and bullheads conserved.
func checkInvariants(t testing.TB, g *engine.Game, pile [][]engine.Card, undealt []engine.Card) {
	t.Helper()
	st := g.State()
	var seen [engine.DeckSize + 1]int
	bull := 0
	add := func(cs []engine.Card) {
		for _, c := range cs {
			seen[c]++
			bull += c.Bullheads()
		}
	}
	for i := range st.Rows {
		row := st.Rows[i].Cards(nil)
		if len(row) < 1 || len(row) > engine.RowLimit {
			t.Fatalf("row %d has %d cards", i, len(row))
		}
		for j := 1; j < len(row); j++ {
			if row[j] <= row[j-1] {
				t.Fatalf("row %d not strictly ascending: %v", i, row)
			}
		}
		add(row)
	}
	for s := 0; s < st.Seats; s++ {
		add(st.Hands[s].Cards(nil))
		add(pile[s])
	}
	add(undealt)
	for _, p := range g.View(-1).Pending {
		add([]engine.Card{p.Card})
	}
	for c, n := range seen[1:] {
		if n != 1 {
			t.Fatalf("card %d appears %d times", c+1, n)
		}
	}
	if bull != engine.DeckBullheads {
		t.Fatalf("%d bullheads, want 171", bull)
	}
}

// TestPropertiesRandomGames plays random games at every seat count and checks, after every
// action: cards conserved (hands + rows + piles + undealt = deck), rows strictly ascending with at
// most five cards, 171 bullheads conserved, each round's score change equal to the bullheads taken.
//
// Size: 20,000 rounds (about 2,200 per seat count) in make test, 100,000 in make test-long,
// 2,000 with -short, or NIMMT_PROPERTY_GAMES; one parallel subtest per seat count.
func TestPropertiesRandomGames(t *testing.T) {
	t.Parallel()
	games := sized(100000, 20000, 2000)
	if n := envInt("NIMMT_PROPERTY_GAMES"); n > 0 {
		games = n
	}
	// Each "game" here is one full round played with every check; whole multi-round games are
	// covered by TestEndOfGame and the replay tests. Game i has 2+i%9 seats and seed i+1.
	for seats := 2; seats <= 10; seats++ {
		t.Run(fmt.Sprintf("seats=%d", seats), func(t *testing.T) {
			t.Parallel()
			for i := seats - 2; i < games; i += 9 {
				checkRound(t, seats, uint64(i)+1)
			}
		})
	}
}

func checkRound(t testing.TB, seats int, seed uint64) {
	r := rng(seed)
	g, err := engine.NewGame(engine.Config{Seats: seats, Rounds: 1}, r)
	if err != nil {
		t.Fatal(err)
	}
	deal := g.Events()[0].(engine.RoundDealt)
	inPlay := map[engine.Card]bool{}
	for _, h := range deal.Hands {
		for _, c := range h {
			inPlay[c] = true
		}
	}
	for _, c := range deal.Rows {
		inPlay[c] = true
	}
	var undealt []engine.Card
	for c := engine.Card(1); c <= engine.DeckSize; c++ {
		if !inPlay[c] {
			undealt = append(undealt, c)
		}
	}
	pile := make([][]engine.Card, seats)
	seenEvents := 1
	for !g.Over() {
		seat, a := randomAction(g, r)
		if err := g.Act(seat, a); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, e := range g.EventsSince(seenEvents) {
			if rt, ok := e.(engine.RowTaken); ok {
				pile[rt.Seat] = append(pile[rt.Seat], rt.Cards...)
				if engine.SumBullheads(rt.Cards) != rt.Bullheads {
					t.Fatalf("row taken reports %d bullheads for %v", rt.Bullheads, rt.Cards)
				}
			}
			if rs, ok := e.(engine.RoundScored); ok {
				for s := range pile {
					if rs.Penalties[s] != engine.SumBullheads(pile[s]) {
						t.Fatalf("seed %d seat %d: scored %d, took %d", seed, s, rs.Penalties[s], engine.SumBullheads(pile[s]))
					}
				}
			}
		}
		seenEvents = g.EventCount()
		if g.Phase() != engine.PhaseOver {
			checkInvariants(t, g, pile, undealt)
		}
	}
	totals := g.Scores()
	for s := range totals {
		if totals[s] != engine.SumBullheads(pile[s]) {
			t.Fatalf("seat %d total %d != pile %d", s, totals[s], engine.SumBullheads(pile[s]))
		}
	}
}

// TestViewsFoldEvents: applying a seat's events from the start reproduces its view, after every
// action of whole games at every seat count; and the omniscient stream reproduces the rows.
func TestViewsFoldEvents(t *testing.T) {
	for seats := 2; seats <= 10; seats++ {
		r := rng(uint64(seats))
		g, err := engine.NewGame(engine.Config{Seats: seats, EndScore: 66}, r)
		if err != nil {
			t.Fatal(err)
		}
		views := make([]engine.View, seats)
		for s := range views {
			views[s] = engine.NewView(g.Config(), s)
		}
		from := 0
		for step := 0; !g.Over(); step++ {
			seat, a := randomAction(g, r)
			if err := g.Act(seat, a); err != nil {
				t.Fatal(err)
			}
			for s := range views {
				for _, e := range g.EventsFor(s, from) {
					views[s].Apply(e)
				}
				if got, want := norm(views[s]), norm(g.View(s)); got != want {
					t.Fatalf("seats %d step %d seat %d: folded view\n%s\nwant\n%s", seats, step, s, got, want)
				}
			}
			from = g.EventCount()
		}
	}
}

func norm(v engine.View) string {
	if len(v.Hand) == 0 {
		v.Hand = nil
	}
	if len(v.Pending) == 0 {
		v.Pending = nil
	}
	if len(v.Waiting) == 0 {
		v.Waiting = nil
	}
	if len(v.Winners) == 0 {
		v.Winners = nil
	}
	for i := range v.Rows {
		if len(v.Rows[i]) == 0 {
			v.Rows[i] = nil
		}
	}
	return jsonOf(v)
}

// TestViewHidesOtherHands: no view, event stream or their JSON holds another seat's hand or
// unrevealed choice.
func TestViewHidesOtherHands(t *testing.T) {
	r := rng(42)
	g, _ := engine.NewGame(engine.DefaultConfig(4), r)
	// Seats 1 and 2 choose; seat 0 must not learn their cards.
	h1, h2 := g.View(1).Hand, g.View(2).Hand
	_ = g.Play(1, h1[0])
	_ = g.Play(2, h2[3])
	v := g.View(0)
	js := jsonOf(v)
	var evjs strings.Builder
	for _, e := range g.EventsFor(0, 0) {
		b, err := engine.MarshalEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		evjs.Write(b)
	}
	for _, seat := range []int{1, 2, 3} {
		other := g.View(seat).Hand
		// The view's JSON has no field holding another hand: check no other-hand card appears
		// anywhere but among the row cards that are public.
		for _, c := range other {
			if slices.Contains(v.Hand, c) || slices.Contains(v.Revealed, c) {
				t.Fatalf("seat 0 sees seat %d's card %d", seat, c)
			}
		}
		dealt := g.EventsFor(0, 0)[0].(engine.RoundDealt)
		if dealt.Hands[seat] != nil {
			t.Fatalf("seat 0's deal event holds seat %d's hand", seat)
		}
	}
	if v.MyChoice != 0 || !v.Chosen[1] || !v.Chosen[2] || v.Chosen[3] {
		t.Fatalf("chosen flags %v, my choice %d", v.Chosen, v.MyChoice)
	}
	// Decode the JSON into a generic value and make sure only one hand-like list exists.
	var m map[string]any
	if err := json.Unmarshal([]byte(js), &m); err != nil {
		t.Fatal(err)
	}
	for k := range m {
		switch k {
		case "config", "seat", "round", "turn", "phase", "hand", "hand_sizes", "rows", "scores", "penalties", "revealed", "chosen", "decision", "waiting", "my_choice", "pending", "winners",
			"piles", "my_play", "face_up", "pool", "first": // variants
		default:
			t.Errorf("view JSON has an unexpected field %q: check it leaks nothing", k)
		}
	}
	if strings.Contains(evjs.String(), jsonOf(h1[0])+"}") && strings.Contains(evjs.String(), `"seat":1,"card"`) {
		t.Errorf("seat 0's event stream shows seat 1's choice: %s", evjs.String())
	}
	for _, e := range g.EventsFor(0, 0) {
		if sc, ok := e.(engine.SeatChose); ok && sc.Card != 0 {
			t.Errorf("seat 0 sees the card of seat %d", sc.Seat)
		}
	}
}
