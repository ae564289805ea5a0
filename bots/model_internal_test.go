//go:build !js

package bots

import (
	"math"
	"testing"

	"nimmt/engine"
)

// TestPickModelFollowsSoftmax: the model policy draws each card of a hand with the softmax
// probability of modelW · modelFeatures, not uniformly; and this seat's own model policy
// (pickSelf with self policyModel) with that of selfW.
func TestPickModelFollowsSoftmax(t *testing.T) {
	self := playPolicy{self: policyModel, noise: 0.02}
	for _, tc := range []struct {
		name string
		seat int
		w    *[modelK]float64
		draw func(st *engine.State, r *rng, seen *cardSet) engine.Card
	}{
		{"modelW, another seat", 1, &modelW, func(st *engine.State, r *rng, seen *cardSet) engine.Card { return pickModel(st, 1, r, seen) }},
		{"selfW, this seat", 0, &selfW, func(st *engine.State, r *rng, seen *cardSet) engine.Card { return self.pickSelf(st, 0, r, seen) }},
	} {
		w, _ := playoutWorld(t, 4)
		r := newRNG(5)
		st := w.base
		w.deal(&st, &r)
		seen := w.seen
		cards := st.Hands[tc.seat].Cards(nil)
		for _, c := range cards {
			seen.add(c)
		}
		want := modelWant(t, tc.name, &st, cards, &seen, tc.w)
		const n = 40000
		got := map[int]int{}
		for k := 0; k < n; k++ {
			got[int(tc.draw(&st, &r, &seen))]++
		}
		for i, c := range cards {
			if p := float64(got[int(c)]) / n; math.Abs(p-want[i]) > 0.015 {
				t.Errorf("%s: card %d drawn %.3f of the time, want %.3f", tc.name, c, p, want[i])
			}
		}
	}
}

// TestFirstCardsFollowModel: the Expert's playouts draw the other seats' cards of the decision's
// own turn (firstCards) from the learned model of MC100 over each seat's dealt hand, counting the
// cards as that seat sees them, not uniformly; this seat's own slot stays empty.
func TestFirstCardsFollowModel(t *testing.T) {
	w, _ := playoutWorld(t, 4)
	pol := NewExpert(1, ExpertOptions{}).pol
	if !pol.modelFirst {
		t.Fatal("the Expert's playouts do not draw the others' first cards from the model")
	}
	r := newRNG(5)
	st := w.base
	w.deal(&st, &r)
	const seat = 1
	seen := w.seen
	var mine [engine.MaxHand]engine.Card
	for _, c := range st.Hands[w.me].Cards(mine[:0]) {
		seen.remove(c)
	}
	cards := st.Hands[seat].Cards(nil)
	for _, c := range cards {
		seen.add(c)
	}
	want := modelWant(t, "modelW, another seat's first card", &st, cards, &seen, &modelW)
	const n = 40000
	got := map[engine.Card]int{}
	var out [engine.MaxSeats]engine.Card
	for k := 0; k < n; k++ {
		w.firstCards(&st, pol, &r, &out)
		if out[w.me] != 0 {
			t.Fatalf("firstCards gave this seat card %d", out[w.me])
		}
		got[out[seat]]++
	}
	for i, c := range cards {
		if p := float64(got[c]) / n; math.Abs(p-want[i]) > 0.015 {
			t.Errorf("card %d drawn %.3f of the time, want %.3f", c, p, want[i])
		}
	}
}

// modelWant returns the probability of each card of cards by the softmax of w · modelFeatures on
// st as seen, and stops the test (name) when they are about uniform or certain: it could not
// tell a draw by the model from another then.
func modelWant(t *testing.T, name string, st *engine.State, cards []engine.Card, seen *cardSet, w *[modelK]float64) []float64 {
	t.Helper()
	want := make([]float64, len(cards))
	sum := 0.0
	for i, c := range cards {
		var f [modelK]float64
		modelFeatures(st, c, seen, i, len(cards), &f)
		for k := range f {
			want[i] += w[k] * f[k]
		}
		want[i] = math.Exp(want[i])
		sum += want[i]
	}
	far, top := 0.0, 0.0
	for i := range want {
		want[i] /= sum
		far = max(far, math.Abs(want[i]-1/float64(len(cards))))
		top = max(top, want[i])
	}
	if far < 0.05 || top > 0.9 {
		t.Fatalf("%s: the model is about uniform or certain on this hand (%v): the test cannot tell", name, want)
	}
	return want
}
