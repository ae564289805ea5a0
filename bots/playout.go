package bots

import (
	"math/bits"

	"nimmt/engine"
)

// candidate is one option of a decision: a card to play (and, when the card is lower than every
// row, the row to take if it is still the lowest card when placed), or a row to take.
type candidate struct {
	card engine.Card
	row  int // the row taken by rule 4; -1: the cheapest row
}

// world is what a search knows at a decision: the table as this seat sees it and the cards it
// has not seen, which it deals at random to the other seats for each playout (determinization).
type world struct {
	// Not comparable: no equality code in the wasm (#25).
	_      [0]func()
	kind   engine.DecisionKind
	me     int
	seats  int
	base   engine.State // the rows and this seat's hand; other hands empty
	unseen [engine.DeckSize]engine.Card
	nU     int
	seen   cardSet              // the cards this seat has seen: its hand and every card revealed
	sizes  [engine.MaxSeats]int // cards to deal to each seat (0 for this seat)
	turns  int                  // turns still to play after the current decision's turn
	low    engine.Card          // DecideRow: this seat's card that is too low
	queue  [engine.MaxSeats]engine.Play
	nq     int // DecideRow: the other plays of the turn still to place
	// basic: every seat is dealt its hand at random and plays the basic turn — the basic game,
	// Tactics and TCG — where the models of MC100 hold (modelFirst).
	basic bool
	// fixed are, in Open, the cards other seats have played face up this turn (0: none): they
	// play them in the first turn of every playout and are dealt the rest of their hands.
	fixed [engine.MaxSeats]engine.Card
	// known, when set, are the other seats' true hands, dealt as they are (the clairvoyant).
	known *[engine.MaxSeats]engine.Hand
	// sim, when set, is the simulated model of MC100's card in the decision's own turn
	// (playPolicy.simFirst), built by the search.
	sim *mcTable
	// weigh, when set, weighs each sampled deal (inference.weight in infer_knob_test.go, a knob
	// of the screen: the game never sets it).
	weigh func(st *engine.State) float64
}

// know makes the world deal the true hands: hands[s] is seat s's hand (this seat's is ignored).
func (w *world) know(hands [][]engine.Card) {
	w.known = new([engine.MaxSeats]engine.Hand)
	for s := 0; s < w.seats && s < len(hands); s++ {
		if s != w.me {
			for _, c := range hands[s] {
				w.known[s].Add(c)
			}
		}
	}
}

func newWorld(v *engine.View) *world {
	w := &world{kind: v.Decision.Kind, me: v.Seat, seats: v.Config.Seats, base: v.Table(), basic: dealtBasic(v.Config.Variant)}
	for c := 1; c <= engine.DeckSize; c++ {
		w.seen.add(engine.Card(c))
	}
	// The cards that can be in other hands: the unseen ones less Open's face-up plays.
	for _, c := range v.HiddenPool() {
		w.unseen[w.nU] = c
		w.nU++
		w.seen.remove(c)
	}
	for s := 0; s < w.seats; s++ {
		if s != w.me {
			w.sizes[s] = v.HandSizes[s]
		}
	}
	w.turns = len(v.Hand)
	if w.kind == engine.DecidePlay {
		w.turns--
		for _, p := range v.FaceUp {
			if p.Seat != w.me && p.Seat < w.seats && w.sizes[p.Seat] > 0 {
				w.fixed[p.Seat] = p.Card
				w.sizes[p.Seat]--
			}
		}
	} else {
		w.low = v.Decision.Card
		for _, p := range v.Pending {
			if p.Seat != w.me || p.Card != w.low {
				w.queue[w.nq] = p
				w.nq++
			}
		}
	}
	return w
}

// dealtBasic reports whether in variant every hand is dealt at random and played by the basic
// turn, so that the Expert's model of MC100's present turn holds: against MC100 it took fewer
// bullheads in Tactics and TCG as in the basic game, and more in Logic and Tournament, whose
// hands are drafted (docs/BOTS.md, ninth #28 session).
func dealtBasic(v engine.Variant) bool {
	return v == engine.Basic || v == engine.Tactics || v == engine.TCG
}

// candidates lists the options of the decision.
func (w *world) candidates(v *engine.View, rowChoices bool) []candidate {
	var out []candidate
	if w.kind == engine.DecideRow {
		for r := 0; r < engine.NumRows; r++ {
			out = append(out, candidate{w.low, r})
		}
		return out
	}
	for _, c := range v.Hand {
		if rowChoices && w.base.Target(c) < 0 {
			for r := 0; r < engine.NumRows; r++ {
				out = append(out, candidate{c, r})
			}
			continue
		}
		out = append(out, candidate{c, -1})
	}
	return out
}

