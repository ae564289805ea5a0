package engine

// The turn order — who drafts, plays and starts next, and when a round ends — is derived here
// once, for the game (Game) and for the views that follow it from events (View.apply): a variant
// with another order changes these functions only.

// turnOrder is where a round's turn order stands: the turn (1-based), the seat that plays (or
// drafts) first in it, and the seat whose turn it is (Open, Hand, drafts).
type turnOrder struct{ turn, first, current int }

// nextSeat returns the seat after seat, clockwise, at a table of n: the next to draft, and in
// Open and Hand the next to play.
func nextSeat(seat, n int) int { return (seat + 1) % n }

// firstSeat returns the seat that drafts or plays first in round (1-based) at a table of n: seat
// 0, and in the variants where seats take turns (Open, Hand, drafts) the seat after the last
// round's first.
func (r *rules) firstSeat(round, n int) int {
	if r.sequential || r.draft {
		return (round - 1) % n
	}
	return 0
}

// afterTurn returns the turn order once every card of the turn o was placed, or over when the
// round ends there. hand and pile return a seat's hand size and pile size now (cards, not
// bullheads). In Hand the turn is a seat's: the next seat plays, and the turn number rises once
// every seat has; the round ends after a whole turn in which a hand emptied, a pile grew past
// HandVariantPileLimit, or the engine's turn limit was reached. Otherwise the round ends when the
// hands are empty, and in Open the first player moves one seat on.
func (r *rules) afterTurn(o turnOrder, n int, hand, pile func(seat int) int) (next turnOrder, over bool) {
	if r.immediate {
		o.current = nextSeat(o.current, n)
		if o.current != o.first {
			return o, false
		}
		if o.turn >= HandVariantTurnLimit {
			return o, true
		}
		for s := 0; s < n; s++ {
			if hand(s) == 0 || pile(s) > HandVariantPileLimit {
				return o, true
			}
		}
		o.turn++
		return o, false
	}
	if hand(0) == 0 {
		return o, true
	}
	o.turn++
	if r.sequential {
		o.first = nextSeat(o.first, n)
		o.current = o.first
	}
	return o, false
}
