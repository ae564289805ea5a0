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