// deal fills the other seats' hands of st with a uniformly random share of the unseen cards.
func (w *world) deal(st *engine.State, r *rng) {
	if w.known != nil {
		for s := 0; s < w.seats; s++ {
			if s != w.me {
				st.Hands[s] = w.known[s]
			}
		}
		return
	}
	deck := w.unseen
	k := 0
	for s := 0; s < w.seats; s++ {
		h := &st.Hands[s]
		if s == w.me {
			continue
		}
		h.Clear()
		for j := 0; j < w.sizes[s]; j++ {
			i := k + r.intn(w.nU-k)
			deck[k], deck[i] = deck[i], deck[k]
			h.Add(deck[k])
			k++
		}
		if c := w.fixed[s]; c != 0 {
			h.Add(c)
		}
	}
}

// policy chooses the cards of the seats in a playout.
type policy uint8

const (
	policyRandom policy = iota // uniformly random cards (MC100)
	policyRisk                 // the cheapest card by the risk estimate, with noise (Expert's own cards)
	// policySafe: a random card, drawn again (up to safeTries draws in all) while the one drawn
	// obviously takes a row now — a sixth card, or a card below every row — as MC100 avoids.
	policySafe
	// policyModel: a card drawn from the learned model of MC100 (pickModel), counting the cards
	// as that seat sees them; as this seat's own policy (self), from the learned model of the
	// Expert's own decisions (pickSelf).
	policyModel
)

// playPolicy is how a playout chooses: the other seats by opp, this seat after the decision by
// self, with noise added to the risk policy's estimates.
type playPolicy struct {
	// Not comparable: no equality code in the wasm (#25).
	_         [0]func()
	opp, self policy
	noise     float64
	// oppNoise is the noise of the other seats' risk policy (opp policyRisk).
	oppNoise float64
	// horizon, when above 0, ends a playout that many turns after the decision's turn, scoring
	// the hand left by leaf × handRisk.
	horizon int
	leaf    float64
	// oppOwn: the other seats' risk policy counts the cards as that seat sees them (its own hand
	// seen, this seat's hand unseen) instead of as this seat does.
	oppOwn bool
	// safeTries is the number of draws of the other seats' safe policy (opp policySafe).
	safeTries int
	// nest, nestN and nestX: when at most nest turns follow the decision's, this seat's later
	// cards in a playout are chosen by a nested search of nestN playouts a card, the root's
	// budget scaled by nestX (bots/nested.go); nest 0: never.
	nest, nestN int
	nestX       float64
	// rel, when not 0, scores a playout relative to the others: this seat's bullheads less rel ×
	// the mean of the bullheads the other seats take from the decision on.
	rel float64
	// selfGen picks the weights of the learned model of this seat's own decisions when self is
	// policyModel (selfWeights, bots/selfmodel.go; a knob of the screen): 0 selfW.
	selfGen int
	// modelFirst: where hands are dealt at random and play the basic turn (world.basic: the
	// basic game, Tactics and TCG), the other seats' cards in the decision's own turn are drawn
	// from a model of MC100 (firstCards), once a deal; in the later turns they play opp.
	modelFirst bool
	// simFirst: with modelFirst, that model is simulated at the decision (mcTable, built once a
	// search; the Expert's default) instead of learned (modelW, a knob of the screen).
	simFirst bool
	// simTurns: in the first simTurns turns after the decision's the other seats play the
	// simulated model of MC100 carried on (mcTable.pickLater) when the search built it; 0: opp.
	simTurns int
	// selfLat: this seat's risk policy in its later turns weighs each card's estimate less
	// selfLat × the bullheads the simulated model says it takes when played later (mcTable.lat),
	// when the search built it: a card dangerous to keep is shed sooner. 0: the risk policy.
	selfLat float64
}

// rowFix answers rule 4 in a playout: seat takes row fixed in the first turn, and the cheapest
// row otherwise.
type rowFix struct {
	seat, row int
	active    bool
	// nest is the nested search's scratch, made on its first use (a search's lanes keep theirs).
	nest *nestScratch
	// first, when set, are the other seats' cards in the decision's own turn (firstCards), the
	// same for every candidate of a deal.
	first *[engine.MaxSeats]engine.Card
}

// firstCards fills out with the other seats' cards in the decision's own turn on the dealt
// state st: Open's face-up cards, else drawn from the simulated model of MC100 (w.sim) when the
// search built it, from the learned one (pickModel) when not. The others choose before they see
// this seat's card, so one draw serves every candidate of a deal.
func (w *world) firstCards(st *engine.State, pol playPolicy, r *rng, out *[engine.MaxSeats]engine.Card) {
	seen := w.seen
	var oseen cardSet
	pol.opp = policyModel
	for s := 0; s < w.seats; s++ {
		switch {
		case s == w.me:
			out[s] = 0
		case w.fixed[s] != 0:
			out[s] = w.fixed[s]
		case w.sim != nil:
			out[s] = w.sim.pick(st, s, r)
		default:
			out[s] = w.pickOther(st, s, pol, r, &seen, &oseen)
		}
	}
}

