package bots

import (
	"cmp"
	"context"
	"slices"
	"sync/atomic"

	"nimmt/engine"
)

// The Expert's search in the variants whose turns the fast path cannot play (Nifty, Hand,
// Double) or places wrongly (Professional): flat determinized Monte Carlo on engine.Game. For each
// sampled determinization of the view (engine.Determinize: the hidden cards dealt at random to the
// other seats) every candidate answer is played to the end of the round — this seat then answering
// by Heuristic, the other seats at random, as the basic search models them (measured in the arena,
// docs/variants.md: random others beat Heuristic others with 10% noise in all four variants) —
// and scored by the bullheads this seat takes in the round, in Hand including its cards left in
// hand, counted double. Candidates share the determinizations (common random numbers) and are
// pruned by successive halving.

// DefaultVariantBudget sets the node budget of the Expert's variant search: DefaultVariantBudget
// divided by the seats, playouts of one candidate to the end of the round, per decision.
const DefaultVariantBudget = 1200

// variantCandidates is the most candidates the variant search keeps for one decision, after
// a cheap pre-ranking.
const variantCandidates = 8

// gameSearched reports whether the Expert answers v's decision with the variant search.
func gameSearched(v *engine.View) bool {
	d := v.Decision
	if d == nil {
		return false
	}
	switch v.Config.Variant {
	case engine.Nifty, engine.HandVariant, engine.Double, engine.Professional:
	default:
		return false
	}
	switch d.Kind {
	case engine.DecidePlay:
		return len(v.Hand) > 0
	case engine.DecideRow, engine.DecideOrder, engine.DecideKeep:
		return true
	}
	return false
}

// rankedAction is a candidate with its pre-ranking cost (lower is better).
type rankedAction struct {
	a    engine.Action
	cost float64
}

// gameCandidates lists the answers the variant search compares: every card (Double,
// Professional), every row, both orders; Nifty's pairs, Hand's cards and pairs and Hand's keep
// sets pre-ranked by a one-step cost and cut to the best variantCandidates. Heuristic's answer is
// always among them.
func gameCandidates(v *engine.View) []engine.Action {
	d := v.Decision
	var rs []rankedAction
	add := func(a engine.Action, cost float64) { rs = append(rs, rankedAction{a, cost}) }
	switch d.Kind {
	case engine.DecideRow:
		for r := 0; r < engine.NumRows; r++ {
			add(engine.TakeRow(r), 0)
		}
	case engine.DecideOrder:
		for _, c := range d.Cards {
			add(engine.PlaceFirst(c), 0)
		}
	case engine.DecideKeep:
		n := len(d.Cards)
		for mask := 0; mask < 1<<n; mask++ {
			var keep []engine.Card
			pile := 0
			for i, c := range d.Cards {
				if mask&(1<<i) != 0 {
					keep = append(keep, c)
				} else {
					pile += c.Bullheads()
				}
			}
			if len(v.Hand)+len(keep) > engine.MaxHand {
				continue
			}
			// Kept cards leave the pile but count double if still held at the end of the round.
			add(engine.KeepCards(keep...), float64(pile)+0.5*float64(engine.SumBullheads(keep))+0.3*float64(len(keep)))
		}
	case engine.DecidePlay:
		risk := newRiskModel(v)
		step := newStepper(v)
		for i, a := range v.Hand {
			if i > 0 && v.Hand[i-1] == a {
				continue // a twin (Double): the same answer
			}
			if d.Count == 1 || d.Min == 1 {
				add(engine.PlayCard(a), risk.cost(a)+float64(step.cost(a)))
			}
			if d.Count < 2 {
				continue
			}
			for _, b := range v.Hand[i+1:] {
				if b == a {
					continue
				}
				cost := risk.cost(a) + risk.cost(b)
				if d.Min == 0 { // Nifty: the seat chooses the order when it places them
					cost += 0.5 * float64(min(step.cost(a, b), step.cost(b, a)))
				} else { // Hand: placed lowest first; a second card empties the hand sooner
					cost += float64(step.cost(a, b)) - 0.5
				}
				add(engine.PlayCards(a, b), cost)
			}
		}
	}
	sortStable(rs, func(x, y rankedAction) int { return cmp.Compare(x.cost, y.cost) })
	out := make([]engine.Action, 0, variantCandidates+1)
	for _, r := range rs[:min(len(rs), variantCandidates)] {
		out = append(out, r.a)
	}
	if h := Heuristic(v); !slices.ContainsFunc(out, func(a engine.Action) bool { return sameAction(a, h) }) {
		out = append(out, h)
	}
	return out
}

// sameAction reports whether two answers are the same (cards compared in any order).
func sameAction(a, b engine.Action) bool {
	if a.Kind != b.Kind || a.Row != b.Row || len(a.Cards) != len(b.Cards) {
		return false
	}
	x, y := slices.Clone(a.Cards), slices.Clone(b.Cards)
	engine.SortCards(x)
	engine.SortCards(y)
	return slices.Equal(x, y)
}

