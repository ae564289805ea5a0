package bots

import (
	"math"
	"slices"

	"nimmt/engine"
)

// The variants (docs/variants.md). The bots' own searches and risk models are built for the
// basic rules: one card per seat per turn, placed after the row ending just below it. They still
// play the variants whose turns look like that (Tactics, Logic and Tournament once drafted, Open,
// TCG), where their model is an approximation. In Nifty, Hand, Double and Professional the Expert
// searches on the engine's own rules instead (vsearch.go) for every decision but a draft. Every
// other decision — a draft, Nifty's two cards and their order, Hand's one or two cards and what to
// keep, and every decision of Double, whose twins the fast path cannot hold — is answered by
// Heuristic, which simulates the variant's own placement rules one step ahead (MC100 and the
// Intermediate use a risk model for Double's cards and Nifty's pairs, as below).

// variantTurn returns the variant answer of a bot of the given level when its own logic does not
// apply to v: Random answers at random (legally), Intermediate uses its own risk model for
// Double's one-card turns, MC100 the risk model for Double's cards and Nifty's pairs, and
// otherwise every level uses Heuristic. (The Expert asks only for what its variant search does
// not answer.)
func variantTurn(v *engine.View, level string, seed uint64) (engine.Action, bool) {
	d := v.Decision
	if d == nil {
		return engine.Action{}, false
	}
	switch v.Config.Variant {
	case engine.Double, engine.HandVariant, engine.Nifty:
		if level == LevelIntermediate && v.Config.Variant == engine.Double && d.Kind == engine.DecidePlay {
			return engine.Action{}, false
		}
		if (level == LevelExpert || level == LevelMC100) && d.Kind == engine.DecidePlay && len(v.Hand) > 0 {
			switch v.Config.Variant {
			case engine.Double:
				return (&Intermediate{}).Decide(v), true
			case engine.Nifty:
				return riskPair(v), true
			}
		}
	default:
		if d.Kind == engine.DecidePlay || d.Kind == engine.DecideRow {
			return engine.Action{}, false
		}
	}
	if level == LevelRandom {
		return randomAnswer(v, seed), true
	}
	return Heuristic(v), true
}

// riskPair chooses Nifty's two cards by the Intermediate's risk model of each card plus the
// bullheads the pair takes on the current table in its better order.
func riskPair(v *engine.View) engine.Action {
	risk := newRiskModel(v)
	step := newStepper(v)
	best, bs := []engine.Card{v.Hand[0], v.Hand[1]}, math.Inf(1)
	for i, a := range v.Hand {
		for _, b := range v.Hand[i+1:] {
			sc := risk.cost(a) + risk.cost(b) + 0.5*float64(min(step.cost(a, b), step.cost(b, a)))
			if sc < bs {
				best, bs = []engine.Card{a, b}, sc
			}
		}
	}
	return engine.PlayCards(best...)
}

// randomAnswer is a uniformly random legal answer (the cheapest row for a row choice, as the
// Random bot takes in the basic game).
func randomAnswer(v *engine.View, seed uint64) engine.Action {
	d := v.Decision
	r := newRNG(viewSeed(seed, v))
	switch d.Kind {
	case engine.DecideDraft:
		if len(v.Pool) > 0 {
			return engine.DraftCard(v.Pool[r.intn(len(v.Pool))])
		}
	case engine.DecideOrder:
		if len(d.Cards) > 0 {
			return engine.PlaceFirst(d.Cards[r.intn(len(d.Cards))])
		}
	case engine.DecideKeep:
		var keep []engine.Card
		for _, c := range d.Cards {
			if len(v.Hand)+len(keep) < engine.MaxHand && r.intn(2) == 0 {
				keep = append(keep, c)
			}
		}
		return engine.KeepCards(keep...)
	case engine.DecidePlay:
		n := d.Count
		if d.Min > 0 {
			n = d.Min + r.intn(d.Count-d.Min+1)
		}
		if n < 1 || n > len(v.Hand) {
			break
		}
		h := slices.Clone(v.Hand)
		for i := 0; i < n; i++ { // partial shuffle
			j := i + r.intn(len(h)-i)
			h[i], h[j] = h[j], h[i]
		}
		cs := h[:n]
		if n == 2 && cs[0] == cs[1] { // twins in hand: play one
			cs = cs[:1]
			if d.Min == 0 {
				return Fallback(v)
			}
		}
		return engine.PlayCards(cs...)
	}
	return Fallback(v)
}