// ChooseRow implements engine.RowChooser.
func (f *rowFix) ChooseRow(s *engine.State, seat int, c engine.Card) int {
	if f.active && seat == f.seat && f.row >= 0 {
		return f.row
	}
	return s.CheapestRow()
}

// playout plays candidate cand from st (whose hands are all dealt) to the end of the round and
// returns the bullheads this seat takes from here on, in hundredths (less pol.rel × the other
// seats' mean when pol.rel is set). It allocates nothing.
func (w *world) playout(st *engine.State, cand candidate, pol playPolicy, r *rng, fix *rowFix) int {
	before := st.Penalty
	var cards [engine.MaxSeats]engine.Card
	seen := w.seen
	var oseen cardSet // scratch for seenBy
	if w.kind == engine.DecideRow {
		st.Place(w.me, w.low, cand.row)
		for _, p := range w.queue[:w.nq] {
			st.Place(p.Seat, p.Card, st.CheapestRow())
		}
	} else {
		for s := 0; s < w.seats; s++ {
			switch {
			case s == w.me:
				cards[s] = cand.card
			case w.fixed[s] != 0:
				cards[s] = w.fixed[s]
			case fix.first != nil:
				cards[s] = fix.first[s]
			default:
				cards[s] = w.pickOther(st, s, pol, r, &seen, &oseen)
			}
		}
		fix.seat, fix.row, fix.active = w.me, cand.row, true
		st.PlayTurn(&cards, fix)
		for _, c := range cards[:w.seats] {
			seen.add(c)
		}
	}
	turns := w.turns
	if pol.horizon > 0 {
		turns = min(turns, pol.horizon)
	}
	nested := pol.nesting(w.turns)
	for t := 0; t < turns; t++ {
		for s := 0; s < w.seats; s++ {
			if s == w.me {
				if nested && st.Hands[s].Len() >= 2 {
					cards[s] = w.nestPick(st, pol, r, &seen, &oseen, fix)
					continue
				}
				if laterKnobs && pol.selfLat != 0 && w.sim != nil {
					cards[s] = w.sim.pickShed(st, s, pol.noise, pol.selfLat, r, &seen)
					continue
				}
				cards[s] = pol.pickSelf(st, s, r, &seen)
			} else if laterKnobs && t < pol.simTurns && w.sim != nil {
				cards[s] = w.sim.pickLater(st, s, r, &seen)
			} else {
				cards[s] = w.pickOther(st, s, pol, r, &seen, &oseen)
			}
		}
		st.PlayTurn(&cards, nil)
		for _, c := range cards[:w.seats] {
			seen.add(c)
		}
	}
	score := 100 * int(st.Penalty[w.me]-before[w.me])
	if pol.rel != 0 && w.seats > 1 {
		others := 0
		for s := 0; s < w.seats; s++ {
			if s != w.me {
				others += int(st.Penalty[s] - before[s])
			}
		}
		score -= int(pol.rel * float64(100*others) / float64(w.seats-1))
	}
	if turns < w.turns && pol.leaf > 0 {
		score += int(pol.leaf * 100 * handRisk(st, w.me, &seen))
	}
	return score
}

// handRisk is the sum of the risk policy's cost of each card of seat's hand on the table st: how
// dangerous the hand left at a playout's horizon is.
func handRisk(st *engine.State, seat int, seen *cardSet) float64 {
	var buf [engine.MaxHand]engine.Card
	total := float32(0)
	for _, c := range st.Hands[seat].Cards(buf[:0]) {
		total += max(0, riskCost(st, c, seen))
	}
	return float64(total)
}

// seenBy returns the cards seat s has seen in a playout, as far as its risk policy counts them:
// seen (this seat's) itself unless pol.oppOwn or the model policy, else with this seat's hand
// taken out and s's put in.
func (w *world) seenBy(seen *cardSet, st *engine.State, s int, pol playPolicy, o *cardSet) *cardSet {
	if pol.opp != policyModel && (!pol.oppOwn || pol.opp != policyRisk) {
		return seen
	}
	*o = *seen
	var buf [engine.MaxHand]engine.Card
	for _, c := range st.Hands[w.me].Cards(buf[:0]) {
		o.remove(c)
	}
	for _, c := range st.Hands[s].Cards(buf[:0]) {
		o.add(c)
	}
	return o
}

