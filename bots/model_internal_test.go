//go:build !js

package bots

import (
	"math"
	"testing"
)

// TestPickModelFollowsSoftmax: the model policy draws each card of a hand with the softmax
// probability of modelW · modelFeatures, not uniformly.
func TestPickModelFollowsSoftmax(t *testing.T) {
	w, _ := playoutWorld(t, 4)
	r := newRNG(5)
	st := w.base
	w.deal(&st, &r)
	seen := w.seen
	cards := st.Hands[1].Cards(nil)
	for _, c := range cards {
		seen.add(c)
	}
	want := make([]float64, len(cards))
	sum := 0.0
	for i, c := range cards {
		var f [modelK]float64
		modelFeatures(&st, c, &seen, i, len(cards), &f)
		for k := range f {
			want[i] += modelW[k] * f[k]
		}
		want[i] = math.Exp(want[i])
		sum += want[i]
	}
	far := 0.0
	for i := range want {
		want[i] /= sum
		far = max(far, math.Abs(want[i]-1/float64(len(cards))))
	}
	if far < 0.05 {
		t.Fatalf("the model is about uniform on this hand (%v): the test cannot tell", want)
	}
	const n = 40000
	got := map[int]int{}
	for k := 0; k < n; k++ {
		c := pickModel(&st, 1, &r, &seen)
		got[int(c)]++
	}
	for i, c := range cards {
		if p := float64(got[int(c)]) / n; math.Abs(p-want[i]) > 0.015 {
			t.Errorf("card %d drawn %.3f of the time, want %.3f", c, p, want[i])
		}
	}
}
