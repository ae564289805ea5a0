//go:build !js

package bots

// Two knobs of the screen (bots/screen_test.go) carry the simulated model of MC100 (mcsim.go)
// past the decision's own turn; neither was adopted (docs/BOTS.md, eleventh #28 session): lt,
// the other seats' later cards by the model (playPolicy.simTurns), and slat, this seat's later
// cards by its risk policy less the model's later bullheads (playPolicy.selfLat). Left out of
// the browser build, where knobs_js.go stands in.

import "nimmt/engine"

// laterKnobs: the knobs are built in (false in the browser build, which leaves their code out).
const laterKnobs = true

// laterFields holds the screen's knobs of the later turns that need a field of their own: gam,
// when not 0, weighs this seat's bullheads after the decision's turn by gam in a playout's score
// (1: as the bullheads of that turn; below 1 the later turns count less).
// rtie, when 1, breaks the ties of the cheapest row at random when another seat takes a row in
// the decision's own turn (MC100 takes a tied row other than the engine's first about as often as
// the first); 2: in every turn, every seat.
// la, when not 0, plays this seat's later cards by pickLook with weight la.
type laterFields struct {
	gam  float64
	rtie int
	la   float64
	// oe: the chance that this seat's later card is drawn uniformly from its hand instead.
	oe float64
}

func (k *laterFields) gamma() float64 { return k.gam }
func (k *laterFields) rowTie() int    { return k.rtie }

// pickOwnKnob chooses this seat's later card in a playout by the oe or la knob, reporting false
// when neither is set: with chance oe a card of the hand uniformly, else with la set pickLook.
func (p *playPolicy) pickOwnKnob(st *engine.State, seat int, r *rng, seen *cardSet) (engine.Card, bool) {
	if p.oe != 0 && r.float() < p.oe {
		return pick(st, seat, policyRandom, 0, r, nil), true
	}
	if p.la != 0 {
		return pickLook(st, seat, p.noise, p.la, r, seen), true
	}
	return 0, false
}

// pickLook chooses seat's card as the risk policy does, each card's estimate raised by look ×
// the risk it leaves in the hand: the sum of the risk policy's estimates (those above 0) of the
// other cards of the hand on the table with this card placed alone, as if no other seat played.
// A one-step plan: a card whose placement strands the others (below every row, or behind a row
// it fills) costs more than its own estimate says.
func pickLook(st *engine.State, seat int, noise, look float64, r *rng, seen *cardSet) engine.Card {
	var buf [engine.MaxHand]engine.Card
	cards := st.Hands[seat].Cards(buf[:0])
	if len(cards) == 1 {
		return cards[0]
	}
	var after engine.State
	best, bestCost := cards[0], 1e9
	for _, c := range cards {
		after = *st
		after.Place(seat, c, after.CheapestRow())
		left := float32(0)
		for _, x := range cards {
			if x != c {
				left += max(0, riskCost(&after, x, seen))
			}
		}
		cost := float64(riskCost(st, c, seen)) + look*float64(left) + noise*r.float()
		if cost < bestCost {
			best, bestCost = c, cost
		}
	}
	return best
}

// rowKnobs is rowFix's part of the rtie knob: the mode and the playout's generator.
type rowKnobs struct {
	tie int
	r   *rng
}

func (k *rowKnobs) setTie(tie int, r *rng) { k.tie, k.r = tie, r }

// tieRow returns a row drawn uniformly among the cheapest (least bullheads) when the knob is set
// and the seat is not this one in the decision's turn (ChooseRow answers that first).
func (k *rowKnobs) tieRow(s *engine.State, seat int) (int, bool) {
	if k.tie == 0 || k.r == nil {
		return 0, false
	}
	best, n, pick := 1<<30, 0, 0
	for i := range s.Rows {
		b := s.Rows[i].Bullheads()
		switch {
		case b < best:
			best, n, pick = b, 1, i
		case b == best:
			n++
			if k.r.intn(n) == 0 {
				pick = i
			}
		}
	}
	return pick, true
}

// pickLater draws seat's card in a later turn of a playout as MC100 would choose it there: a
// softmax of −(now − later) over its hand at the table's temperature, now by the risk policy's
// one-turn estimate on st (the table's own now holds only at the decision's turn), later from
// the table.
func (m *mcTable) pickLater(st *engine.State, seat int, r *rng, seen *cardSet) engine.Card {
	var buf [engine.MaxHand]engine.Card
	cards := st.Hands[seat].Cards(buf[:0])
	if len(cards) == 1 {
		return cards[0]
	}
	var p [engine.MaxHand]float64
	for i, c := range cards {
		p[i] = (m.lat[c] - float64(riskCost(st, c, seen))) / m.temp
	}
	return drawLogits(cards, &p, r)
}

// pickShed chooses seat's card as the risk policy does (pick) with each card's estimate less
// lat × the bullheads the table says it takes when played later.
func (m *mcTable) pickShed(st *engine.State, seat int, noise, lat float64, r *rng, seen *cardSet) engine.Card {
	var buf [engine.MaxHand]engine.Card
	cards := st.Hands[seat].Cards(buf[:0])
	best, bestCost := cards[0], 1e9
	if len(cards) == 1 {
		return best
	}
	for _, c := range cards {
		cost := float64(riskCost(st, c, seen)) - lat*m.lat[c] + noise*r.float()
		if cost < bestCost {
			best, bestCost = c, cost
		}
	}
	return best
}
