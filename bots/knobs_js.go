//go:build js

package bots

import "nimmt/engine"

// The browser build leaves out two knobs of the screen (bots/screen_test.go), measuring tools
// that the game never sets: the nested search of the Expert's own later cards (nested.go) and
// the learned model of the Expert's own decisions (selfmodel.go). Neither was adopted
// (docs/BOTS.md, fifth and sixth #28 sessions). These stand in for them so that the playouts
// compile; set anyway, each knob plays as if it were off. (The learned model of MC100,
// model.go, is in every build: the Expert's playouts draw the others' first cards from it.)

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
