//go:build !js

package bots

import (
	"math"
	"testing"

	"nimmt/engine"
)

// TestSimLaterKnobs: the screen's lt knob draws another seat's later card from the softmax of the
// simulated model's later bullheads less the risk estimate, and slat sheds the card the model
// says is dearest to keep when its weight dominates.
func TestSimLaterKnobs(t *testing.T) {
	w, _ := playoutWorld(t, 4)
	r := newRNG(5)
	m := new(mcTable)
	m.build(w, simNow, simLater/4, &r)
	st := w.base
	w.deal(&st, &r)
	const seat = 1
	cards := st.Hands[seat].Cards(nil)
	want := softmaxOf(cards, func(c engine.Card) float64 { return (m.lat[c] - float64(riskCost(&st, c, &w.seen))) / m.temp })
	const n = 20000
	got := map[engine.Card]int{}
	for k := 0; k < n; k++ {
		got[m.pickLater(&st, seat, &r, &w.seen)]++
	}
	for i, c := range cards {
		if p, q := float64(got[c])/n, want[i]; math.Abs(p-q) > 0.015 {
			t.Errorf("card %d drawn %.3f of the time, want %.3f", c, p, q)
		}
	}
	dearest := cards[0]
	for _, c := range cards {
		if m.lat[c] > m.lat[dearest] {
			dearest = c
		}
	}
	if c := m.pickShed(&st, seat, 0, 1e6, &r, &w.seen); c != dearest {
		t.Errorf("slat sheds %d, want %d (later bullheads %.2f against %.2f)", c, dearest, m.lat[c], m.lat[dearest])
	}
	if a, b := m.pickShed(&st, seat, 0, 0, &r, &w.seen), pick(&st, seat, policyRisk, 0, &r, &w.seen); a != b {
		t.Errorf("slat 0 plays %d, the risk policy %d", a, b)
	}
}
