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
	best := mcBest(w, cands, b.Playouts, &r, new(lane))
	if w.kind == engine.DecideRow {
		return engine.TakeRow(cands[best].row)
	}
	return engine.PlayCard(cands[best].card)
}

// mcBest is MC100's choice on w: the index of the option of cands with the fewest bullheads
// summed over n playouts each, every playout dealing the unseen cards anew and playing the rest
// of the round at random; ln is scratch space, so the playouts allocate nothing.
func mcBest(w *world, cands []candidate, n int, r *rng, ln *lane) int {
	best, bestSum := 0, 1<<62
	for i, c := range cands {
		sum := 0
		for k := 0; k < n; k++ {
			ln.st = w.base
			w.deal(&ln.st, r)
			sum += w.playout(&ln.st, c, playPolicy{}, r, &ln.fix)
		}
		if sum < bestSum {
			best, bestSum = i, sum
		}
	}
	return best
}
