package engine

import "slices"

// rules are the knobs the variants turn, derived from a Config. The core reads only these.
type rules struct {
	// Not comparable: no equality code in the wasm (#25).
	_          [0]func()
	deckMax    int  // highest card number in play (Tactics: 10×seats+4)
	handSize   int  // cards dealt (or drafted) to each seat per round
	perTurn    int  // cards each seat plays per turn (Nifty 2; Hand: at most 2)
	minPerTurn int  // fewest cards a seat may play per turn (Hand: 1)
	noOne      bool // Open: card 1 is the first-player marker, not a playing card
	bothEnds   bool // Professional: cards go left (descending) or right (ascending)
	sequential bool // Open, Hand: seats play one after another, face up, from the first player
	immediate  bool // Hand: a seat's cards are placed as soon as it plays them
	keep       bool // Hand: a seat taking a row chooses which cards go to its hand
	handScore  bool // Hand: the round ends by hand/pile conditions; cards in hand count double
	order      bool // Nifty: each seat places its cards in the order it chooses
	twins      bool // Double: two copies of the cards; twins stack
	doublets   bool // Double with one deck + the doublets of a second
	draft      bool // Logic, Tournament: hands are drafted from the face-up deck
	rotate     bool // Tournament: the hands drafted in game 1 pass left every game
	halves     bool // TCG: every second round keeps the table and deals the rest of the deck
	games      int  // rounds the game lasts regardless of scores (Tournament, TCG); 0 = by Config
	minSeats   int
	maxSeats   int
}

// HandVariantTurnLimit ends a round of the Hand variant after this many turns even when no hand is
// empty and no pile holds more than 20 cards: an engine safeguard, since players who keep every
// card they take could otherwise play for ever (see docs/variants.md).
const HandVariantTurnLimit = 60

// HandVariantPileLimit: in the Hand variant the round ends after a turn in which a seat holds more
// than this many cards in its pile.
const HandVariantPileLimit = 20

func (c Config) rules() rules {
	r := rules{deckMax: DeckSize, handSize: DefaultHandSize, perTurn: 1, minPerTurn: 1, minSeats: MinSeats, maxSeats: MaxSeats}
	tactics := func() { r.deckMax = 10*c.Seats + 4 }
	switch c.Variant {
	case Tactics:
		tactics()
	case Logic:
		tactics()
		r.draft = true
	case Tournament:
		tactics()
		r.draft, r.rotate, r.games, r.maxSeats = true, true, c.Seats, 5
	case Professional:
		r.bothEnds = true
	case Open:
		// 103 cards without the 1: ten seats would need 104.
		r.noOne, r.sequential, r.maxSeats = true, true, 9
	case Nifty:
		r.handSize, r.perTurn, r.minPerTurn, r.order, r.maxSeats = 14, 2, 2, true, 7
	case HandVariant:
		// 14 cards each and four rows: 7×14+4 = 102 ≤ 104.
		r.handSize, r.perTurn, r.sequential, r.immediate, r.keep, r.handScore, r.maxSeats = 14, 2, true, true, true, true, 7
	case Double:
		r.twins, r.doublets = true, c.Doublets
	case TCG:
		r.halves = true
		r.handSize = min(MaxHand, 100/(2*c.Seats))
		r.games = c.Rounds
		if r.games == 0 {
			r.games = 2
		}
	}
	return r
}

// Copies returns how many physical copies of card number card the configuration's deck holds: 2
// in Double (with Doublets only for 11, 22, … 99), 1 for every other card in play, 0 for a card
// not in play (above Tactics' highest card, Open's 1, outside 1–104).
func (c Config) Copies(card Card) int {
	r := c.rules()
	return r.copies(card)
}

// copies returns how many copies of card c are in play (Config.Copies).
func (r *rules) copies(c Card) int {
	if c < 1 || int(c) > r.deckMax || (r.noOne && c == 1) {
		return 0
	}
	if r.twins && (!r.doublets || (c%11 == 0 && c <= 99)) {
		return 2
	}
	return 1
}

// deck returns every card in play, lowest first (twins adjacent).
func (r *rules) deck() []Card {
	var d []Card
	for c := Card(1); int(c) <= r.deckMax; c++ {
		for i := r.copies(c); i > 0; i-- {
			d = append(d, c)
		}
	}
	return d
}

// draftRound reports whether round (1-based) starts with a draft from the face-up deck.
func (r *rules) draftRound(round int) bool { return r.draft && !(r.rotate && round > 1) }

// countOf returns how many times c occurs in cs.
func countOf(cs []Card, c Card) int {
	n := 0
	for _, x := range cs {
		if x == c {
			n++
		}
	}
	return n
}

// subMultiset reports the first card of sub that cs does not hold often enough, or 0.
func subMultiset(sub, cs []Card) Card {
	for _, c := range sub {
		if countOf(sub, c) > countOf(cs, c) {
			return c
		}
	}
	return 0
}

// removeCards returns cs without one occurrence of each card of del (which it must hold).
func removeCards(cs, del []Card) []Card {
	out := clone(cs)
	for _, c := range del {
		if i := slices.Index(out, c); i >= 0 {
			out = slices.Delete(out, i, i+1)
		}
	}
	return out
}

// dropCards returns cs without one occurrence of each card of del that it holds, or nil when
// nothing is left.
func dropCards(cs, del []Card) []Card {
	out := removeCards(cs, del)
	if len(out) == 0 {
		return nil
	}
	return out
}

// addCards returns the sorted union (with repeats) of cs and add.
func addCards(cs, add []Card) []Card {
	out := append(clone(cs), add...)
	SortCards(out)
	return out
}

// DeckOf returns every card a configuration plays with, lowest first (twins repeated).
func DeckOf(cfg Config) []Card {
	r := cfg.rules()
	return r.deck()
}

// SeatsAllowed returns the fewest and most seats a variant allows.
func SeatsAllowed(v Variant) (lo, hi int) {
	lo, hi = MaxSeats, MinSeats
	for n := MinSeats; n <= MaxSeats; n++ {
		if (Config{Seats: n, Variant: v, EndScore: DefaultEndScore}).Validate() == nil {
			lo, hi = min(lo, n), max(hi, n)
		}
	}
	return lo, hi
}