// gameSearch answers v's decision by the variant search.
func (e *Expert) gameSearch(ctx context.Context, v *engine.View) engine.Action {
	cands := gameCandidates(v)
	if len(cands) == 1 {
		return cands[0]
	}
	budget := e.opt.Playouts
	if budget <= 0 {
		budget = e.vbudget(v.Config.Seats)
	}
	s := &gameSearcher{v: v, me: v.Seat, pool: v.HiddenPool(), sizes: v.HiddenSizes(), cands: cands,
		seed: viewSeed(e.seed, v), workers: e.opt.Workers}
	need := 0
	for _, n := range s.sizes {
		if n < 0 {
			need = len(s.pool) + 1
			break
		}
		need += n
	}
	if need > len(s.pool) {
		return Heuristic(v) // a view no game can show: nothing to search
	}
	r := newRNG(s.seed)
	if _, err := engine.Determinize(v, s.deal(&r)); err != nil {
		return Heuristic(v) // a view no game can show: nothing to search
	}
	return cands[s.run(ctx, budget)]
}

// gameSearcher is one decision's variant search.
type gameSearcher struct {
	v       *engine.View
	me      int
	pool    []engine.Card // the cards the hidden hands are drawn from
	sizes   []int         // the hidden cards of each seat
	cands   []engine.Action
	seed    uint64
	workers int
	samples int // determinizations drawn so far
}

// run spends budget playouts by successive halving and returns the index of the best candidate.
func (s *gameSearcher) run(ctx context.Context, budget int) int {
	n := len(s.cands)
	sums := make([]int64, n)
	alive, rounds := halving(n)
	byScore := func(a, b int) int { return cmp.Compare(sums[a], sums[b]) }
	for round := 0; round < rounds && len(alive) > 1; round++ {
		deals := max(2, budget/(rounds-round)/len(alive))
		budget -= deals * len(alive)
		if !s.score(ctx, alive, deals, sums) {
			break
		}
		sortStable(alive, byScore)
		alive = alive[:(len(alive)+1)/2]
	}
	sortStable(alive, byScore)
	return alive[0]
}

// score plays every alive candidate on deals new determinizations and adds the bullheads to sums.
// It reports false, adding nothing, when ctx ends first.
func (s *gameSearcher) score(ctx context.Context, alive []int, deals int, sums []int64) bool {
	res := make([]int, deals*len(alive))
	first := s.samples
	s.samples += deals
	var stopped atomic.Bool
	run := func(j int) {
		r := newRNG(mix(s.seed, uint64(first+j)))
		hidden := s.deal(&r)
		ps := r.next()
		for k, i := range alive {
			if ctx.Err() != nil {
				stopped.Store(true)
				return
			}
			pr := newRNG(ps)
			res[j*len(alive)+k] = s.playout(s.cands[i], hidden, &pr)
			yieldToPage()
		}
	}
	fanOut(min(s.workers, deals), deals, func(j int) {
		if !stopped.Load() {
			run(j)
		}
	})
	if stopped.Load() {
		return false
	}
	for j := 0; j < deals; j++ {
		for k, i := range alive {
			sums[i] += int64(res[j*len(alive)+k])
		}
	}
	return true
}

// deal draws the hidden hands of one determinization.
func (s *gameSearcher) deal(r *rng) [][]engine.Card {
	deck := slices.Clone(s.pool)
	hidden := make([][]engine.Card, len(s.sizes))
	k := 0
	for seat, n := range s.sizes {
		for j := 0; j < n; j++ {
			i := k + r.intn(len(deck)-k)
			deck[k], deck[i] = deck[i], deck[k]
			k++
		}
		hidden[seat] = deck[k-n : k : k]
	}
	return hidden
}

// refused is the score of a candidate the game refuses (none should be: they are built legal).
const refused = 1000

// playout plays answer a on the determinization hidden to the end of the round and returns the
// bullheads this seat takes in the round from the view on (Hand: with its hand counted double).
func (s *gameSearcher) playout(a engine.Action, hidden [][]engine.Card, r *rng) int {
	g, err := engine.Determinize(s.v, hidden) // checked on one deal by gameSearch; all are alike
	if err != nil || g.Act(s.me, a) != nil {
		return refused
	}
	for steps := 0; ; steps++ {
		w := g.Waiting()
		if len(w) == 0 || g.Phase() == engine.PhaseDeal || g.Over() || steps > 10000 {
			break
		}
		seat := w[0]
		v := g.View(seat)
		var act engine.Action
		if seat == s.me {
			act = Heuristic(&v)
		} else {
			act = randomAnswer(&v, r.next())
		}
		if g.Act(seat, act) != nil && g.Act(seat, Fallback(&v)) != nil {
			break
		}
	}
	return g.Scores()[s.me] - s.v.Scores[s.me]
}
