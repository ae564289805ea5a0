package engine

import "math/rand/v2"

// RandomAction returns a uniformly random legal answer to the view's decision, in every variant:
// a random card (or cards) of the hand, a random row, a random card of the draft pool, a random
// first card for Nifty's order, a random subset of taken cards to keep (within the hand limit).
// It is for tests, fuzzing and tools; bots have their own policies. A view with no decision gets
// the zero Action, which the game rejects.
func RandomAction(v *View, r *rand.Rand) Action {
	d := v.Decision
	if d == nil {
		return Action{}
	}
	switch d.Kind {
	case DecideRow:
		return TakeRow(r.IntN(NumRows))
	case DecideDraft:
		if len(v.Pool) > 0 {
			return DraftCard(v.Pool[r.IntN(len(v.Pool))])
		}
	case DecideOrder:
		if len(d.Cards) > 0 {
			return PlaceFirst(d.Cards[r.IntN(len(d.Cards))])
		}
	case DecideKeep:
		var keep []Card
		for _, c := range d.Cards {
			if len(v.Hand)+len(keep) < MaxHand && r.IntN(2) == 0 {
				keep = append(keep, c)
			}
		}
		return KeepCards(keep...)
	case DecidePlay:
		n := d.Count
		if d.Min > 0 {
			n = d.Min + r.IntN(d.Count-d.Min+1)
		}
		if n < 1 || n > len(v.Hand) {
			break
		}
		if n == 1 {
			return PlayCard(v.Hand[r.IntN(len(v.Hand))])
		}
		cs := make([]Card, 0, n)
		for _, i := range r.Perm(len(v.Hand))[:n] {
			cs = append(cs, v.Hand[i])
		}
		return PlayCards(cs...)
	}
	return Action{}
}
