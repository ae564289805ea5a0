//go:build js

package bots

import "nimmt/engine"

// The browser build leaves out knobs of the screen (bots/screen_test.go), measuring tools that
// the game never sets: the nested search of the Expert's own later cards (nested.go) and
// the learned models of the Expert's own decisions (selfmodel.go) and of MC100's (model.go), and
// the simulated model carried past the decision's turn (simlater.go).
// None is used by the game (docs/BOTS.md, fifth to seventh #28 sessions: the Expert draws the
// others' first cards from the simulated model of MC100, mcsim.go, since the seventh). These
// stand in for them so that the playouts compile; set anyway, each knob plays as if it were off.

// nesting reports false: the browser's playouts never nest.
func (p *playPolicy) nesting(int) bool { return false }

// nestBudget is the budget unchanged.
func (p *playPolicy) nestBudget(budget, _ int) int { return budget }

// nestScratch is the nested search's scratch space, none in the browser.
type nestScratch struct{}

// nestPick plays this seat's risk policy, as a playout that does not nest; it makes no scratch
// (fix.nest stays nil).
func (w *world) nestPick(st *engine.State, pol playPolicy, r *rng, seen, _ *cardSet, fix *rowFix) engine.Card {
	if fix.nest != nil {
		*fix.nest = nestScratch{}
	}
	return pick(st, w.me, pol.self, pol.noise, r, seen)
}

// pickSelf plays this seat's risk policy (pick), the learned model of its own decisions left out.
func (p *playPolicy) pickSelf(st *engine.State, seat int, r *rng, seen *cardSet) engine.Card {
	return pick(st, seat, p.self, p.noise, r, seen)
}

// pickModel draws a uniformly random card of seat's hand: the learned model of MC100 is left out.
func pickModel(st *engine.State, seat int, r *rng, _ *cardSet) engine.Card {
	return pick(st, seat, policyRandom, 0, r, nil)
}

// laterKnobs is false: the playouts never call pickLater or pickShed, and the tables keep no
// later bullheads.
const laterKnobs = false

// pickLater draws a uniformly random card of seat's hand: the other seats' later cards by the
// simulated model are left out.
func (m *mcTable) pickLater(st *engine.State, seat int, r *rng, _ *cardSet) engine.Card {
	return pick(st, seat, policyRandom, 0, r, nil)
}

// pickShed plays the risk policy (pick): the simulated model's later bullheads are left out.
func (m *mcTable) pickShed(st *engine.State, seat int, noise, _ float64, r *rng, seen *cardSet) engine.Card {
	return pick(st, seat, policyRisk, noise, r, seen)
}
