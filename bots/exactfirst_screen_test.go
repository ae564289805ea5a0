//go:build screen

package bots

import (
	"nimmt/engine"
)

// flatBot is a measuring player of the screen, never a level (bot=flat): the Expert's search
// without successive halving — D sampled deals a decision, K playouts of every option on each —
// with the other seats' cards of the present turn drawn in each deal either from the simulated
// model (src=sim, the Expert's) or by MC100 itself deciding on the deal (src=exact: MC100 run on
// the seat's view of the sampled deal, its own hand dealt, so the draw is exactly MC100's
// distribution for that hand). The two arms measure what a perfect model of MC100's present
// turn would add to the simulated one (ninth #28 session).
type flatBot struct {
	e      *Expert
	exact  bool
	k      int
	budget int
}

func (b *flatBot) Name() string { return "flat" }

func (b *flatBot) Decide(v *engine.View) engine.Action {
	if v.Decision == nil || v.Decision.Kind != engine.DecidePlay || len(v.Hand) < 2 || v.Config.Variant != engine.Basic {
		return b.e.Decide(v)
	}
	w := newWorld(v)
	cands := w.candidates(v, true)
	seed := viewSeed(b.e.seed, v)
	pol := b.e.policy(w.seats)
	if !b.exact {
		w.sim = new(mcTable)
		r := newRNG(mix(seed, simSalt))
		w.sim.build(w, simNow, simLater/w.seats, &r)
	}
	deals := max(1, b.budget/(b.k*len(cands)))
	sums := make([]int, len(cands))
	r := newRNG(mix(seed, 7))
	var dealt, st engine.State
	var first [engine.MaxSeats]engine.Card
	var fix rowFix
	mc := new(mcDraw)
	for d := 0; d < deals; d++ {
		dealt = w.base
		w.deal(&dealt, &r)
		fr := newRNG(r.next() ^ firstSalt)
		if b.exact {
			for s := 0; s < w.seats; s++ {
				if s != w.me {
					first[s] = mc.pick(w, &dealt, s, &fr)
				}
			}
		} else {
			w.firstCards(&dealt, pol, &fr, &first)
		}
		fix.first = &first
		for k := 0; k < b.k; k++ {
			ps := r.next()
			for i, c := range cands {
				st = dealt
				pr := newRNG(ps)
				sums[i] += w.playout(&st, c, pol, &pr, &fix)
			}
		}
	}
	best := 0
	for i := range sums {
		if sums[i] < sums[best] {
			best = i
		}
	}
	return engine.PlayCard(cands[best].card)
}

// mcDraw is MC100's decision on a sampled deal as seat s sees it: its hand the dealt one, the
// cards it has not seen (every other hand, this seat's among them, and the undealt) dealt again at
// random for each of its 100 playouts per card: MC100's own choice (mcBest) on that view.
type mcDraw struct {
	w     world
	ln    lane // scratch of mcBest
	cands []candidate
}

func (m *mcDraw) pick(w *world, dealt *engine.State, s int, r *rng) engine.Card {
	o := &m.w
	*o = world{kind: engine.DecidePlay, me: s, seats: w.seats, basic: true, turns: w.turns}
	o.base = *dealt
	for t := 0; t < w.seats; t++ {
		if t != s {
			o.base.Hands[t].Clear()
			o.sizes[t] = w.turns + 1
		}
	}
	for c := 1; c <= engine.DeckSize; c++ {
		o.seen.add(engine.Card(c))
	}
	hs := &dealt.Hands[s]
	add := func(c engine.Card) {
		if !hs.Has(c) {
			o.unseen[o.nU] = c
			o.nU++
			o.seen.remove(c)
		}
	}
	for _, c := range w.unseen[:w.nU] {
		add(c)
	}
	var buf [engine.MaxHand]engine.Card
	for _, c := range w.base.Hands[w.me].Cards(buf[:0]) {
		add(c)
	}
	m.cands = m.cands[:0]
	for _, c := range hs.Cards(buf[:0]) {
		m.cands = append(m.cands, candidate{c, -1})
	}
	return m.cands[mcBest(o, m.cands, 100, r, &m.ln)].card
}
