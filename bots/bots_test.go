package bots_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"nimmt/bots"
	"nimmt/engine"
)

// views plays random games at the given seat count and returns views of seats with a decision,
// row choices included.
func views(t testing.TB, seats, n int, seed uint64) []engine.View {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	var out []engine.View
	for len(out) < n {
		g, err := engine.NewGame(engine.Config{Seats: seats, Rounds: 1}, r)
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() && len(out) < n {
			s := g.Waiting()[0]
			v := g.View(s)
			if v.Decision.Kind == engine.DecideRow || r.IntN(4) == 0 {
				out = append(out, v)
			}
			var a engine.Action
			if v.Decision.Kind == engine.DecideRow {
				a = engine.TakeRow(r.IntN(engine.NumRows))
			} else {
				a = engine.PlayCard(v.Hand[r.IntN(len(v.Hand))])
			}
			if err := g.Act(s, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

func newBot(t testing.TB, level string, seed uint64) bots.Bot {
	t.Helper()
	switch level {
	case bots.LevelExpert:
		return bots.NewExpert(seed, bots.ExpertOptions{Playouts: 300})
	case bots.LevelHard:
		return bots.NewHard(seed, bots.ExpertOptions{Playouts: 200})
	}
	b, err := bots.New(level, seed)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestLegalEverywhere(t *testing.T) {
	for seats := engine.MinSeats; seats <= engine.MaxSeats; seats++ {
		vs := views(t, seats, 12, uint64(seats))
		rows := 0
		for _, v := range vs {
			if v.Decision.Kind == engine.DecideRow {
				rows++
			}
		}
		for _, level := range bots.AllLevels() {
			b := newBot(t, level, 1)
			if b.Name() != level {
				t.Errorf("New(%q).Name() = %q", level, b.Name())
			}
			for i := range vs {
				v := vs[i]
				if a := b.Decide(&v); !bots.Legal(&v, a) {
					t.Errorf("%s, %d seats, view %d (%s): illegal %+v", level, seats, i, v.Decision.Kind, a)
				}
			}
		}
	}
}

func TestRowChoices(t *testing.T) {
	// Every level answers a row choice with a row, over many random row choices.
	n := 0
	for seats := engine.MinSeats; seats <= engine.MaxSeats; seats += 4 {
		for _, v := range views(t, seats, 60, 99+uint64(seats)) {
			if v.Decision.Kind != engine.DecideRow {
				continue
			}
			n++
			for _, level := range bots.AllLevels() {
				v := v
				if a := newBot(t, level, 2).Decide(&v); a.Kind != engine.DecideRow || !bots.Legal(&v, a) {
					t.Errorf("%s: row choice answered %+v", level, a)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no row choices generated")
	}
}

func TestReproducible(t *testing.T) {
	vs := views(t, 5, 15, 3)
	for _, level := range bots.AllLevels() {
		a, b := newBot(t, level, 42), newBot(t, level, 42)
		for i := range vs {
			v1, v2 := vs[i], vs[i]
			x := a.Decide(&v1)
			b.Decide(&vs[(i+1)%len(vs)]) // history must not matter
			y := b.Decide(&v2)
			if x.Kind != y.Kind || x.Row != y.Row || firstCard(x) != firstCard(y) {
				t.Errorf("%s view %d: %+v then %+v from the same seed", level, i, x, y)
			}
		}
	}
}

func TestExpertWorkersDeterministic(t *testing.T) {
	vs := views(t, 4, 10, 5)
	one := bots.NewExpert(9, bots.ExpertOptions{Playouts: 800, Workers: 1})
	two := bots.NewExpert(9, bots.ExpertOptions{Playouts: 800, Workers: 3})
	for i := range vs {
		v1, v2 := vs[i], vs[i]
		if x, y := one.Decide(&v1), two.Decide(&v2); firstCard(x) != firstCard(y) || x.Row != y.Row {
			t.Errorf("view %d: 1 worker %+v, 3 workers %+v", i, x, y)
		}
	}
}

func TestExpertContext(t *testing.T) {
	v := views(t, 10, 1, 11)[0]
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e := bots.NewExpert(1, bots.ExpertOptions{Playouts: 1 << 30})
	// 2^30 playouts would take hours: the test ending at all shows the search stopped (no
	// wall-clock quota, which a busy machine could exceed).
	if a := e.DecideContext(ctx, &v); !bots.Legal(&v, a) {
		t.Errorf("cancelled decision %+v is illegal", a)
	}
}

func TestNewUnknown(t *testing.T) {
	if _, err := bots.New("grandmaster", 1); err == nil {
		t.Error("New(grandmaster) gave no error")
	}
	want := []string{bots.LevelRandom, bots.LevelBeginner, bots.LevelIntermediate, bots.LevelHard, bots.LevelExpert}
	if got := bots.Levels(); !slices.Equal(got, want) {
		t.Errorf("Levels() = %v, want %v", got, want)
	}
	for _, l := range bots.AllLevels() {
		if b, err := bots.New(l, 1); err != nil || b.Name() != l {
			t.Errorf("New(%q) = %v, %v", l, b, err)
		}
	}
}

func TestAdvise(t *testing.T) {
	for _, v := range views(t, 4, 30, 13) {
		adv := bots.Advise(&v)
		want := len(v.Hand)
		if v.Decision.Kind == engine.DecideRow {
			want = engine.NumRows
		}
		if len(adv) != want {
			t.Fatalf("Advise gave %d options, want %d", len(adv), want)
		}
		for _, a := range adv {
			if a.Bullheads < 0 || a.Bullheads > 40 {
				t.Errorf("advice %+v out of range", a)
			}
		}
	}
}

func firstCard(a engine.Action) engine.Card {
	if len(a.Cards) == 0 {
		return 0
	}
	return a.Cards[0]
}

func TestAdviseKnownTable(t *testing.T) {
	v := engine.View{
		Config:    engine.Config{Seats: 2, EndScore: 66},
		Hand:      []engine.Card{6, 50},
		HandSizes: []int{2, 2},
		Rows:      [engine.NumRows][]engine.Card{{1, 2, 3, 4, 5}, {20}, {30}, {40}},
		Revealed:  []engine.Card{1, 20, 30, 40, 2, 3, 4, 5},
		Decision:  &engine.Decision{Kind: engine.DecidePlay, Count: 1},
	}
	adv := bots.Advise(&v)
	// 6 is the sixth card of row 0 and nothing can come between 5 and 6: it takes 6 bullheads.
	// 50 goes to row 3, which has room for every card the other seat can play: no risk.
	if len(adv) != 2 || adv[0].Card != 6 || adv[0].Bullheads != 6 || adv[0].Row != 0 || adv[1].Bullheads != 0 {
		t.Errorf("Advise = %+v", adv)
	}
	for _, level := range []string{bots.LevelBeginner, bots.LevelIntermediate, bots.LevelHard, bots.LevelExpert, bots.LevelMC100} {
		if a := newBot(t, level, 1).Decide(&v); firstCard(a) != 50 {
			t.Errorf("%s plays %v into a full row", level, a.Cards)
		}
	}
}

// TestHeuristicOddViews: views no legal game shows still get an answer, not a panic.
func TestHeuristicOddViews(t *testing.T) {
	tests := []struct {
		name string
		v    engine.View
	}{
		{"nifty, one card left", engine.View{Config: engine.Config{Seats: 3, Variant: engine.Nifty}, Hand: []engine.Card{5},
			Decision: &engine.Decision{Kind: engine.DecidePlay, Count: 2}}},
		{"nifty, no card", engine.View{Config: engine.Config{Seats: 3, Variant: engine.Nifty},
			Decision: &engine.Decision{Kind: engine.DecidePlay, Count: 2}}},
		{"order without cards", engine.View{Config: engine.Config{Seats: 3, Variant: engine.Nifty},
			Decision: &engine.Decision{Kind: engine.DecideOrder}}},
		{"draft, empty pool", engine.View{Config: engine.Config{Seats: 3, Variant: engine.Logic},
			Decision: &engine.Decision{Kind: engine.DecideDraft}}},
		{"no decision", engine.View{Config: engine.Config{Seats: 3}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_ = bots.Heuristic(&tc.v)
		})
	}
}
