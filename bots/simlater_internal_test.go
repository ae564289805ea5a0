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

// TestLaterFieldKnobs: the screen's gam knob weighs a playout's bullheads after the decision's
// turn by gam (0 and 1 score as the default), and rtie draws another seat's row uniformly among
// the cheapest, never a dearer one.
func TestLaterFieldKnobs(t *testing.T) {
	w, cands := playoutWorld(t, 4)
	base := playPolicy{opp: policyRandom, self: policyRisk, noise: 0.3}
	score := func(gam float64, seed uint64, cand candidate) int {
		pol := base
		pol.gam = gam
		r := newRNG(seed)
		st := w.base
		w.deal(&st, &r)
		var fix rowFix
		return w.playout(&st, cand, pol, &r, &fix)
	}
	later := 0
	for seed := uint64(1); seed < 200; seed++ {
		for _, c := range cands {
			s1, s0, sh, s2 := score(1, seed, c), score(1e-9, seed, c), score(0.5, seed, c), score(2, seed, c)
			if def := score(0, seed, c); def != s1 {
				t.Fatalf("seed %d card %d: gam 0 scores %d, gam 1 %d", seed, c.card, def, s1)
			}
			if s2 != s0+2*(s1-s0) || sh != s0+(s1-s0)/2 {
				t.Fatalf("seed %d card %d: scores %d (gam 1), %d (~0), %d (0.5), %d (2): not the decision's turn plus gam × the rest", seed, c.card, s1, s0, sh, s2)
			}
			if s1 != s0 {
				later++
			}
		}
	}
	if later == 0 {
		t.Fatal("no playout took a bullhead after the decision's turn: the check saw nothing")
	}

	var st engine.State
	st.Seats = 4
	st.SetRows([engine.NumRows]engine.Card{3, 40, 21, 55}) // bullheads 1, 3, 1, 7
	var fix rowFix
	if _, ok := fix.tieRow(&st, 1); ok {
		t.Fatal("rtie off draws a row")
	}
	r := newRNG(3)
	fix.setTie(1, &r)
	got := map[int]int{}
	const n = 10000
	for k := 0; k < n; k++ {
		row, ok := fix.tieRow(&st, 1)
		if !ok {
			t.Fatal("rtie on draws no row")
		}
		got[row]++
	}
	if got[1]+got[3] != 0 || math.Abs(float64(got[0])/n-0.5) > 0.02 {
		t.Errorf("rows drawn %v: want rows 0 and 2 (one bullhead each) half the time each", got)
	}
	if row := fix.ChooseRow(&st, 1, 1); row != 0 && row != 2 {
		t.Errorf("ChooseRow with rtie took row %d", row)
	}
}

// TestPickLook: the screen's la knob plays the risk policy's card at weight 0 and, at a weight
// that dominates, the card that leaves the least risk in the hand once placed.
func TestPickLook(t *testing.T) {
	w, _ := playoutWorld(t, 4)
	r := newRNG(9)
	checked := 0
	for k := 0; k < 50; k++ {
		st := w.base
		w.deal(&st, &r)
		seat := 1 + k%3
		if a, b := pickLook(&st, seat, 0, 0, &r, &w.seen), pick(&st, seat, policyRisk, 0, &r, &w.seen); a != b {
			t.Fatalf("deal %d: la 0 plays %d, the risk policy %d", k, a, b)
		}
		cards := st.Hands[seat].Cards(nil)
		left := func(c engine.Card) float32 {
			after := st
			after.Place(seat, c, after.CheapestRow())
			sum := float32(0)
			for _, x := range cards {
				if x != c {
					sum += max(0, riskCost(&after, x, &w.seen))
				}
			}
			return sum
		}
		got := pickLook(&st, seat, 0, 1e6, &r, &w.seen)
		for _, c := range cards {
			if left(c) < left(got)-1e-3 {
				t.Fatalf("deal %d: la 1e6 plays %d leaving %.3f, but %d leaves %.3f", k, got, left(got), c, left(c))
			}
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
}

// TestPickOwnKnob: with oe 1 this seat's later card is uniform over its hand; with neither knob
// set the risk policy plays (false); with la set, pickLook's card.
func TestPickOwnKnob(t *testing.T) {
	w, _ := playoutWorld(t, 4)
	r := newRNG(11)
	st := w.base
	w.deal(&st, &r)
	var pol playPolicy
	if _, ok := pol.pickOwnKnob(&st, 0, &r, &w.seen); ok {
		t.Fatal("no knob set, yet a card")
	}
	pol.oe = 1
	cards := st.Hands[0].Cards(nil)
	got := map[engine.Card]int{}
	const n = 20000
	for k := 0; k < n; k++ {
		c, ok := pol.pickOwnKnob(&st, 0, &r, &w.seen)
		if !ok {
			t.Fatal("oe 1, yet no card")
		}
		got[c]++
	}
	for _, c := range cards {
		if p := float64(got[c]) / n; math.Abs(p-1/float64(len(cards))) > 0.015 {
			t.Errorf("card %d drawn %.3f of the time, want %.3f", c, p, 1/float64(len(cards)))
		}
	}
	pol.oe, pol.la = 0, 1e6
	r2 := r
	if c, _ := pol.pickOwnKnob(&st, 0, &r, &w.seen); c != pickLook(&st, 0, 0, 1e6, &r2, &w.seen) {
		t.Errorf("la set plays %d, not pickLook's card", c)
	}
}

// BenchmarkPlayoutLook4 is an Expert playout at 4 seats with the screen's la knob (pickLook for
// its own later cards); BenchmarkPlayoutExpert4 is the same without.
func BenchmarkPlayoutLook4(b *testing.B) {
	pol := NewExpert(1, ExpertOptions{}).pol
	pol.la = 0.5
	benchPlayout(b, 4, pol)
}