// Heuristic answers any decision of any variant legally with one step of look-ahead: it plays the
// card (or pair of cards, in the better order) that takes the fewest bullheads on the current
// table by the variant's placement rules, takes the cheapest row, drafts the card with the fewest
// bullheads nearest the middle of the pool, and keeps taken one-bullhead cards while its hand is
// small.
func Heuristic(v *engine.View) engine.Action {
	d := v.Decision
	if d == nil {
		return Fallback(v)
	}
	switch d.Kind {
	case engine.DecideRow:
		return engine.TakeRow(engine.CheapestRow(&v.Rows))
	case engine.DecideDraft:
		if len(v.Pool) == 0 {
			return Fallback(v)
		}
		mid := v.Pool[len(v.Pool)/2]
		best := v.Pool[0]
		score := func(c engine.Card) int {
			dist := int(c) - int(mid)
			return c.Bullheads()*1000 + max(dist, -dist)
		}
		for _, c := range v.Pool {
			if score(c) < score(best) {
				best = c
			}
		}
		return engine.DraftCard(best)
	case engine.DecideOrder:
		if len(d.Cards) != 2 {
			return Fallback(v)
		}
		a, b := d.Cards[0], d.Cards[1]
		step := newStepper(v)
		if step.cost(a, b) <= step.cost(b, a) {
			return engine.PlaceFirst(a)
		}
		return engine.PlaceFirst(b)
	case engine.DecideKeep:
		room := engine.MaxHand - len(v.Hand)
		var keep []engine.Card
		for _, c := range d.Cards {
			if c.Bullheads() == 1 && len(keep) < room && len(v.Hand)+len(keep) < 10 {
				keep = append(keep, c)
			}
		}
		return engine.KeepCards(keep...)
	case engine.DecidePlay:
		if len(v.Hand) == 0 {
			return Fallback(v)
		}
		if d.Count == 2 && d.Min == 0 && len(v.Hand) < 2 {
			return Fallback(v) // no pair to play: never in a legal game, but no panic either
		}
		step := newStepper(v)
		if d.Count == 2 && d.Min == 0 { // Nifty: the best pair, in its best order
			best, bc := []engine.Card{v.Hand[0], v.Hand[1]}, 1<<30
			for i, a := range v.Hand {
				for _, b := range v.Hand[i+1:] {
					if a == b {
						continue
					}
					if c := min(step.cost(a, b), step.cost(b, a)); c < bc {
						best, bc = []engine.Card{a, b}, c
					}
				}
			}
			return engine.PlayCards(best...)
		}
		best, bc := v.Hand[0], 1<<30
		for _, c := range v.Hand {
			if k := step.cost(c); k < bc {
				best, bc = c, k
			}
		}
		if d.Count == 2 && d.Min == 1 && bc == 0 { // Hand: a second free card empties the hand sooner
			for _, c := range v.Hand {
				if c != best && step.cost(best, c) == 0 {
					return engine.PlayCards(best, c)
				}
			}
		}
		return engine.PlayCard(best)
	}
	return Fallback(v)
}

// stepper prices cards placed in order on a view's table by the variant's rules (engine.Landing),
// one step ahead: other seats' cards unknown and ignored, a rule-4 card taking the cheapest row.
// Make one per decision: its placer is built once.
type stepper struct {
	rows *[engine.NumRows][]engine.Card
	p    engine.Placer
}

func newStepper(v *engine.View) stepper { return stepper{&v.Rows, engine.NewPlacer(v.Config)} }

// cost returns the bullheads this seat takes placing cs in order. It allocates nothing for the
// rows of any variant.
func (s *stepper) cost(cs ...engine.Card) int {
	var buf [engine.NumRows][4 * engine.RowLimit]engine.Card
	var rows [engine.NumRows][]engine.Card
	for i, r := range s.rows {
		rows[i] = append(buf[i][:0], r...)
	}
	cost := 0
	for _, c := range cs {
		l := s.p.Land(&rows, c)
		cost += l.Bullheads
		r := rows[l.Row]
		if l.Takes {
			r = r[:0]
		}
		r = append(r, c)
		if l.Pos < len(r)-1 { // Professional's left end
			copy(r[l.Pos+1:], r[l.Pos:])
			r[l.Pos] = c
		}
		rows[l.Row] = r
	}
	return cost
}
