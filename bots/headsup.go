package bots

import (
	"math"

	"nimmt/engine"
)

// Heads-up play (2 seats, basic rules). With one opponent the risk of a card this turn is almost
// always zero, so the 3+-seat risk model cannot tell the cards apart; what matters is what the
// turn does to the rest of the hand. For each card the Intermediate plays the turn against every
// unseen card as the opponent's (each equally likely) and scores the bullheads it takes plus
// the danger left in its remaining hand (stranded cards below every row, cards headed for a full
// row). A decision is one pass over hand × unseen cards: tens of microseconds, no allocation
// beyond the view's unseen list.

// Weights of the heads-up evaluation, tuned against Beginner (-players 2 -games 2000 -seed 5):
// stranded cards count the cheapest row once, since the lowest of them restarts a row the
// others can follow (0.5: -0.76, 0.75: -1.00, 1.0: -0.78, 1.5: -0.24 bullheads/round against
// Beginner); a card headed for a full row counts half its bullheads (0.25: -0.58, 1.0: -0.69).
// Counting each further stranded card, or the target row's length, made it worse.
const (
	huLow  = 0.75
	huFull = 0.5
)

func headsUp(v *engine.View) engine.Card {
	st := v.Table()
	me, opp := v.Seat, 1-v.Seat
	unseen := v.Unseen()
	var hand [engine.DeckSize]engine.Card
	n := copy(hand[:], v.Hand)
	best, bestScore := hand[0], math.Inf(1)
	for i := 0; i < n; i++ {
		c := hand[i]
		total := 0.0
		for _, o := range unseen {
			s := st
			took := 0
			if o < c {
				s.Place(opp, o, s.CheapestRow())
				_, took = s.Place(me, c, s.CheapestRow())
			} else {
				_, took = s.Place(me, c, s.CheapestRow())
				s.Place(opp, o, s.CheapestRow())
			}
			total += float64(took) + handDanger(&s, hand[:n], c)
		}
		if len(unseen) > 0 {
			total /= float64(len(unseen))
		}
		if total < bestScore {
			best, bestScore = c, total
		}
	}
	return best
}

// handDanger scores the hand (without the card played) on table s.
func handDanger(s *engine.State, hand []engine.Card, played engine.Card) float64 {
	d := 0.0
	low := 0
	for _, h := range hand {
		if h == played {
			continue
		}
		t := s.Target(h)
		if t < 0 {
			low++
			continue
		}
		r := &s.Rows[t]
		if r.Full() {
			d += huFull * float64(r.Bullheads())
		}
	}
	if low > 0 {
		d += huLow * float64(s.Rows[s.CheapestRow()].Bullheads())
	}
	return d
}
