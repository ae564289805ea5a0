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
