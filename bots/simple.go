package bots

import "nimmt/engine"

// Random plays a legal card at random and takes the cheapest row when its card is too low.
// It is the baseline of the ladder.
type Random struct{ seed uint64 }

// Name implements Bot.
func (*Random) Name() string { return LevelRandom }

// Decide implements Bot.
func (b *Random) Decide(v *engine.View) engine.Action {
	if a, ok := variantTurn(v, LevelRandom, b.seed); ok {
		return a
	}
	if v.Decision == nil || v.Decision.Kind == engine.DecideRow || len(v.Hand) == 0 {
		return Fallback(v)
	}
	r := newRNG(viewSeed(b.seed, v))
	return engine.PlayCard(v.Hand[r.intn(len(v.Hand))])
}

// Beginner plays like a new player: it avoids the obvious sixth card and the card lower than
// every row, and otherwise plays any card, without foresight. When every card is obviously bad it
// plays the one that takes the fewest bullheads now. It takes the cheapest row.
type Beginner struct{ seed uint64 }

// Name implements Bot.
func (*Beginner) Name() string { return LevelBeginner }

// Decide implements Bot.
func (b *Beginner) Decide(v *engine.View) engine.Action {
	if a, ok := variantTurn(v, LevelBeginner, b.seed); ok {
		return a
	}
	if v.Decision == nil || v.Decision.Kind == engine.DecideRow || len(v.Hand) == 0 {
		return Fallback(v)
	}
	var safe []engine.Card
	best, bestCost := v.Hand[0], 1<<30
	for _, c := range v.Hand {
		cost := v.Land(c).Bullheads // a rule-4 card: the cheapest row's
		if cost == 0 {
			safe = append(safe, c)
		}
		if cost < bestCost {
			best, bestCost = c, cost
		}
	}
	if len(safe) == 0 {
		return engine.PlayCard(best)
	}
	r := newRNG(viewSeed(b.seed, v))
	return engine.PlayCard(safe[r.intn(len(safe))])
}
