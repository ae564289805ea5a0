//go:build !js

package bots

import "nimmt/engine"

// The Expert's own later cards by a nested search (#28, a knob of the screen, off by default).
// In a playout this seat's cards after the decision's turn are chosen by the risk policy, a
// one-turn estimate. Near the end of a round a playout is short, so when at most playPolicy.nest
// turns remain after the decision, each of this seat's later cards (while it holds two or more)
// is chosen instead by a small search: for each card of its hand, nestN playouts of the rest of
// the round from that point, the other seats' hands dealt anew from the cards it has not seen
// there (never the playout's own deal, which would be clairvoyant), scored on the same deals;
// the cheapest card is played. The nested playouts play this seat by the risk policy.

// nesting reports whether the playouts of a decision with turns turns after its own choose this
// seat's later cards by the nested search: with one turn left its last card is forced.
func (p *playPolicy) nesting(turns int) bool {
	return p.nest > 0 && p.nestN > 0 && turns >= 2 && turns <= p.nest
}

// nestBudget is the root playouts of a decision with turns turns after its own, from budget, the
// playouts it would make without nesting: a nested playout costs its turns plus nestN × h² turns
// at each later turn where this seat holds h ≥ 2 cards, so the root gets budget × nestX × the
// plain playout's turns ÷ the nested one's (nestX 1: the same CPU time as without nesting).
func (p *playPolicy) nestBudget(budget, turns int) int {
	if !p.nesting(turns) {
		return budget
	}
	plain := turns + 1
	cost := plain
	for h := turns; h >= 2; h-- {
		cost += p.nestN * h * h
	}
	x := p.nestX
	if x <= 0 {
		x = 1
	}
	return max(expertLanes, int(float64(budget)*x*float64(plain)/float64(cost)))
}

// nestScratch is the nested search's scratch space.
type nestScratch struct{ dealt, sim engine.State }

// nestPick chooses this seat's card in a playout at st by the nested search; seen is what this
// seat has seen there (its hand and every card played), oseen scratch for the others' policy,
// fix.nest the scratch states (made once per rowFix). It allocates nothing after the first call.
func (w *world) nestPick(st *engine.State, pol playPolicy, r *rng, seen, oseen *cardSet, fix *rowFix) engine.Card {
	var buf [engine.MaxHand]engine.Card
	mine := st.Hands[w.me].Cards(buf[:0])
	if len(mine) < 2 {
		return mine[0]
	}
	// The cards the others may hold, as this seat knows at this point of the playout.
	var pool [engine.DeckSize]engine.Card
	nPool := 0
	for c := engine.Card(1); c <= engine.DeckSize; c++ {
		if seen[c>>6]&(1<<(c&63)) == 0 {
			pool[nPool] = c
			nPool++
		}
	}
	inner := pol
	inner.nest = 0
	var sums [engine.MaxHand]int
	if fix.nest == nil {
		fix.nest = new(nestScratch)
	}
	dealt, sim := &fix.nest.dealt, &fix.nest.sim
	for d := 0; d < pol.nestN; d++ {
		*dealt = *st
		k := 0
		for s := 0; s < w.seats; s++ {
			if s == w.me {
				continue
			}
			h := &dealt.Hands[s]
			size := h.Len()
			h.Clear()
			for j := 0; j < size && k < nPool; j++ {
				i := k + r.intn(nPool-k)
				pool[k], pool[i] = pool[i], pool[k]
				h.Add(pool[k])
				k++
			}
		}
		ps := r.next()
		for i, c := range mine {
			*sim = *dealt
			pr := newRNG(ps)
			sums[i] += w.nestRun(sim, c, inner, &pr, seen, oseen)
		}
	}
	best := 0
	for i := range mine {
		if sums[i] < sums[best] {
			best = i
		}
	}
	return mine[best]
}

// nestRun plays card c for this seat now on st and the rest of the round by pol (this seat by
// pol.self), the others' cards of this turn chosen without seeing c, and returns the bullheads
// this seat takes.
func (w *world) nestRun(st *engine.State, c engine.Card, pol playPolicy, r *rng, seen0, oseen *cardSet) int {
	before := st.Penalty[w.me]
	seen := *seen0
	var cards [engine.MaxSeats]engine.Card
	for first := true; st.Hands[w.me].Len() > 0; first = false {
		for s := 0; s < w.seats; s++ {
			switch {
			case s != w.me:
				cards[s] = w.pickOther(st, s, pol, r, &seen, oseen)
			case first:
				cards[s] = c
			default:
				cards[s] = pick(st, s, pol.self, pol.noise, r, &seen)
			}
		}
		st.PlayTurn(&cards, nil)
		for _, x := range cards[:w.seats] {
			seen.add(x)
		}
	}
	return int(st.Penalty[w.me] - before)
}
