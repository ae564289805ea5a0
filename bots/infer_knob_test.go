//go:build !js

package bots

import (
	"math"

	"nimmt/engine"
)

// pastTurn is one earlier turn of the round as the table saw it: the rows before it, the cards
// face up before it, and each seat's card (0: none known).
type pastTurn struct {
	st    engine.State // the rows before the turn; hands empty
	seen  cardSet      // every card face up before the turn: the rows' and the earlier turns'
	cards [engine.MaxSeats]engine.Card
	// sim is the simulated model of MC100 the Expert built at its own decision of that turn
	// (nil: none), for the inference's sim mode.
	sim *mcTable
}

// inference weighs a sampled deal by how likely the other seats' plays this round are if they
// held its hands: each seat's hand at an earlier turn is its sampled hand plus the cards it has
// played since, and the chance of the card it played there is the softmax of minus the risk
// policy's cost over that hand at temperature tau, mixed with a uniform choice (share eps) so no
// deal's weight vanishes. A deal's weight is the product over seats and turns of that chance
// times the hand's size: 1 when the plays tell nothing.
type inference struct {
	turns []pastTurn
	tau   float64
	eps   float64
	// model: the chance of a card is the learned model of MC100's (modelW · modelFeatures, the
	// seat counting what it had seen) instead of the softmax of the risk cost.
	model bool
	// sim: the chance of a card is the turn's simulated model of MC100 (pastTurn.sim: a softmax
	// of −d at its temperature), mixed with eps; alpha, when above 0, tempers each factor
	// (factor^alpha).
	sim   bool
	alpha float64
}

// simChance is the chance that the simulated model m draws card c from cards (the softmax of −d
// at its temperature, without its uniform share). It allocates nothing.
func simChance(m *mcTable, cards []engine.Card, c engine.Card) float64 {
	hi := math.Inf(-1)
	for _, x := range cards {
		hi = max(hi, -m.d[x]/m.temp)
	}
	z, mine := 0.0, 0.0
	for _, x := range cards {
		e := math.Exp(-m.d[x]/m.temp - hi)
		z += e
		if x == c {
			mine = e
		}
	}
	return mine / z
}

// weight returns the deal st's weight. It allocates nothing.
func (in *inference) weight(w *world, st *engine.State) float64 {
	wt := 1.0
	var buf [engine.MaxHand]engine.Card
	var cost [engine.MaxHand]float64
	for s := 0; s < w.seats; s++ {
		if s == w.me {
			continue
		}
		h := st.Hands[s]
		for t := len(in.turns) - 1; t >= 0; t-- {
			pt := &in.turns[t]
			c := pt.cards[s]
			if c == 0 || !h.Add(c) {
				continue
			}
			cards := h.Cards(buf[:0])
			n := len(cards)
			if n < 2 {
				continue
			}
			seen := pt.seen
			for _, x := range cards {
				seen.add(x)
			}
			if in.sim && pt.sim != nil {
				f := (1-in.eps)*simChance(pt.sim, cards, c)*float64(n) + in.eps
				if in.alpha > 0 {
					f = math.Pow(f, in.alpha)
				}
				wt *= f
				continue
			}
			if in.model {
				hi, mine := math.Inf(-1), 0.0
				var f [modelK]float64
				for i, x := range cards {
					modelFeatures(&pt.st, x, &seen, i, n, &f)
					v := 0.0
					for k, wk := range modelW {
						v += wk * f[k]
					}
					cost[i] = v
					hi = max(hi, v)
					if x == c {
						mine = v
					}
				}
				z := 0.0
				for i := range cards {
					z += math.Exp(cost[i] - hi)
				}
				wt *= (1-in.eps)*math.Exp(mine-hi)/z*float64(n) + in.eps
				continue
			}
			lo, mine := math.Inf(1), 0.0
			for i, x := range cards {
				cost[i] = float64(riskCost(&pt.st, x, &seen))
				lo = min(lo, cost[i])
				if x == c {
					mine = cost[i]
				}
			}
			z := 0.0
			for i := range cards {
				z += math.Exp((lo - cost[i]) / in.tau)
			}
			p := math.Exp((lo-mine)/in.tau) / z
			wt *= (1-in.eps)*p*float64(n) + in.eps
		}
	}
	return wt
}
