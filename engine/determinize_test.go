package engine_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"nimmt/engine"
)

// hiddenOf returns the true hidden hands of seat me's view of g: each other seat's hand less the
// cards the view knows.
func hiddenOf(g *engine.Game, v *engine.View) [][]engine.Card {
	out := make([][]engine.Card, g.Config().Seats)
	for s := range out {
		if s == v.Seat {
			continue
		}
		h := g.View(s).Hand
		for _, c := range v.Known(s) {
			i := slices.Index(h, c)
			h = slices.Delete(h, i, i+1)
		}
		out[s] = h
	}
	return out
}

// TestDeterminizeTrueHands: the game built from a seat's view and the true hidden hands, after
// the seats that chose unseen cards choose them again, shows every seat the same view as the
// original game, and stays equal to it — views, events, scores — while both play the original's
// actions to the end of the round. Every variant, the fewest, a middle and the most seats, a view
// taken at many points of random games.
//
// Size: per variant configuration, the fewest and the most seats in make test, and the middle
// count too in make test-long; 3 seats with -short. One parallel subtest per configuration.
func TestDeterminizeTrueHands(t *testing.T) {
	t.Parallel()
	for k, base := range variantConfigs() {
		t.Run(fmt.Sprintf("%d-%v", k, base.Variant), func(t *testing.T) {
			t.Parallel()
			lo, hi := seatRange(base.Variant)
			sizes := []int{lo, hi}
			switch {
			case long():
				sizes = []int{lo, (lo + hi) / 2, hi}
			case testing.Short():
				sizes = []int{max(lo, 3)}
			}
			for _, seats := range slices.Compact(sizes) {
				cfg := base
				cfg.Seats = seats
				checkDeterminize(t, cfg, uint64(77*seats)+uint64(base.Variant))
			}
		})
	}
}

