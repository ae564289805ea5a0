package bots

import "nimmt/engine"

// MC100 is the reference bot: flat Monte Carlo with card counting. For each card in hand (and
// for each row on a row choice) it deals the unseen cards at random to the other seats 100 times,
// plays the rest of the round with every seat choosing uniformly at random, and keeps the option
// with the fewest bullheads on average. It is not offered to players; the Expert is measured
// against it.
type MC100 struct {
	seed     uint64
	Playouts int // playouts per option; 100
}

// Name implements Bot.
func (*MC100) Name() string { return LevelMC100 }

// Decide implements Bot.
func (b *MC100) Decide(v *engine.View) engine.Action {
	if a, ok := variantTurn(v, LevelMC100, b.seed); ok {
		return a
	}
	if v.Decision == nil || (v.Decision.Kind == engine.DecidePlay && len(v.Hand) == 0) {
		return Fallback(v)
	}
	w := newWorld(v)
	cands := w.candidates(v, false)
	r := newRNG(viewSeed(b.seed, v))
	ln := new(lane) // scratch space, so the playouts allocate nothing
	best, bestSum := 0, 1<<62
	for i, c := range cands {
		sum := 0
		for k := 0; k < b.Playouts; k++ {
			ln.st = w.base
			w.deal(&ln.st, &r)
			sum += w.playout(&ln.st, c, playPolicy{}, &r, &ln.fix)
		}
		if sum < bestSum {
			best, bestSum = i, sum
		}
	}
	if w.kind == engine.DecideRow {
		return engine.TakeRow(cands[best].row)
	}
	return engine.PlayCard(cands[best].card)
}