// pickOther chooses the card of seat s, another seat than this one, in a playout.
func (w *world) pickOther(st *engine.State, s int, pol playPolicy, r *rng, seen, oseen *cardSet) engine.Card {
	if pol.opp == policySafe {
		return pickSafe(st, s, pol.safeTries, r)
	}
	if pol.opp == policyModel {
		return pickModel(st, s, r, w.seenBy(seen, st, s, pol, oseen))
	}
	return pick(st, s, pol.opp, pol.oppNoise, r, w.seenBy(seen, st, s, pol, oseen))
}

// pickSafe draws a random card of seat's hand, up to tries times in all while the card drawn
// would take a row now if no other card came before it: one below every row, or a sixth card.
func pickSafe(st *engine.State, seat, tries int, r *rng) engine.Card {
	h := &st.Hands[seat]
	n := h.Len()
	c := h.At(r.intn(n))
	for t := 1; t < tries && n > 1; t++ {
		if row := st.Target(c); row >= 0 && st.Rows[row].Len() < engine.RowLimit {
			break
		}
		c = h.At(r.intn(n))
	}
	return c
}

// pick chooses seat's card in a playout.
func pick(st *engine.State, seat int, pol policy, noise float64, r *rng, seen *cardSet) engine.Card {
	h := &st.Hands[seat]
	if pol == policyRandom {
		return h.At(r.intn(h.Len()))
	}
	var buf [engine.MaxHand]engine.Card
	cards := h.Cards(buf[:0])
	if len(cards) == 1 {
		return cards[0]
	}
	best, bestCost := cards[0], float32(1e9)
	for _, c := range cards {
		cost := riskCost(st, c, seen) + float32(noise*r.float())
		if cost < bestCost {
			best, bestCost = c, cost
		}
	}
	return best
}

// riskCost is the risk policy's estimate of the bullheads card c takes if played now on st, less
// Intermediate's small tie-break.
func riskCost(st *engine.State, c engine.Card, seen *cardSet) float32 {
	m := st.Seats - 1
	unseen := max(1, engine.DeckSize-seen.len())
	t := st.Target(c)
	if t < 0 {
		return tabLow[m][1+seen.unseenIn(1, int(c)-1)*100/unseen] * float32(st.Rows[st.CheapestRow()].Bullheads())
	}
	row := &st.Rows[t]
	// The chance that another seat's card falls between the row's last card and c is the share
	// of the unseen cards there; the tables take it in hundredths.
	gap := min(engine.DeckSize, seen.unseenIn(int(row.Last())+1, int(c)-1)*100/unseen)
	free := engine.RowLimit - row.Len()
	cost := tabTake[m][free][gap] * (float32(row.Bullheads()) + float32(free)*1.5)
	// Intermediate's tie-break: among safe cards, play the one most dangerous to keep.
	return cost - (0.02*float32(row.Len()) + 0.003*float32(gap))
}

// The playout policy's tables, for m other seats: tabLow[m][c] is the chance that none of them
// plays below c, tabTake[m][free][gap] the chance that exactly free of them play into a gap of
// gap cards (none when free is 0), taking each card of the deck as equally likely.
var tabLow, tabTake = func() (low [engine.MaxSeats][engine.DeckSize + 1]float32, take [engine.MaxSeats][engine.RowLimit + 1][engine.DeckSize + 1]float32) {
	const density = 100.0
	for m := 1; m < engine.MaxSeats; m++ {
		for c := 1; c <= engine.DeckSize; c++ {
			low[m][c] = float32(binom(m, 0, min(1, float64(c-1)/density)))
		}
		for free := 0; free <= engine.RowLimit; free++ {
			for gap := 0; gap <= engine.DeckSize; gap++ {
				take[m][free][gap] = float32(binom(m, free, min(1, float64(gap)/density)))
			}
		}
	}
	return low, take
}()

// cardSet is a set of cards as a bitset.
type cardSet [2]uint64

func (s *cardSet) add(c engine.Card)    { s[c>>6] |= 1 << (c & 63) }
func (s *cardSet) remove(c engine.Card) { s[c>>6] &^= 1 << (c & 63) }
func (s *cardSet) len() int             { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// unseenIn counts the cards lo..hi (1 ≤ lo, hi ≤ 104) not in the set.
func (s *cardSet) unseenIn(lo, hi int) int {
	if hi < lo {
		return 0
	}
	n := hi - lo + 1
	for w := 0; w < 2; w++ {
		a, b := max(lo, 64*w), min(hi, 64*w+63)
		if a > b {
			continue
		}
		width := b - a + 1
		var mask uint64
		if width == 64 {
			mask = ^uint64(0)
		} else {
			mask = (uint64(1)<<width - 1) << (a - 64*w)
		}
		n -= bits.OnesCount64(s[w] & mask)
	}
	return n
}