func checkDeterminize(t *testing.T, cfg engine.Config, seed uint64) {
	t.Helper()
	r := rng(seed)
	g, err := engine.NewGame(cfg, r)
	if err != nil {
		t.Fatal(err)
	}
	tried := 0
	for step := 0; !g.Over(); step++ {
		if g.Phase() != engine.PhaseDeal && step%5 == 0 {
			me := g.Waiting()[r.IntN(len(g.Waiting()))]
			if step%3 == 0 {
				me = r.IntN(cfg.Seats)
			}
			if sameRound(t, g, me, r) {
				tried++
			}
		}
		seat, a := randomAction(g, r)
		if err := g.Act(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	if tried < 3 {
		t.Fatalf("%v seats %d: only %d views determinized", cfg.Variant, cfg.Seats, tried)
	}
}

// sameRound determinizes seat me's view of g with the true hands and plays the rest of the round
// on a copy of g and on the determinized game, checking that they agree. It reports false when
// the view cannot be determinized (another seat's keep choice is due).
func sameRound(t *testing.T, g0 *engine.Game, me int, r *rand.Rand) bool {
	t.Helper()
	g, err := engine.Replay(g0.Record(), nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := g.Config()
	v := g.View(me)
	d, err := engine.Determinize(&v, hiddenOf(g, &v))
	if v.Phase == engine.PhaseKeep && v.Waiting[0] != me {
		if !errors.Is(err, engine.ErrViewPhase) {
			t.Fatalf("%v: keep of another seat: err %v", cfg.Variant, err)
		}
		return false
	}
	if err != nil {
		t.Fatalf("%v seats %d seat %d phase %v: %v", cfg.Variant, cfg.Seats, me, v.Phase, err)
	}
	for s := 0; s < cfg.Seats; s++ {
		if s != me && v.Chosen[s] && len(v.FaceUp) == 0 && v.Phase == engine.PhaseChoose {
			if err := d.PlayCards(s, g.View(s).MyPlay); err != nil {
				t.Fatalf("re-choose seat %d: %v", s, err)
			}
		}
	}
	from, dFrom := g.EventCount(), d.EventCount()
	round := g.Round()
	for step := 0; ; step++ {
		for s := -1; s < cfg.Seats; s++ {
			if got, want := norm(d.View(s)), norm(g.View(s)); got != want {
				t.Fatalf("%v seats %d seat %d step %d: view of %d\n%s\nwant\n%s", cfg.Variant, cfg.Seats, me, step, s, got, want)
			}
		}
		if g.Phase() == engine.PhaseDeal || g.Over() || g.Round() != round {
			break
		}
		seat, a := randomAction(g, r)
		if err := g.Act(seat, a); err != nil {
			t.Fatal(err)
		}
		if err := d.Act(seat, a); err != nil {
			t.Fatalf("%v step %d: determinized game rejects %+v: %v", cfg.Variant, step, a, err)
		}
		if g.Round() != round {
			break
		}
	}
	ge, de := g.EventsSince(from), d.EventsSince(dFrom)
	if n := min(len(ge), len(de)); jsonOf(ge[:n]) != jsonOf(de[:n]) || len(de) < len(ge)-1 {
		t.Fatalf("%v: events\n%s\nwant\n%s", cfg.Variant, jsonOf(de), jsonOf(ge))
	}
	if g.Round() != round && !slices.Equal(d.Scores(), g.Scores()) {
		t.Fatalf("%v: scores %v want %v", cfg.Variant, d.Scores(), g.Scores())
	}
	return true
}

// TestDeterminizeRejects: malformed hidden hands and views are rejected with a DeterminizeError.
func TestDeterminizeRejects(t *testing.T) {
	g, err := engine.NewGame(engine.DefaultConfig(3), rng(5))
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(0)
	good := hiddenOf(g, &v)
	seen := v.Hand[0]
	tests := []struct {
		name   string
		edit   func(h [][]engine.Card, v *engine.View) [][]engine.Card
		want   error
		seat   int
		wantOK bool
	}{
		{"true hands", func(h [][]engine.Card, _ *engine.View) [][]engine.Card { return h }, nil, 0, true},
		{"too few seats", func(h [][]engine.Card, _ *engine.View) [][]engine.Card { return h[:2] }, engine.ErrHiddenSeats, -1, false},
		{"own hand given", func(h [][]engine.Card, v *engine.View) [][]engine.Card { h[0] = v.Hand; return h }, engine.ErrHiddenOwn, 0, false},
		{"short hand", func(h [][]engine.Card, _ *engine.View) [][]engine.Card { h[1] = h[1][1:]; return h }, engine.ErrHiddenSize, 1, false},
		{"card in own hand", func(h [][]engine.Card, _ *engine.View) [][]engine.Card { h[2][0] = seen; return h }, engine.ErrHiddenCard, 2, false},
		{"card given twice", func(h [][]engine.Card, _ *engine.View) [][]engine.Card { h[2][0] = h[1][0]; return h }, engine.ErrHiddenCard, 2, false},
		{"card out of deck", func(h [][]engine.Card, _ *engine.View) [][]engine.Card { h[1][0] = 105; return h }, engine.ErrHiddenCard, 1, false},
		{"row card", func(h [][]engine.Card, v *engine.View) [][]engine.Card { h[1][0] = v.Rows[0][0]; return h }, engine.ErrHiddenCard, 1, false},
		{"game over", func(h [][]engine.Card, v *engine.View) [][]engine.Card { v.Phase = engine.PhaseOver; return h }, engine.ErrViewPhase, -1, false},
		{"bad seat", func(h [][]engine.Card, v *engine.View) [][]engine.Card { v.Seat = 7; return h }, engine.ErrViewMalformed, 7, false},
		{"hand sizes differ", func(h [][]engine.Card, v *engine.View) [][]engine.Card { v.HandSizes[2]--; h[2] = h[2][1:]; return h }, engine.ErrViewMalformed, 0, false},
		{"face-up seat 40", func(h [][]engine.Card, v *engine.View) [][]engine.Card {
			v.FaceUp = append(v.FaceUp, engine.Play{Seat: 40, Card: 104})
			return h
		}, engine.ErrViewMalformed, 40, false},
		{"pending seat -1", func(h [][]engine.Card, v *engine.View) [][]engine.Card {
			v.Pending = append(v.Pending, engine.Play{Seat: -1, Card: 104})
			return h
		}, engine.ErrViewMalformed, -1, false},
		{"waiting seat 9", func(h [][]engine.Card, v *engine.View) [][]engine.Card { v.Waiting = []int{9}; return h }, engine.ErrViewMalformed, 9, false},
		{"first seat 12", func(h [][]engine.Card, v *engine.View) [][]engine.Card { v.First = 12; return h }, engine.ErrViewMalformed, 12, false},
		{"hand size", func(h [][]engine.Card, v *engine.View) [][]engine.Card { v.Hand = v.Hand[1:]; return h }, engine.ErrViewMalformed, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := g.View(0)
			h := tc.edit(cloneHands(good), &w)
			before := snapshot(g)
			d, err := engine.Determinize(&w, h)
			if snapshot(g) != before {
				t.Fatal("Determinize changed the game")
			}
			if tc.wantOK {
				if err != nil || d == nil {
					t.Fatalf("err %v", err)
				}
				return
			}
			var de *engine.DeterminizeError
			if !errors.As(err, &de) || !errors.Is(err, tc.want) || de.Seat != tc.seat || !contains(err.Error(), "determinize") {
				t.Fatalf("err %v (%#v), want %v at seat %d", err, de, tc.want, tc.seat)
			}
			if d != nil {
				t.Fatal("game returned with an error")
			}
		})
	}
	if _, err := engine.Determinize(&engine.View{Config: engine.Config{Seats: 1}}, nil); err == nil {
		t.Fatal("bad config accepted")
	}
}

func cloneHands(h [][]engine.Card) [][]engine.Card {
	out := make([][]engine.Card, len(h))
	for i := range h {
		out[i] = slices.Clone(h[i])
	}
	return out
}

// TestDeterminizeSampledHands: hands drawn at random from HiddenPool with HiddenSizes are
// accepted in every variant, and the game built plays its round to the end legally.
func TestDeterminizeSampledHands(t *testing.T) {
	for _, base := range variantConfigs() {
		lo, _ := seatRange(base.Variant)
		cfg := base
		cfg.Seats = max(lo, 4)
		r := rng(uint64(cfg.Variant) + 9)
		g, err := engine.NewGame(cfg, r)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; !g.Over() && step < 400; step++ {
			if step%9 == 0 && g.Phase() != engine.PhaseDeal {
				me := g.Waiting()[0]
				v := g.View(me)
				pool := v.HiddenPool()
				r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
				hidden := make([][]engine.Card, cfg.Seats)
				for s, n := range v.HiddenSizes() {
					hidden[s], pool = pool[:n:n], pool[n:]
				}
				d, err := engine.Determinize(&v, hidden)
				if err != nil {
					t.Fatalf("%v step %d: %v", cfg.Variant, step, err)
				}
				for k := 0; d.Phase() != engine.PhaseDeal && !d.Over(); k++ {
					if k > 10000 {
						t.Fatalf("%v: determinized round does not end", cfg.Variant)
					}
					seat, a := randomAction(d, r)
					if err := d.Act(seat, a); err != nil {
						t.Fatalf("%v: %v", cfg.Variant, err)
					}
				}
			}
			seat, a := randomAction(g, r)
			if err := g.Act(seat, a); err != nil {
				t.Fatal(err)
			}
		}
	}
}
